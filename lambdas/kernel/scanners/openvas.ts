// Greenbone / OpenVAS GMP XML reports (`<report>` or `<get_reports_response>`): each `results/result` is
// one finding. Identity: NVT OID + host + port/proto ("general/tcp" included). Severity bands the float
// `severity` like CVSS (so 9.8 is critical; `threat` is kept raw and may be empty); QoD gives confidence.
import { isoTime, numberValue } from './field-values.js';
import {
  capList,
  capText,
  limits,
  type Asset,
  type Finding,
  type OpenvasMetrics,
  type ToolInfo,
} from './finding-model.js';
import { findingIdentity, normaliseHostName } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import type { ParsedRecord, ScanParser } from './scan-parser.js';
import { openvasSeverity, qodConfidence } from './severity.js';
import { child, childText, childrenNamed, readXml, type XmlElement } from './xml-records.js';

const roots = new Set(['report', 'get_reports_response']);

export const parseOpenvas: ScanParser = async function* (chunks, context) {
  const metrics: OpenvasMetrics = { kind: 'openvas', results: 0, hosts: 0, belowQod70: 0 };
  const tool: ToolInfo = { name: 'openvas' };
  const hosts = new Set<string>();
  for await (const event of readXml(chunks, {
    isRecord: (path) =>
      (path.at(-1) === 'result' && path.at(-2) === 'results') ||
      (path.at(-1) === 'host' && path.at(-2) === 'report') ||
      (path.at(-1) === 'gmp' && path.at(-2) === 'report'),
    inputName: context.inputName,
  })) {
    if (event.type === 'open' && event.path.length === 1 && !roots.has(event.path[0] ?? '')) {
      throw new ImportFormatError(`Expected a Greenbone/OpenVAS GMP report (root <report>), found <${event.path[0]}>`, {
        line: event.line,
        input: context.inputName,
      });
    }
    if (event.type !== 'record') continue;
    if (event.element.name === 'gmp') {
      tool.version ??= childText(event.element, 'version');
      continue;
    }
    if (event.element.name === 'host') {
      // The report's list of scanned hosts: a host without results was still covered by the scan.
      const asset = scannedHost(event.element);
      if (asset) yield { kind: 'asset', asset };
      continue;
    }
    const records = resultRecords(event.element, tool);
    if (!records) {
      context.warn(`Line ${event.line}: a <result> without an NVT OID or host was skipped`);
      continue;
    }
    metrics.results += 1;
    const { finding } = records.finding;
    if (!hosts.has(finding.asset.host ?? '') && hosts.size < 100_000) hosts.add(finding.asset.host ?? '');
    metrics.hosts = hosts.size;
    const qod = finding.extra.qod;
    if (typeof qod === 'number' && qod < 70) metrics.belowQod70 += 1;
    yield* records.assets;
    yield records.finding;
  }
  return { tool, metrics };
};

function resultRecords(
  result: XmlElement,
  tool: ToolInfo,
): { assets: ParsedRecord[]; finding: { kind: 'finding'; finding: Finding } } | undefined {
  const nvt = child(result, 'nvt');
  const oid = nvt?.attributes.oid?.trim();
  const hostElement = child(result, 'host');
  const hostText = hostElement?.text.trim();
  if (!oid || !hostText) return undefined;
  const host = normaliseHostName(hostText);
  const port = childText(result, 'port') ?? 'general/tcp';
  const hostname = childText(hostElement, 'hostname');

  const hostAsset: Asset = { kind: 'host', key: `host:${host}`, name: host, host, ip: host };
  if (hostname) hostAsset.hostnames = [normaliseHostName(hostname)];
  const assets: ParsedRecord[] = [{ kind: 'asset', asset: hostAsset }];
  let asset = hostAsset;
  const portMatch = /^(\d+)\/([a-z]+)$/i.exec(port);
  if (portMatch) {
    asset = {
      kind: 'port',
      key: `port:${host}:${port.toLowerCase()}`,
      name: `${host}:${port.toLowerCase()}`,
      parentKey: hostAsset.key,
      host,
      ip: host,
      port: Number(portMatch[1]),
      protocol: portMatch[2]?.toLowerCase(),
    };
    assets.push({ kind: 'asset', asset });
  }

  const tags = parseTags(childText(nvt, 'tags'));
  const refs = childrenNamed(child(nvt, 'refs'), 'ref').map((ref) => ({
    type: (ref.attributes.type ?? '').toLowerCase(),
    id: ref.attributes.id?.trim() ?? '',
  }));
  const severity = numberValue(childText(result, 'severity'));
  const threat = childText(result, 'threat');
  const qod = numberValue(childText(child(result, 'qod'), 'value'));
  const severitiesElement = child(nvt, 'severities');
  const vector = childText(child(severitiesElement, 'severity'), 'value');
  const cvssBase = numberValue(childText(nvt, 'cvss_base')) ?? numberValue(severitiesElement?.attributes.score);
  const solution = child(nvt, 'solution');
  const epss = child(nvt, 'epss');
  const epssScore = numberValue(childText(child(epss, 'max_severity'), 'score') ?? childText(epss, 'score'));

  const finding: Finding = {
    identity: findingIdentity('openvas', [
      ['oid', oid],
      ['host', host],
      ['port', port.toLowerCase()],
    ]),
    tool,
    ruleId: oid,
    // GMP output is often pretty-printed; a title is one line.
    title: (childText(nvt, 'name') ?? oid).replace(/\s+/g, ' '),
    severity: openvasSeverity(severity, threat),
    severityRaw: threat ? `${threat} (${childText(result, 'severity') ?? ''})` : (childText(result, 'severity') ?? ''),
    confidence: qodConfidence(qod),
    description: capText(tags.summary),
    remediation: capText(solution?.text.trim() || tags.solution),
    impact: capText(tags.impact),
    references: capList(refs.filter((ref) => ref.type === 'url').map((ref) => ref.id)),
    cwe: [],
    cve: capList(refs.filter((ref) => ref.type === 'cve').map((ref) => ref.id.toUpperCase())),
    evidence: { output: capText(childText(result, 'description'), limits.evidence) },
    instances: [],
    // One place, the asset itself: the finding was seen once there.
    instanceCount: 1,
    asset,
    foundAt: isoTime(childText(result, 'creation_time')),
    extra: { oid },
  };
  if (cvssBase !== undefined || vector) {
    finding.cvss = { score: cvssBase, vector, version: /^CVSS:(\d(?:\.\d)?)\//.exec(vector ?? '')?.[1] };
  }
  if (epssScore !== undefined) {
    finding.epss = { score: epssScore, percentile: numberValue(childText(child(epss, 'max_severity'), 'percentile')) };
  }
  const extras: Array<[string, string | number | undefined]> = [
    ['family', childText(nvt, 'family')],
    ['threat', threat],
    ['qod', qod],
    ['qodType', childText(child(result, 'qod'), 'type')],
    ['insight', capText(tags.insight)],
    ['affected', capText(tags.affected)],
    ['vuldetect', capText(tags.vuldetect)],
    ['solutionType', solution?.attributes.type ?? tags.solution_type],
    ['hostname', hostname],
    ['resultId', result.attributes.id],
  ];
  for (const [name, value] of extras) if (value !== undefined && value !== '') finding.extra[name] = value;
  const otherRefs = refs
    .filter((ref) => ref.type !== 'url' && ref.type !== 'cve')
    .map((ref) => `${ref.type}:${ref.id}`);
  if (otherRefs.length > 0) finding.extra.otherReferences = capList(otherRefs);
  return { assets, finding: { kind: 'finding', finding } };
}

function scannedHost(host: XmlElement): Asset | undefined {
  const ip = childText(host, 'ip');
  if (!ip) return undefined;
  const name = normaliseHostName(ip);
  const hostnames = childrenNamed(host, 'detail')
    .filter((detail) => childText(detail, 'name') === 'hostname')
    .map((detail) => childText(detail, 'value'))
    .filter((value): value is string => value !== undefined)
    .map(normaliseHostName);
  const asset: Asset = { kind: 'host', key: `host:${name}`, name, host: name, ip: name };
  if (hostnames.length > 0) asset.hostnames = hostnames;
  return asset;
}

/** `summary=…|insight=…|solution_type=…`: a `|` starts a new tag only when a `name=` follows it. */
function parseTags(tags: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!tags) return out;
  for (const part of tags.split(/\|(?=[A-Za-z_]+=)/)) {
    const equals = part.indexOf('=');
    if (equals > 0) out[part.slice(0, equals).trim()] = part.slice(equals + 1).trim();
  }
  return out;
}

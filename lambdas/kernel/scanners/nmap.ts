// Nmap XML (-oX), with or without --script vulners. Each host that is up is a `host` asset; each open
// port a `port` asset and an info finding (identity: host + port/proto); each vulnerability the vulners
// script lists on a port a finding (identity: host + port/proto + CVE). Vulners also lists exploits
// (Metasploit modules, Exploit-DB entries): one that names a CVE joins that CVE's finding as an exploit,
// one that names none is a finding of its own under its vulners id. Severity is the CVSS band.
import { isoTime, numberValue } from './field-values.js';
import {
  capList,
  capText,
  limits,
  type Asset,
  type Finding,
  type NmapMetrics,
  type ToolInfo,
} from './finding-model.js';
import { findingIdentity, normaliseHostName } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import { bump, namedCounts, type ParsedRecord, type ScanParser } from './scan-parser.js';
import { cvssSeverity } from './severity.js';
import { child, childrenNamed, readXml, type XmlElement } from './xml-records.js';

interface HostContext {
  ip?: string;
  hostnames: string[];
  state?: string;
  asset?: Asset;
  /** Its asset has been handed on. */
  announced: boolean;
}

export const parseNmap: ScanParser = async function* (chunks, context) {
  const metrics: NmapMetrics = {
    kind: 'nmap',
    hostsUp: 0,
    hostsDown: 0,
    openPorts: 0,
    services: namedCounts(),
    vulnersEntries: 0,
  };
  const tool: ToolInfo = { name: 'nmap' };
  let startedAt: string | undefined;
  let host: HostContext | undefined;

  for await (const event of readXml(chunks, {
    isRecord: (path) =>
      (path.length === 3 && path[1] === 'host' && ['status', 'address', 'hostnames'].includes(path[2] ?? '')) ||
      (path.length === 4 && path[1] === 'host' && path[2] === 'ports' && path[3] === 'port'),
    isContext: (path) => path.length === 2 && path[1] === 'host',
    inputName: context.inputName,
  })) {
    if (event.type === 'open' && event.path.length === 1) {
      if (event.path[0] !== 'nmaprun') {
        throw new ImportFormatError(`Expected Nmap XML (root <nmaprun>), found <${event.path[0]}>`, {
          line: event.line,
          input: context.inputName,
        });
      }
      tool.version = event.attributes.version;
      startedAt = isoTime(event.attributes.start);
    } else if (event.type === 'open') {
      host = { hostnames: [], announced: false };
    } else if (event.type === 'close' && event.path.length === 2 && host) {
      if (host.state === 'down') metrics.hostsDown += 1;
      else {
        metrics.hostsUp += 1;
        const asset = hostAsset(host);
        if (asset && !host.announced) yield { kind: 'asset', asset };
      }
      host = undefined;
    } else if (event.type === 'record' && host) {
      const element = event.element;
      if (element.name === 'status') host.state = element.attributes.state;
      else if (element.name === 'address') {
        const type = element.attributes.addrtype;
        if ((type === 'ipv4' || type === 'ipv6') && !host.ip && element.attributes.addr)
          host.ip = element.attributes.addr;
      } else if (element.name === 'hostnames') {
        for (const hostname of childrenNamed(element, 'hostname')) {
          if (hostname.attributes.name) host.hostnames.push(normaliseHostName(hostname.attributes.name));
        }
      } else if (element.name === 'port') {
        if (child(element, 'state')?.attributes.state !== 'open') continue;
        const asset = hostAsset(host);
        if (!asset) {
          throw new ImportFormatError('An Nmap <host> lists an open port before any address or hostname', {
            line: event.line,
            element: 'port',
            input: context.inputName,
          });
        }
        if (!host.announced) {
          host.announced = true;
          yield { kind: 'asset', asset };
        }
        metrics.openPorts += 1;
        yield* portRecords(element, asset, tool, startedAt, metrics);
      }
    }
  }
  return { tool, metrics };
};

function hostAsset(host: HostContext): Asset | undefined {
  if (host.asset) return host.asset;
  const address = host.ip ?? host.hostnames[0];
  if (!address) return undefined;
  const name = normaliseHostName(address);
  host.asset = { kind: 'host', key: `host:${name}`, name, host: name, hostnames: host.hostnames };
  if (host.ip) host.asset.ip = host.ip;
  return host.asset;
}

interface VulnersEntry {
  id: string;
  cvss?: number;
  type?: string;
  isExploit: boolean;
  cpe?: string;
}

function portRecords(
  port: XmlElement,
  hostAsset: Asset,
  tool: ToolInfo,
  startedAt: string | undefined,
  metrics: NmapMetrics,
): ParsedRecord[] {
  const protocol = port.attributes.protocol ?? 'tcp';
  const portId = port.attributes.portid ?? '';
  const portLabel = `${portId}/${protocol}`;
  const host = hostAsset.name;
  const service = child(port, 'service');
  const serviceInfo = {
    name: service?.attributes.name,
    product: service?.attributes.product,
    version: service?.attributes.version,
    extraInfo: service?.attributes.extrainfo,
    cpe: capList(childrenNamed(service, 'cpe').map((cpe) => cpe.text)),
  };
  if (serviceInfo.name) bump(metrics.services, serviceInfo.name);
  const asset: Asset = {
    kind: 'port',
    key: `port:${host}:${portLabel}`,
    name: `${host}:${portLabel}`,
    parentKey: hostAsset.key,
    host,
    port: Number(portId),
    protocol,
    service: serviceInfo,
  };
  if (hostAsset.ip) asset.ip = hostAsset.ip;
  const scripts = childrenNamed(port, 'script');
  const product = [serviceInfo.product, serviceInfo.version].filter(Boolean).join(' ');
  const serviceLabel = [serviceInfo.name, product && `(${product})`].filter(Boolean).join(' ');

  const openPort: Finding = {
    identity: findingIdentity('nmap', [
      ['host', host],
      ['port', portLabel],
    ]),
    tool,
    ruleId: 'nmap:open-port',
    title: serviceLabel ? `Open port ${portLabel}: ${serviceLabel}` : `Open port ${portLabel}`,
    severity: 'info',
    severityRaw: 'open',
    references: [],
    cwe: [],
    cve: [],
    evidence: {
      output: capText(
        scripts
          .filter((script) => script.attributes.id !== 'vulners')
          .map((script) => `${script.attributes.id ?? 'script'}:\n${script.attributes.output ?? ''}`)
          .join('\n\n'),
        limits.evidence,
      ),
    },
    instances: [],
    // One place, the asset itself: the finding was seen once there.
    instanceCount: 1,
    asset,
    foundAt: startedAt,
    extra: {},
  };
  if (serviceInfo.name) openPort.extra.service = serviceInfo.name;
  if (serviceInfo.product) openPort.extra.product = serviceInfo.product;
  if (serviceInfo.version) openPort.extra.version = serviceInfo.version;
  if (serviceInfo.extraInfo) openPort.extra.extraInfo = serviceInfo.extraInfo;
  if (serviceInfo.cpe.length > 0) openPort.extra.cpe = serviceInfo.cpe;
  const reason = child(port, 'state')?.attributes.reason;
  if (reason) openPort.extra.reason = reason;

  const records: ParsedRecord[] = [
    { kind: 'asset', asset },
    { kind: 'finding', finding: openPort },
  ];
  for (const script of scripts) {
    if (script.attributes.id !== 'vulners') continue;
    const entries = vulnersEntries(script);
    metrics.vulnersEntries += entries.length;
    for (const finding of vulnersFindings(entries, asset, portLabel, product || serviceInfo.name, tool, startedAt)) {
      records.push({ kind: 'finding', finding });
    }
  }
  return records;
}

/** The script's tables (`<table key=cpe><table><elem key=id|cvss|type|is_exploit>`), or its text output when it has none. */
function vulnersEntries(script: XmlElement): VulnersEntry[] {
  const entries: VulnersEntry[] = [];
  for (const cpeTable of childrenNamed(script, 'table')) {
    for (const row of childrenNamed(cpeTable, 'table')) {
      const elements = new Map(childrenNamed(row, 'elem').map((elem) => [elem.attributes.key ?? '', elem.text.trim()]));
      const id = elements.get('id');
      if (!id) continue;
      entries.push({
        id,
        cvss: numberValue(elements.get('cvss')),
        type: elements.get('type'),
        isExploit: elements.get('is_exploit') === 'true',
        cpe: cpeTable.attributes.key,
      });
    }
  }
  if (entries.length > 0) return entries;
  let cpe: string | undefined;
  for (const line of (script.attributes.output ?? '').split('\n')) {
    const cpeLine = /^\s*(cpe:\/\S+?):?\s*$/.exec(line);
    if (cpeLine) cpe = cpeLine[1];
    const entry = /^\s*(\S+)\s+(\d+(?:\.\d+)?)\s+https?:\/\/vulners\.com\/(\S+?)\/\S*(\s+\*EXPLOIT\*)?\s*$/.exec(line);
    if (entry?.[1]) {
      entries.push({ id: entry[1], cvss: Number(entry[2]), type: entry[3], isExploit: Boolean(entry[4]), cpe });
    }
  }
  return entries;
}

const cvePattern = /CVE-\d{4}-\d{4,}/i;

/** One finding per CVE (its exploits joined to it) and per vulners id that names no CVE. */
function vulnersFindings(
  entries: VulnersEntry[],
  asset: Asset,
  portLabel: string,
  product: string | undefined,
  tool: ToolInfo,
  startedAt: string | undefined,
): Finding[] {
  const groups = new Map<string, VulnersEntry[]>();
  for (const entry of entries) {
    const cve = entry.type === 'cve' ? entry.id.toUpperCase() : cvePattern.exec(entry.id)?.[0]?.toUpperCase();
    const key = cve ?? entry.id;
    const group = groups.get(key) ?? [];
    group.push(entry);
    groups.set(key, group);
  }
  const findings: Finding[] = [];
  for (const [vulnerability, group] of groups) {
    const isCve = cvePattern.test(vulnerability);
    const scores = group.map((entry) => entry.cvss).filter((score): score is number => score !== undefined);
    const score = scores.length > 0 ? Math.max(...scores) : undefined;
    const exploits = group.filter((entry) => entry.isExploit).map((entry) => entry.id);
    const cpe = group.find((entry) => entry.cpe)?.cpe;
    const finding: Finding = {
      identity: findingIdentity('nmap', [
        ['host', asset.host ?? asset.name],
        ['port', portLabel],
        ['vulnerability', vulnerability],
      ]),
      tool,
      ruleId: vulnerability,
      title: product ? `${vulnerability} in ${product}` : vulnerability,
      severity: cvssSeverity(score),
      severityRaw: score === undefined ? '' : `CVSS ${score}`,
      references: capList(group.map((entry) => `https://vulners.com/${entry.type ?? 'search'}/${entry.id}`)),
      cwe: [],
      cve: isCve ? [vulnerability] : [],
      cvss: score === undefined ? undefined : { score },
      evidence: {
        output: capText(
          group
            .map((entry) =>
              [entry.id, entry.cvss ?? '', entry.type ?? '', entry.isExploit ? 'exploit' : ''].join('\t').trim(),
            )
            .join('\n'),
          limits.evidence,
        ),
      },
      instances: [],
      // One place, the asset itself: the finding was seen once there.
      instanceCount: 1,
      asset,
      foundAt: startedAt,
      extra: { exploitAvailable: exploits.length > 0, source: 'vulners' },
    };
    if (exploits.length > 0) finding.extra.exploits = capList(exploits);
    if (cpe) finding.extra.cpe = cpe;
    findings.push(finding);
  }
  return findings;
}

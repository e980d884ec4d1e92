// nuclei -jsonl (and -json-export's array of the same objects): one result per line. Field names of
// nuclei 2.6+ and v3 (`template-id`, `matched-at`, `matcher-name`, `extracted-results`) and of earlier
// releases (`templateID`, `matched`, `matcher_name`, `extracted_results`) read the same.
// Identity: template-id + matcher-name + the host of matched-at; each match is an instance.
import { peekHead, type ByteChunks } from './byte-source.js';
import { firstText, isoTime, numberValue, objectAt, text, textList, type JsonObject } from './field-values.js';
import { capList, capText, limits, type Asset, type Finding, type NucleiMetrics } from './finding-model.js';
import { findingIdentity, hostOf } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import { readJsonLines } from './json-lines.js';
import { readJsonValues } from './json-values.js';
import { nucleiSeverity } from './severity.js';
import { bump, namedCounts, type ParsedRecord, type ScanParser } from './scan-parser.js';

export const parseNuclei: ScanParser = async function* (chunks, context) {
  const metrics: NucleiMetrics = { kind: 'nuclei', results: 0, byType: namedCounts(), hosts: 0 };
  const hosts = new Set<string>();
  for await (const { object, line } of nucleiResults(chunks, context.inputName)) {
    const templateId = firstText(object, 'template-id', 'templateID');
    const info = objectAt(object, 'info');
    if (templateId === undefined || info === undefined) {
      throw new ImportFormatError('This is not a nuclei result: it has no "template-id" and "info"', {
        line,
        input: context.inputName,
      });
    }
    metrics.results += 1;
    const type = text(object.type) ?? 'unknown';
    bump(metrics.byType, type);
    const records = nucleiRecords(object, info, templateId, type);
    if (!hosts.has(records.host) && hosts.size < 100_000) {
      hosts.add(records.host);
      metrics.hosts = hosts.size;
    }
    yield* records.out;
  }
  return { tool: { name: 'nuclei' }, metrics };
};

/** JSONL, or the JSON array nuclei writes with -json-export (`[` first). */
async function* nucleiResults(
  chunks: ByteChunks,
  inputName?: string,
): AsyncGenerator<{ object: JsonObject; line?: number }> {
  const { head, chunks: all } = await peekHead(chunks, 256);
  if (
    head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('[')
  ) {
    let index = 0;
    for await (const { value } of readJsonValues(all, {
      paths: ['$.*'],
      root: 'array',
      expected: 'a nuclei JSON array',
      inputName,
    })) {
      index += 1;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new ImportFormatError(`Element ${index} of the nuclei JSON array is not an object`, { input: inputName });
      }
      yield { object: value as JsonObject };
    }
    return;
  }
  yield* readJsonLines(all, 'nuclei JSONL', inputName);
}

function nucleiRecords(
  object: JsonObject,
  info: JsonObject,
  templateId: string,
  type: string,
): { host: string; out: ParsedRecord[] } {
  const matcherName = firstText(object, 'matcher-name', 'matcher_name') ?? '';
  const matchedAt = firstText(object, 'matched-at', 'matched') ?? text(object.host) ?? '';
  const host = hostOf(matchedAt || (text(object.host) ?? ''));
  const ip = text(object.ip);
  const classification = objectAt(info, 'classification');
  const extracted = capList(textList(object['extracted-results'] ?? object.extracted_results), limits.instanceField);
  const cvssVector = text(classification?.['cvss-metrics']);
  const severityRaw = text(info.severity) ?? 'unknown';

  const asset: Asset = { kind: 'host', key: `host:${host}`, name: host, host };
  if (ip) asset.ip = ip;

  const finding: Finding = {
    identity: findingIdentity('nuclei', [
      ['template-id', templateId],
      ['matcher-name', matcherName],
      ['host', host],
    ]),
    tool: { name: 'nuclei' },
    ruleId: templateId,
    title: text(info.name) ?? templateId,
    severity: nucleiSeverity(severityRaw),
    severityRaw,
    description: capText(text(info.description)),
    remediation: capText(text(info.remediation)),
    impact: capText(text(info.impact)),
    // Before 2.6 `reference` was one string of "- url" lines; later a list (or null).
    references: capList(textList(info.reference, /\n/)),
    cwe: capList(textList(classification?.['cwe-id']).map((id) => id.toUpperCase())),
    cve: capList(textList(classification?.['cve-id']).map((id) => id.toUpperCase())),
    evidence: {
      matched: capText(matchedAt, limits.evidence),
      extracted: extracted.length > 0 ? extracted : undefined,
      request: capText(text(object.request), limits.evidence),
      response: capText(text(object.response), limits.evidence),
      curl: capText(firstText(object, 'curl-command', 'curl_command'), limits.evidence),
    },
    instances: [
      {
        uri: capText(matchedAt, limits.instanceField),
        extracted: extracted.length > 0 ? extracted : undefined,
      },
    ],
    instanceCount: 1,
    asset,
    foundAt: isoTime(object.timestamp),
    tags: capList(textList(info.tags)),
    extra: { type },
  };
  const score = numberValue(classification?.['cvss-score']);
  if (score !== undefined || cvssVector) {
    finding.cvss = { score, vector: cvssVector, version: /^CVSS:(\d(?:\.\d)?)\//.exec(cvssVector ?? '')?.[1] };
  }
  const epss = numberValue(classification?.['epss-score']);
  if (epss !== undefined) {
    finding.epss = { score: epss, percentile: numberValue(classification?.['epss-percentile']) };
  }
  if (matcherName) finding.extra.matcherName = matcherName;
  const template = firstText(object, 'template-path', 'template');
  if (template) finding.extra.template = template;
  const templateUrl = text(object['template-url']);
  if (templateUrl) finding.extra.templateUrl = templateUrl;
  const authors = textList(info.author);
  if (authors.length > 0) finding.extra.authors = authors;
  const cpe = text(classification?.cpe);
  if (cpe) finding.extra.cpe = cpe;
  if (ip) finding.extra.ip = ip;
  return {
    host,
    out: [
      { kind: 'asset', asset },
      { kind: 'finding', finding },
    ],
  };
}

// subfinder -oJ: `{host, input, source}` per line (`sources[]` with -cs, `ip` with -oI). Every line is a
// subdomain asset of the company; subfinder finds names, not vulnerabilities, so there are no findings.
import { firstText, text, textList } from './field-values.js';
import type { Asset, SubfinderMetrics } from './finding-model.js';
import { normaliseHostName } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import { readJsonLines } from './json-lines.js';
import { bump, namedCounts, type ScanParser } from './scan-parser.js';

const maxDomainsListed = 100;
/** Letters, digits, hyphens, underscores (found in real names) and dots. */
const dnsName = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/i;

export const parseSubfinder: ScanParser = async function* (chunks, context) {
  const metrics: SubfinderMetrics = { kind: 'subfinder', results: 0, domains: [], bySource: namedCounts() };
  for await (const { object, line } of readJsonLines(chunks, 'subfinder JSONL', context.inputName)) {
    const host = text(object.host);
    if (host === undefined || !dnsName.test(host)) {
      throw new ImportFormatError(
        host === undefined
          ? 'The line is not a subfinder result: it has no "host"'
          : 'The line is not a subfinder result: its "host" is not a DNS name',
        { line, input: context.inputName },
      );
    }
    const name = normaliseHostName(host);
    const domain = text(object.input);
    const sources = [...textList(object.sources), ...textList(object.source)];
    metrics.results += 1;
    for (const source of sources) bump(metrics.bySource, source);
    const domainName = domain === undefined ? undefined : normaliseHostName(domain);
    if (domainName && metrics.domains.length < maxDomainsListed && !metrics.domains.includes(domainName)) {
      metrics.domains.push(domainName);
    }
    const asset: Asset = { kind: 'subdomain', key: `subdomain:${name}`, name, host: name, domain: domainName, sources };
    const ip = firstText(object, 'ip');
    if (ip) asset.ip = ip;
    yield { kind: 'asset', asset };
  }
  return { tool: { name: 'subfinder' }, metrics };
};

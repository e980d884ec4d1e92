// httpx -json: one probed URL per line. A live answer is a `url` asset (status, title, server,
// technologies, CDN, certificate) under its `host` asset; `failed: true` lines are counted, not assets.
// httpx reports what answers, not vulnerabilities, so there are no findings.
import { isObject, isoTime, numberValue, objectAt, text, textList } from './field-values.js';
import { limits, type Asset, type HttpxMetrics } from './finding-model.js';
import { normaliseHostName } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import { readJsonLines } from './json-lines.js';
import { bump, namedCounts, type ScanParser } from './scan-parser.js';

const thirtyDays = 30 * 24 * 60 * 60 * 1000;

export const parseHttpx: ScanParser = async function* (chunks, context) {
  const metrics: HttpxMetrics = {
    kind: 'httpx',
    live: 0,
    failed: 0,
    byStatusCode: namedCounts(),
    technologies: namedCounts(),
    certificatesExpiringWithin30Days: 0,
  };
  for await (const { object, line } of readJsonLines(chunks, 'httpx JSONL', context.inputName)) {
    const url = text(object.url);
    if (url === undefined && object.failed !== true) {
      throw new ImportFormatError('The line is not an httpx result: it has no "url"', {
        line,
        input: context.inputName,
      });
    }
    if (object.failed === true || url === undefined) {
      metrics.failed += 1;
      continue;
    }
    metrics.live += 1;
    const parsed = safeUrl(url);
    const host = normaliseHostName(text(object.host) ?? parsed?.hostname ?? url);
    const port = numberValue(object.port) ?? (parsed?.port ? Number(parsed.port) : undefined);
    const statusCode = numberValue(object.status_code);
    const technologies = textList(object.tech).slice(0, limits.listItems);
    const ips = textList(object.a);
    if (statusCode !== undefined) bump(metrics.byStatusCode, String(statusCode));
    for (const technology of technologies) bump(metrics.technologies, technology);

    const tls = objectAt(object, 'tls');
    const notAfter = isoTime(tls?.not_after);
    const probedAt = isoTime(object.timestamp);
    if (notAfter && probedAt && Date.parse(notAfter) - Date.parse(probedAt) <= thirtyDays) {
      metrics.certificatesExpiringWithin30Days += 1;
    }

    const hostAsset: Asset = { kind: 'host', key: `host:${host}`, name: host, host };
    if (ips.length > 0) hostAsset.ip = ips[0];
    yield { kind: 'asset', asset: hostAsset };

    const urlKey = url.replace(/#.*$/, '');
    const asset: Asset = {
      kind: 'url',
      key: `url:${urlKey}`,
      name: urlKey,
      parentKey: hostAsset.key,
      host,
      url: urlKey,
      web: {
        statusCode,
        title: text(object.title),
        webserver: text(object.webserver),
        technologies,
        contentType: text(object.content_type),
        cdn: text(object.cdn_name),
        cnames: textList(object.cname),
      },
    };
    if (port !== undefined) asset.port = port;
    if (ips.length > 0) asset.ip = ips[0];
    if (isObject(tls) && asset.web) {
      asset.web.certificate = {
        subject: text(tls.subject_cn),
        issuer: text(tls.issuer_cn) ?? text(tls.issuer_dn),
        notAfter,
      };
    }
    yield { kind: 'asset', asset };
  }
  return { tool: { name: 'httpx' }, metrics };
};

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

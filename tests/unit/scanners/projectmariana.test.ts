// subfinder, httpx and nuclei JSONL: the fixtures counted by hand, nuclei's field names across
// versions, identity stability, and bad lines.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunked, expectImportError, fixture, fixtures, importScan } from './scan-import.js';

describe('subfinder JSONL (passive_scan_without_ip_example.com.jsonl)', () => {
  it('reads 467 subdomains of example.com, 462 from alienvault and 5 from crtsh', async () => {
    const { assets, findings, summary } = await importScan('projectmariana', [
      fixture('projectmariana/passive_scan_without_ip_example.com.jsonl'),
    ]);
    // Counted in the file: `wc -l` gives 467 lines, `sort -u` on the hosts 467 distinct names,
    // `grep -c '"source":"crtsh"'` 5 and `grep -c '"source":"alienvault"'` 462.
    expect(assets).toHaveLength(467);
    expect(findings).toHaveLength(0);
    expect(summary.format).toBe('subfinder-jsonl');
    expect(summary.byAssetKind).toEqual({ subdomain: 467 });
    expect(summary.metrics).toEqual({
      kind: 'subfinder',
      results: 467,
      domains: ['example.com'],
      bySource: { alienvault: 462, crtsh: 5 },
    });
    expect(assets[0]).toEqual({
      kind: 'subdomain',
      key: 'subdomain:pushendpoint.example.com',
      name: 'pushendpoint.example.com',
      host: 'pushendpoint.example.com',
      domain: 'example.com',
      sources: ['alienvault'],
    });
    // A name with an underscore is kept as it is (DNS allows it).
    expect(assets.map((asset) => asset.name)).toContain('pr.example_com.294.example.com');
  });

  it('a repeated subdomain is one asset; names are compared without case or trailing dot', async () => {
    const lines = [
      '{"host":"WWW.Example.com.","input":"example.com","source":"crtsh"}',
      '{"host":"www.example.com","input":"example.com","sources":["dnsdumpster","crtsh"],"ip":"192.0.2.10"}',
      '',
    ].join('\n');
    const { assets, summary } = await importScan('projectmariana', [chunked(lines)]);
    expect(assets).toHaveLength(1);
    expect(assets[0]?.key).toBe('subdomain:www.example.com');
    expect(summary.metrics).toMatchObject({ results: 2, bySource: { crtsh: 2, dnsdumpster: 1 } });
  });
});

describe('httpx JSONL', () => {
  const probes = [
    JSON.stringify({
      timestamp: '2026-07-31T19:38:54.433676514Z',
      port: '443',
      url: 'https://portal.example.com/login',
      input: 'portal.example.com',
      title: 'Sign in',
      scheme: 'https',
      webserver: 'nginx/1.25.3',
      content_type: 'text/html',
      host: 'portal.example.com',
      a: ['192.0.2.20'],
      cname: ['edge.cdn.example'],
      tech: ['Nginx:1.25.3', 'React'],
      status_code: 200,
      cdn_name: 'cloudfront',
      tls: { subject_cn: 'portal.example.com', issuer_cn: 'R3', not_after: '2026-08-20T00:00:00Z' },
      failed: false,
    }),
    JSON.stringify({
      timestamp: '2026-07-31T19:38:55Z',
      port: 80,
      url: 'http://api.example.com',
      host: 'api.example.com',
      status_code: 301,
      tech: ['Nginx:1.25.3'],
      failed: false,
    }),
    JSON.stringify({
      timestamp: '2026-07-31T19:38:56Z',
      input: 'gone.example.com',
      url: 'https://gone.example.com',
      failed: true,
    }),
  ].join('\n');

  it('a live URL is an asset under its host asset; a failed probe is counted, not an asset', async () => {
    const { assets, findings, summary } = await importScan('projectmariana', [chunked(probes)]);
    expect(findings).toHaveLength(0);
    expect(summary.format).toBe('httpx-jsonl');
    expect(assets.map((asset) => asset.key)).toEqual([
      'host:portal.example.com',
      'url:https://portal.example.com/login',
      'host:api.example.com',
      'url:http://api.example.com',
    ]);
    expect(assets[1]).toMatchObject({
      kind: 'url',
      parentKey: 'host:portal.example.com',
      port: 443,
      ip: '192.0.2.20',
      web: {
        statusCode: 200,
        title: 'Sign in',
        webserver: 'nginx/1.25.3',
        technologies: ['Nginx:1.25.3', 'React'],
        cdn: 'cloudfront',
        cnames: ['edge.cdn.example'],
        certificate: { subject: 'portal.example.com', issuer: 'R3', notAfter: '2026-08-20T00:00:00.000Z' },
      },
    });
    expect(assets[3]?.port).toBe(80);
    // The certificate ends 20 days after the probe.
    expect(summary.metrics).toEqual({
      kind: 'httpx',
      live: 2,
      failed: 1,
      byStatusCode: { '200': 1, '301': 1 },
      technologies: { 'Nginx:1.25.3': 2, React: 1 },
      certificatesExpiringWithin30Days: 1,
    });
  });
});

describe('nuclei JSONL (many_findings_new.json, nuclei 2.6+)', () => {
  it('reads 2 results on one host: a medium network CVE and a low HTTP exposure', async () => {
    const { assets, findings, summary } = await importScan('projectmariana', [
      fixture('projectmariana/many_findings_new.json'),
    ]);
    // Counted in the file: 2 lines, both with "host":"https://nuclei-example.com"; severities medium and low.
    expect(findings).toHaveLength(2);
    expect(summary.bySeverity).toEqual({ critical: 0, high: 0, medium: 1, low: 1, info: 0 });
    expect(summary.metrics).toEqual({ kind: 'nuclei', results: 2, byType: { network: 1, http: 1 }, hosts: 1 });
    expect(assets).toEqual([
      {
        kind: 'host',
        key: 'host:nuclei-example.com',
        name: 'nuclei-example.com',
        host: 'nuclei-example.com',
        ip: '127.0.0.1',
      },
    ]);
    const [cve, metrics] = findings;
    expect(cve).toMatchObject({
      ruleId: 'CVE-2018-15473',
      title: 'OpenSSH Username Enumeration v7.7',
      severity: 'medium',
      severityRaw: 'medium',
      cve: ['CVE-2018-15473'],
      cwe: ['CWE-362'],
      cvss: { score: 5.3, vector: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', version: '3.0' },
      references: ['https://nvd.nist.gov/vuln/detail/cve-2018-15473'],
      tags: ['network', 'openssh', 'cve', 'cve2018'],
      evidence: { matched: 'nuclei-example.com:22', extracted: ['SSH-2.0-OpenSSH_7.4p1 Debian-10+deb9u7'] },
      identity: { parts: { 'template-id': 'CVE-2018-15473', 'matcher-name': '', host: 'nuclei-example.com' } },
      foundAt: '2022-03-21T01:43:31.231Z',
    });
    // No classification: no CWE, CVE or CVSS (an edge case of the research file).
    expect(metrics).toMatchObject({ ruleId: 'prometheus-metrics', severity: 'low', cwe: [], cve: [] });
    expect(metrics?.cvss).toBeUndefined();
    expect(metrics?.evidence?.curl).toMatch(/^curl -X 'GET'/);
    expect(metrics?.instances).toEqual([{ uri: 'https://nuclei-example.com/metrics' }]);
  });
});

describe('nuclei field names across versions', () => {
  // One result as nuclei v3 writes it, and the same result in the names of nuclei before 2.6.
  const v3 = {
    template: 'http/technologies/tech-detect.yaml',
    'template-id': 'tech-detect',
    'template-path': '/root/nuclei-templates/http/technologies/tech-detect.yaml',
    info: {
      name: 'Wappalyzer Technology Detection',
      author: ['hakluke'],
      tags: ['tech'],
      severity: 'info',
      reference: null,
      classification: { 'cve-id': null, 'cwe-id': ['cwe-200'], 'epss-score': 0.0004, 'epss-percentile': 0.1 },
    },
    'matcher-name': 'nginx',
    type: 'http',
    host: 'https://shop.example.com',
    'matched-at': 'https://shop.example.com/',
    'extracted-results': ['nginx/1.25.3'],
    ip: '192.0.2.30',
    timestamp: '2024-05-02T10:00:00.123456789Z',
    'matcher-status': true,
  };
  const beforeTwoSix = {
    templateID: 'tech-detect',
    info: {
      name: 'Wappalyzer Technology Detection',
      author: 'hakluke',
      severity: 'info',
      tags: 'tech,nginx',
      reference: '- https://a.example\n- https://b.example\n',
    },
    matcher_name: 'nginx',
    type: 'http',
    host: 'https://shop.example.com',
    matched: 'https://shop.example.com/',
    extracted_results: ['nginx/1.25.3'],
    ip: '192.0.2.30',
    timestamp: '2021-05-20T11:11:12.417275+03:00',
  };

  it('reads both and gives them one identity', async () => {
    const { findings } = await importScan('dast', [
      chunked(`${JSON.stringify(v3)}\n${JSON.stringify(beforeTwoSix)}\n`),
    ]);
    const [newer, older] = findings;
    expect(newer).toMatchObject({
      ruleId: 'tech-detect',
      cwe: ['CWE-200'],
      cve: [],
      references: [],
      epss: { score: 0.0004, percentile: 0.1 },
      extra: expect.objectContaining({
        matcherName: 'nginx',
        template: '/root/nuclei-templates/http/technologies/tech-detect.yaml',
        authors: ['hakluke'],
      }),
      instances: [{ uri: 'https://shop.example.com/', extracted: ['nginx/1.25.3'] }],
    });
    expect(older).toMatchObject({
      ruleId: 'tech-detect',
      tags: ['tech', 'nginx'],
      references: ['https://a.example', 'https://b.example'],
      extra: expect.objectContaining({ authors: ['hakluke'], matcherName: 'nginx' }),
      instances: [{ uri: 'https://shop.example.com/', extracted: ['nginx/1.25.3'] }],
    });
    expect(older?.identity).toEqual(newer?.identity);
  });

  it('identity: a renamed or re-scored template is the same finding; another host or matcher is another', async () => {
    const variants = [
      v3,
      { ...v3, info: { ...v3.info, name: 'Technology detection (renamed)', severity: 'unknown' } },
      { ...v3, 'matched-at': 'https://shop.example.com:8443/admin' },
      { ...v3, 'matched-at': 'https://blog.example.com/' },
      { ...v3, 'matcher-name': 'apache' },
    ];
    const { findings, summary } = await importScan('dast', [
      chunked(variants.map((line) => JSON.stringify(line)).join('\n')),
    ]);
    const keys = findings.map((finding) => finding.identity.key);
    expect(findings[1]).toMatchObject({
      title: 'Technology detection (renamed)',
      severity: 'info',
      severityRaw: 'unknown',
    });
    expect(keys[1]).toBe(keys[0]);
    // The host of matched-at, without port or path: another path or port on the same host is an instance.
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[0]);
    expect(summary.distinctFindings).toBe(3);
  });

  it('reads the JSON array of -json-export as it reads JSONL', async () => {
    const array = `[\n  ${JSON.stringify(v3, null, 2)},\n  ${JSON.stringify(beforeTwoSix)}\n]\n`;
    const fromArray = await importScan('projectmariana', [chunked(array, 64)]);
    const fromLines = await importScan('projectmariana', [
      chunked(`${JSON.stringify(v3)}\n${JSON.stringify(beforeTwoSix)}`),
    ]);
    expect(fromArray.summary.format).toBe('nuclei-jsonl');
    expect(fromArray.findings).toEqual(fromLines.findings);
  });

  it('severity: critical/high/medium/low/info as given, anything else info', async () => {
    const lines = ['critical', 'High', 'medium', 'low', 'info', 'unknown', 'bogus'].map((severity, index) =>
      JSON.stringify({
        'template-id': `t${index}`,
        info: { name: 't', severity },
        host: 'a.example',
        'matched-at': 'a.example',
      }),
    );
    const { findings } = await importScan('projectmariana', [chunked(lines.join('\n'))]);
    expect(findings.map((finding) => finding.severity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
      'info',
      'info',
    ]);
  });
});

describe('JSONL bad input', () => {
  const nucleiLine =
    readFileSync(path.join(fixtures, 'projectmariana/many_findings_new.json'), 'utf8').split('\n')[0] ?? '';

  it('a line that is not JSON fails the import at that line', async () => {
    const text = `${nucleiLine}\n${nucleiLine}\n{"template-id": "broken", "info": \n${nucleiLine}\n`;
    await expectImportError(importScan('projectmariana', [chunked(text, 100)]), /not JSON/, { line: 3 });
  });

  it('a JSON line that is not an object, or not a result of the format, fails at its line', async () => {
    await expectImportError(importScan('projectmariana', [chunked(`${nucleiLine}\n[1, 2]\n`)]), /not an object/, {
      line: 2,
    });
    const subfinder = '{"host":"a.example.com","input":"example.com","source":"crtsh"}\n';
    await expectImportError(
      importScan('projectmariana', [chunked(subfinder)], { format: 'nuclei-jsonl' }),
      /not a nuclei result/,
      {
        line: 1,
      },
    );
    await expectImportError(
      importScan('projectmariana', [chunked(`${nucleiLine}\n`)], { format: 'subfinder-jsonl' }),
      /not a subfinder result/,
      {
        line: 1,
      },
    );
  });

  it('an empty file, or one of blank lines, is refused with an explicit format too', async () => {
    await expectImportError(importScan('projectmariana', [chunked('')]), /empty/);
    await expectImportError(importScan('projectmariana', [chunked('\n\n  \n')], { format: 'httpx-jsonl' }), /empty/);
  });
});

// ZAP traditional-json and traditional-xml against the fixtures: counts checked by hand, field mapping,
// severity and confidence, identity stability, and the edge cases of the research file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeFindings } from '../../../lambdas/kernel/scanners/finding-model.js';
import { chunked, countBy, expectImportError, fixture, fixtures, importScan } from './scan-import.js';

const firstScanXml = readFileSync(path.join(fixtures, 'dast/zap-results-first-scan.xml'), 'utf8');

describe('ZAP traditional-json (owasp_zap.json)', () => {
  it('reads 5 alerts with 27 instances on one site', async () => {
    const { findings, assets, summary } = await importScan('dast', [fixture('dast/owasp_zap.json')]);
    // Counted in the file: site[0].alerts has 5 entries, their "instances" arrays hold 5 + 4 + 4 + 6 + 8 = 27;
    // riskcode is "2" once (10098) and "0" four times.
    expect(findings).toHaveLength(5);
    expect(summary.format).toBe('zap-json');
    expect(summary.tool).toEqual({ name: 'zap', version: '2.12.0' });
    expect(summary.metrics).toMatchObject({
      kind: 'zap',
      sites: 1,
      siteNames: ['https://example-backend.example.com'],
      alerts: 5,
      instances: 27,
    });
    expect(summary.bySeverity).toEqual({ critical: 0, high: 0, medium: 1, low: 0, info: 4 });
    expect(findings.map((finding) => finding.instances.length)).toEqual([5, 4, 4, 6, 8]);
    expect(assets).toEqual([
      expect.objectContaining({ kind: 'url', key: 'url:https://example-backend.example.com', port: 443 }),
    ]);
  });

  it('maps the alert fields: title, risk, confidence, CWE, WASC, solution, references, instances', async () => {
    const { findings } = await importScan('dast', [fixture('dast/owasp_zap.json')]);
    const cors = findings.find((finding) => finding.ruleId === '10098');
    expect(cors).toMatchObject({
      title: 'Cross-Domain Misconfiguration',
      severity: 'medium',
      severityRaw: 'Medium (Medium)',
      confidence: 'firm',
      cwe: ['CWE-264'],
      cve: [],
      references: ['https://vulncat.fortify.com/en/detail?id=desc.config.dotnet.html5_overly_permissive_cors_policy'],
      instanceCount: 5,
      extra: expect.objectContaining({ pluginId: '10098', wascId: '14', sourceId: '31' }),
    });
    // ZAP's paragraphs are plain paragraphs, a blank line apart; no markup is left.
    expect(cors?.remediation).toMatch(/^Ensure that sensitive data is not available/);
    expect(cors?.remediation).toContain('instance).\n\nConfigure the "Access-Control-Allow-Origin" HTTP header');
    expect(cors?.remediation).not.toMatch(/<\/?p>/);
    expect(JSON.stringify(cors?.evidence)).not.toMatch(/<\/?p>/);
    expect(cors?.instances[0]).toEqual({
      uri: 'https://example-backend.example.com/django-static/admin/css/base.css',
      method: 'GET',
      evidence: 'Access-Control-Allow-Origin: *',
      otherInfo: expect.stringMatching(/^The CORS misconfiguration/),
    });
    // "confidence": "1" is Low in ZAP.
    expect(findings.find((finding) => finding.ruleId === '10027')?.confidence).toBe('tentative');
    expect(cors?.foundAt).toBe('2023-04-15T18:23:09.000Z');
  });

  it('two alerts sharing pluginid and alertRef (10049) share one identity; merging keeps both titles', async () => {
    const { findings, summary } = await importScan('dast', [fixture('dast/owasp_zap.json')]);
    const cache = findings.filter((finding) => finding.ruleId === '10049');
    expect(cache.map((finding) => finding.title)).toEqual(['Non-Storable Content', 'Storable and Cacheable Content']);
    expect(cache[0]?.identity.key).toBe(cache[1]?.identity.key);
    expect(summary.distinctFindings).toBe(4);
    const [first, second] = cache;
    if (!first || !second) throw new Error('two 10049 alerts expected');
    const merged = mergeFindings(first, second);
    expect(merged.instances).toHaveLength(10);
    expect(merged.instanceCount).toBe(10);
    expect(merged.extra.otherTitles).toEqual(['Storable and Cacheable Content']);
  });

  it('a cweid of -1 or none gives no CWE; riskcode 3 is high, ZAP has no critical; confidence 0 is a false positive', async () => {
    const report = JSON.stringify({
      '@programName': 'ZAP',
      '@version': '2.14.0',
      site: [
        {
          '@name': 'https://shop.example',
          '@host': 'shop.example',
          '@port': '443',
          alerts: [
            {
              pluginid: '10020',
              alertRef: '10020-1',
              alert: 'Missing Anti-clickjacking Header',
              riskcode: '2',
              confidence: '2',
              cweid: '-1',
              wascid: '-1',
            },
            { pluginid: '40018', alert: 'SQL Injection', riskcode: '3', confidence: '0', cweid: '89', instances: [] },
            { pluginid: '10096', alert: 'Timestamp Disclosure', riskcode: '0', confidence: '1' },
          ],
        },
      ],
    });
    const { findings } = await importScan('dast', [chunked(report)]);
    expect(findings.map((finding) => [finding.ruleId, finding.severity, finding.cwe])).toEqual([
      ['10020-1', 'medium', []],
      ['40018', 'high', ['CWE-89']],
      ['10096', 'info', []],
    ]);
    expect(findings[0]?.extra.wascId).toBeUndefined();
    expect(findings[0]?.identity.parts).toEqual({
      site: 'https://shop.example',
      pluginid: '10020',
      alertRef: '10020-1',
    });
    expect(findings[1]?.suggestedStatus).toBe('false_positive');
  });
});

describe('ZAP traditional-xml (zap-results-first-scan.xml)', () => {
  it('reads 15 alerts with 130 instances: 4 high, 3 medium, 4 low, 4 info', async () => {
    const { findings, assets, summary } = await importScan('dast', [fixture('dast/zap-results-first-scan.xml')]);
    // Counted in the file: 15 <alertitem>, 130 <instance> (11 + 8 × 12 + 1 + 12 + 6 + 2 + 1 + 1);
    // <riskcode> 3 in 40012, 40026, 40018, 10062; 2 in 10038, 10020, 30001; 1 in 10202, 10021, 10063, 10036.
    expect(findings).toHaveLength(15);
    expect(summary.distinctFindings).toBe(15);
    expect(summary.metrics).toMatchObject({ kind: 'zap', sites: 1, alerts: 15, instances: 130 });
    expect(summary.bySeverity).toEqual({ critical: 0, high: 4, medium: 3, low: 4, info: 4 });
    expect(countBy(findings, (finding) => finding.severity)).toEqual({ high: 4, medium: 3, low: 4, info: 4 });
    expect(findings.filter((finding) => finding.severity === 'high').map((finding) => finding.ruleId)).toEqual([
      '40012',
      '40026',
      '40018',
      '10062',
    ]);
    expect(summary.tool).toEqual({ name: 'zap', version: '2.10.0' });
    expect(assets).toEqual([
      expect.objectContaining({
        kind: 'url',
        key: 'url:http://bodgeit.securecodebox-demo.svc:8080',
        host: 'bodgeit.securecodebox-demo.svc',
        port: 8080,
      }),
    ]);
  });

  it('keeps attack and evidence as the text ZAP wrote (a script tag stays a script tag, not parsed HTML)', async () => {
    const { findings } = await importScan('dast', [fixture('dast/zap-results-first-scan.xml')]);
    const xss = findings.find((finding) => finding.ruleId === '40012');
    expect(xss).toMatchObject({
      title: 'Cross Site Scripting (Reflected)',
      severity: 'high',
      confidence: 'firm',
      cwe: ['CWE-79'],
    });
    expect(xss?.instances).toEqual([
      {
        uri: 'http://bodgeit.securecodebox-demo.svc:8080/bodgeit/search.jsp?q=%3C%2Ffont%3E%3Cscript%3Ealert%281%29%3B%3C%2Fscript%3E%3Cfont%3E',
        method: 'GET',
        param: 'q',
        attack: '</font><script>alert(1);</script><font>',
        evidence: '</font><script>alert(1);</script><font>',
      },
    ]);
    expect(xss?.references).toEqual([
      'http://projects.webappsec.org/Cross-Site-Scripting',
      'http://cwe.mitre.org/data/definitions/79.html',
    ]);
    // The description's paragraphs as text (from the XML's escaped <p> too); the evidence keeps the page's markup.
    expect(xss?.description).toMatch(/^Cross-site Scripting \(XSS\) is an attack technique/);
    expect(xss?.description).not.toMatch(/<\/?p>/);
    const pii = findings.find((finding) => finding.ruleId === '10062');
    expect(pii).toMatchObject({ severity: 'high', confidence: 'certain', cwe: ['CWE-359'] });
    expect(pii?.instances[0]).toMatchObject({ method: 'POST', evidence: '5735608117987264' });
    // 10109 (Modern Web Application) has no <cweid>.
    expect(findings.find((finding) => finding.ruleId === '10109')?.cwe).toEqual([]);
  });

  it('identity: a renamed or re-scored alert is the same finding; another site is another finding', async () => {
    const original = await importScan('dast', [chunked(firstScanXml, 4096)]);
    const renamedAndRescored = firstScanXml
      .replace('<alert>Cross Site Scripting (Reflected)</alert>', '<alert>Reflected XSS</alert>')
      .replace(/(<pluginid>40012<\/pluginid>[\s\S]*?)<riskcode>3<\/riskcode>/, '$1<riskcode>1</riskcode>');
    const changed = await importScan('dast', [chunked(renamedAndRescored, 4096)]);
    const before = original.findings.find((finding) => finding.ruleId === '40012');
    const after = changed.findings.find((finding) => finding.ruleId === '40012');
    expect(after).toMatchObject({ title: 'Reflected XSS', severity: 'low' });
    expect(after?.identity).toEqual(before?.identity);
    expect(changed.findings.map((finding) => finding.identity.key)).toEqual(
      original.findings.map((finding) => finding.identity.key),
    );

    const otherSite = await importScan('dast', [
      chunked(
        firstScanXml.replace('name="http://bodgeit.securecodebox-demo.svc:8080"', 'name="http://shop.example:8080"'),
        4096,
      ),
    ]);
    const moved = otherSite.findings.find((finding) => finding.ruleId === '40012');
    expect(moved?.identity.key).not.toBe(before?.identity.key);
  });

  it('refuses a truncated report, naming the line', async () => {
    const cut = firstScanXml.slice(0, 40_000);
    const lines = cut.split('\n').length;
    await expectImportError(importScan('dast', [chunked(cut, 512)]), /cut short/, { line: lines });
  });
});

describe('ZAP JSON bad input', () => {
  it('refuses a truncated report', async () => {
    const cut = readFileSync(path.join(fixtures, 'dast/owasp_zap.json'), 'utf8').slice(0, 10_000);
    await expectImportError(importScan('dast', [chunked(cut, 333)]), /cut short/);
  });

  it('refuses invalid JSON with the line it is on, and a JSON object that is no ZAP report', async () => {
    const broken = '{\n  "@version": "2.12.0",\n  "site": [ { "@name": "https://a.example", ] }\n';
    await expectImportError(importScan('dast', [chunked(broken)], { format: 'zap-json' }), /not valid/, { line: 3 });
    await expectImportError(
      importScan('dast', [chunked('{"hello": "world"}')], { format: 'zap-json' }),
      /not a ZAP traditional-json report/,
    );
    await expectImportError(
      importScan('dast', [chunked('[1, 2]')], { format: 'zap-json' }),
      /does not start with "\{"/,
    );
  });
});

describe("ZAP's HTML prose, read at import", () => {
  it('leaves no HTML paragraph, line break or list markup in any finding of either fixture', async () => {
    for (const file of ['dast/owasp_zap.json', 'dast/zap-results-first-scan.xml']) {
      const { findings } = await importScan('dast', [fixture(file)]);
      for (const finding of findings) {
        const shown = [
          finding.description,
          finding.remediation,
          finding.evidence?.otherInfo,
          ...finding.instances.map((instance) => instance.otherInfo),
        ];
        expect(shown.join('\n'), `${file}: ${finding.title}`).not.toMatch(/<\/?(p|br|ul|ol|li)\b[^>]*>/i);
        // ZAP writes HTML character references in its prose; they are read as the characters.
        expect(shown.join('\n')).not.toMatch(/&(amp|lt|gt|quot);/);
      }
    }
  });

  it('keeps markup ZAP quotes from a page: as inline code in the Markdown prose, as written in the evidence', async () => {
    const { findings } = await importScan('dast', [fixture('dast/owasp_zap.json')]);
    const comments = findings.find((finding) => String(finding.evidence?.otherInfo).includes('nav_sidebar.js'));
    expect(comments?.evidence?.otherInfo).toContain(
      'starting with: "<script src="/django-static/admin/js/nav_sidebar.js" defer></script>", see evidence',
    );
    // The evidence itself is the page's own text: never rewritten.
    expect(findings.flatMap((finding) => finding.instances.map((instance) => instance.evidence))).toContain(
      'Access-Control-Allow-Origin: *',
    );
  });

  it("gives '<p></p>' (ZAP had nothing to say) no text at all", async () => {
    const { findings } = await importScan('dast', [fixture('dast/zap-results-first-scan.xml')]);
    expect(findings.some((finding) => finding.remediation === undefined)).toBe(true);
    expect(findings.map((finding) => finding.remediation)).not.toContain('');
  });
});

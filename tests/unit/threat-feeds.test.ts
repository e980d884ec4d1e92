// The two threat feeds' parsers on their own formats: CISA's KEV catalogue (JSON: entries copied from
// https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json, Log4Shell's and Citrix
// Bleed's) and FIRST's EPSS CSV (https://epss.empiricalsecurity.com/epss_scores-current.csv.gz: its first line
// `#model_version:…,score_date:…`, the header `cve,epss,percentile`, then rows), gzipped or plain; malformed feeds
// refused naming the line or field. Then the signals a finding gets from them, and its SLA when known exploited.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import { parseKevCatalogue, readKevCatalogue } from '../../lambdas/kernel/feeds/kev-feed.js';
import { readEpssScores } from '../../lambdas/kernel/feeds/epss-feed.js';
import { feedContent } from '../../lambdas/kernel/feeds/feed-stream.js';
import { findingExploitSignals } from '../../lambdas/kernel/feeds/exploit-signals.js';
import { findingSlaAfter } from '../../lambdas/kernel/sla/finding-sla.js';

const log4shell = {
  cveID: 'CVE-2021-44228',
  vendorProject: 'Apache',
  product: 'Log4j2',
  vulnerabilityName: 'Apache Log4j2 Remote Code Execution Vulnerability',
  dateAdded: '2021-12-10',
  shortDescription:
    'Apache Log4j2 contains a vulnerability where JNDI features do not protect against attacker-controlled JNDI-related endpoints, allowing for remote code execution.',
  requiredAction:
    'For all affected software assets for which updates exist, the only acceptable remediation actions are: 1) Apply updates; OR 2) remove affected assets from agency networks.',
  dueDate: '2021-12-24',
  knownRansomwareCampaignUse: 'Known',
  notes: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
  cwes: ['CWE-20', 'CWE-400', 'CWE-502'],
};
const citrixBleed = {
  cveID: 'CVE-2023-4966',
  vendorProject: 'Citrix',
  product: 'NetScaler ADC and NetScaler Gateway',
  vulnerabilityName: 'Citrix NetScaler ADC and NetScaler Gateway Buffer Overflow Vulnerability',
  dateAdded: '2023-10-18',
  shortDescription: 'Citrix NetScaler ADC and NetScaler Gateway contain a buffer overflow vulnerability…',
  requiredAction:
    'Apply mitigations per vendor instructions or discontinue use of the product if mitigations are unavailable.',
  dueDate: '2023-11-08',
  knownRansomwareCampaignUse: 'Known',
  notes: 'https://support.citrix.com/article/CTX579459',
  cwes: ['CWE-119'],
};
const catalogue = (vulnerabilities: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2025.03.14',
    dateReleased: '2025-03-14T17:00:00.0000Z',
    count: vulnerabilities.length,
    vulnerabilities,
    ...extra,
  });

// The EPSS CSV's first two lines as the feed writes them; the score rows in its format.
const epssCsv = [
  '#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000',
  'cve,epss,percentile',
  'CVE-2021-44228,0.94358,0.99957',
  'CVE-2023-4966,0.94275,0.99940',
  'CVE-1999-0001,0.01141,0.77952',
].join('\n');

async function epss(text: string | Buffer) {
  let header = {};
  const rows = [];
  for await (const row of readEpssScores(
    await feedContent(Readable.from([Buffer.from(text)])),
    (read) => (header = read),
  )) {
    rows.push(row);
  }
  return { header, rows };
}

describe("CISA's KEV catalogue", () => {
  it('reads each entry: CVE, date added, known ransomware use, and the catalogue version', async () => {
    const read = await readKevCatalogue(
      await feedContent(Readable.from([Buffer.from(catalogue([log4shell, citrixBleed]))])),
    );
    expect(read.header).toEqual({ version: '2025.03.14', released: '2025-03-14T17:00:00.0000Z' });
    expect(read.entries.map(({ cve, dateAdded, ransomware }) => ({ cve, dateAdded, ransomware }))).toEqual([
      { cve: 'CVE-2021-44228', dateAdded: '2021-12-10', ransomware: 'Known' },
      { cve: 'CVE-2023-4966', dateAdded: '2023-10-18', ransomware: 'Known' },
    ]);
    expect(read.entries[0]).toMatchObject({ vendorProject: 'Apache', product: 'Log4j2', dueDate: '2021-12-24' });
  });

  it('reads it gzipped too', async () => {
    const read = await readKevCatalogue(await feedContent(Readable.from([gzipSync(catalogue([log4shell]))])));
    expect(read.entries.map((entry) => entry.cve)).toEqual(['CVE-2021-44228']);
  });

  it.each([
    ['an EPSS CSV', epssCsv, /EPSS CSV: upload it as EPSS/],
    ['a truncated catalogue', catalogue([log4shell]).slice(0, 300), /cut short/],
    [
      'a CVE id of the wrong shape',
      catalogue([{ ...log4shell, cveID: 'CVE-21-44228' }]),
      /vulnerabilities\[0\]\.cveID/,
    ],
    [
      'a date that is no date',
      catalogue([{ ...log4shell, dateAdded: '10/12/2021' }]),
      /vulnerabilities\[0\]\.dateAdded/,
    ],
    [
      'an unknown ransomware use',
      catalogue([{ ...log4shell, knownRansomwareCampaignUse: 'Maybe' }]),
      /knownRansomwareCampaignUse .* must be Known or Unknown/,
    ],
    ['a count the list does not hold', catalogue([log4shell], { count: 1300 }), /count 1300 but lists 1/],
    ['no vulnerabilities list', JSON.stringify({ title: 'x' }), /vulnerabilities is not a list/],
  ])('refuses %s, naming what is wrong', (_case, text, message) => {
    expect(() => parseKevCatalogue(text)).toThrow(message);
  });
});

describe("FIRST's EPSS CSV", () => {
  it('reads the model version and score date, then each row', async () => {
    const { header, rows } = await epss(epssCsv);
    expect(header).toEqual({ version: 'v2025.03.14', released: '2025-03-14T00:00:00+0000' });
    expect(rows).toEqual([
      { cve: 'CVE-2021-44228', score: 0.94358, percentile: 0.99957 },
      { cve: 'CVE-2023-4966', score: 0.94275, percentile: 0.9994 },
      { cve: 'CVE-1999-0001', score: 0.01141, percentile: 0.77952 },
    ]);
  });

  it('reads it gzipped (as the feed is published) and with Windows line ends', async () => {
    expect((await epss(gzipSync(epssCsv))).rows).toHaveLength(3);
    expect((await epss(epssCsv.replaceAll('\n', '\r\n'))).rows).toHaveLength(3);
  });

  it.each([
    ["KEV's JSON", catalogue([log4shell]), /not an EPSS CSV.*upload it as KEV \(line 1\)/],
    [
      'a CVE id of the wrong shape',
      epssCsv.replace('CVE-2023-4966', 'CVE-2023-49'),
      /cve must be a CVE id .*\(line 4\)/,
    ],
    [
      'a score above 1',
      epssCsv.replace('0.94275', '1.5'),
      /epss of CVE-2023-4966 must be a number from 0 to 1.*\(line 4\)/,
    ],
    ['a negative percentile', epssCsv.replace('0.77952', '-0.1'), /percentile of CVE-1999-0001 .*\(line 5\)/],
    ['a row of two columns', `${epssCsv}\nCVE-2024-0001,0.5`, /three columns.*\(line 6\)/],
    ['other columns', epssCsv.replace('cve,epss,percentile', 'cve,score'), /cve,epss,percentile.*\(line 2\)/],
    ['no rows', epssCsv.split('\n').slice(0, 2).join('\n'), /holds no scores/],
    ['damaged gzip', gzipSync(epssCsv).subarray(0, 40), /gzip data is damaged or cut short/],
  ])('refuses %s, naming the line', async (_case, text, message) => {
    await expect(epss(text)).rejects.toThrow(message);
  });
});

describe("a finding's exploit signals", () => {
  const stored = new Map([
    [
      'CVE-2021-44228',
      {
        kev: { cve: 'CVE-2021-44228', dateAdded: '2021-12-10', ransomware: 'Known' as const },
        epss: { cve: 'CVE-2021-44228', score: 0.94, percentile: 0.999 },
      },
    ],
    ['CVE-2019-6111', { epss: { cve: 'CVE-2019-6111', score: 0.02, percentile: 0.84 } }],
  ]);

  it('is known exploited when one CVE is in KEV, with its CVEs’ highest EPSS score', () => {
    expect(findingExploitSignals(['CVE-2019-6111', 'CVE-2021-44228', 'CVE-2000-0001'], stored)).toEqual({
      knownExploited: true,
      epssScore: 0.94,
      exploitSignals: [
        { cve: 'CVE-2019-6111', epss: { score: 0.02, percentile: 0.84 } },
        {
          cve: 'CVE-2021-44228',
          knownExploited: { dateAdded: '2021-12-10', ransomware: 'Known' },
          epss: { score: 0.94, percentile: 0.999 },
        },
      ],
    });
    expect(findingExploitSignals(['CVE-2000-0001'], stored)).toEqual({});
  });

  it('makes a low finding due by the critical days, from when it became known exploited', () => {
    const day = 24 * 3600 * 1000;
    const published = Date.UTC(2026, 0, 1);
    const scope = { slug: 'acme', service: 'network', id: 'f1' };
    const policy = { days: defaultSlaDays, version: 1 };
    const low = { severity: 'low' as const, status: 'open', published: true, paused: false };
    const before = findingSlaAfter(scope, { published: false }, low, policy, published);
    expect(before.dueAt).toBe(published + defaultSlaDays.low * day);
    const learnt = published + 10 * day;
    const after = findingSlaAfter(
      scope,
      { ...before, severity: 'low', published: true },
      { ...low, knownExploited: true },
      policy,
      learnt,
    );
    expect(after.dueAt).toBe(learnt + defaultSlaDays.critical * day);
    // Later writes that do not name it keep the known-exploited clock.
    const edited = findingSlaAfter(
      scope,
      { ...after, severity: 'low', published: true, knownExploited: true },
      { ...low, paused: true },
      policy,
      learnt + day,
    );
    expect(edited.dueAt).toBe(after.dueAt);
  });
});

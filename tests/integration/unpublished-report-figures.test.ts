// What a customer's reports (getServiceReport, getReportsOverview) say of a scan nothing of which is published:
// nothing. Neither the tool's own figures (ZAP's sites and risks, Prowler's frameworks, categories and counts) nor
// the scan itself (its import, date, trend point) appear anywhere in the answer, while an analyst still reads them
// all. Once a finding is published, the customer's last scan, trend and filter choices follow it, and it alone.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { allFindings } from '../support/finding-lists.js';
import { importScanAs } from '../support/scan-import.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `unpublished-${stamp}`;
let analyst: Caller;
/** Level 1 with the services in servicesEnabled, as the penetration test's viewer@acme.example. */
let viewer: Caller;

const fixture = (path: string) => readFileSync(`tests/fixtures/scanners/${path}`, 'utf8');
const zapXml = fixture('dast/zap-results-first-scan.xml');
/** ZAP's fixture with its site renamed (a name that appears nowhere else) and without the alerts at `positions`. */
function zapScan(site: string, positions: number[] = []): string {
  let index = -1;
  return zapXml
    .replace(/<site name="[^"]*"/, `<site name="${site}"`)
    .replace(/<alertitem>[\s\S]*?<\/alertitem>\s*/g, (item) => {
      index += 1;
      return positions.includes(index) ? '' : item;
    });
}

/** The caller's two report answers, whole, as the text a customer's browser receives. */
async function answersOf(as: Caller, service: string) {
  const report = await as('getServiceReport', { slug, service });
  expect(report.statusCode, JSON.stringify(report.body)).toBe(200);
  const overview = await as('getReportsOverview', { slug });
  expect(overview.statusCode, JSON.stringify(overview.body)).toBe(200);
  const summary = overview.body.result.services.find((entry: { service: string }) => entry.service === service);
  return { report: report.body.result, summary, text: JSON.stringify([report.body, overview.body]) };
}

async function publish(findingId: string, service: string) {
  const detail = await analyst('getFinding', { slug, service, findingId });
  const answer = await analyst('updateFinding', {
    slug,
    service,
    findingId,
    field: 'published',
    value: true,
    expectedVersion: detail.body.result.fieldVersions.published,
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    {
      slug,
      companyName: `Unpublished ${stamp}`,
      flags: { enableDast: true, enableViewCloudScanResults: true },
    },
  );
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  viewer = signedInCaller(
    await createTestUser({
      userType: 'customer',
      accessLevel: 1,
      companies: [slug],
      servicesEnabled: ['dast', 'cloud'],
    }),
  );
});

describe('a customer’s reports of an unpublished ZAP scan', () => {
  const site = `https://unpublished-${stamp}.example`;
  const laterSite = `https://later-${stamp}.example`;
  let first: any;

  it('hold nothing of the scan: no site, no risk counts, no import, no date; the analyst reads them all', async () => {
    first = await importScanAs(analyst, { slug, service: 'dast', name: 'zap.xml', body: zapScan(site) });
    const { report, summary, text } = await answersOf(viewer, 'dast');
    expect(text).not.toContain(site);
    expect(text).not.toContain(site.replace('https://', ''));
    expect(text).not.toContain(first.importId);
    for (const figure of ['byRisk', 'siteNames', '"alerts"', '"instances"', '"zap":', '"sites"']) {
      expect(text).not.toContain(figure);
    }
    expect(report).toMatchObject({ view: 'customer', openTotal: 0, trend: [], topAssets: [], figures: {} });
    expect(report.lastScan).toBeUndefined();
    expect(report.updatedAt).toBeUndefined();
    expect(report.filterChoices).toEqual({ site: [], framework: [], category: [] });
    expect(summary).toMatchObject({ view: 'customer', openTotal: 0, trend: [] });
    expect(summary.lastScan).toBeUndefined();

    const analystView = await answersOf(analyst, 'dast');
    expect(analystView.report.figures.zap).toMatchObject({ kind: 'zap', sites: 1, siteNames: [site] });
    expect(analystView.report.figures.zap.byRisk).toBeDefined();
    expect(analystView.report.filterChoices.site).toEqual([site]);
    expect(analystView.report.lastScan.importId).toBe(first.importId);
    expect(analystView.summary.lastScan.importId).toBe(first.importId);
    expect(analystView.text).toContain(site);
  });

  it('follow a published finding: its site to filter by, its scan as the last, still no tool figures', async () => {
    const [one] = await allFindings(analyst, slug, 'dast');
    await publish(one.id, 'dast');
    const { report, summary, text } = await answersOf(viewer, 'dast');
    expect(report.openTotal).toBe(1);
    expect(report.lastScan.importId).toBe(first.importId);
    expect(summary.lastScan.importId).toBe(first.importId);
    expect(report.lastScanChanges.new[one.severity]).toBe(1);
    expect(report.trend).toHaveLength(1);
    expect(report.filterChoices.site).toEqual([site]);
    expect(report.figures).toEqual({});
    // The tool's name is on the finding customers read; its figures are not.
    for (const figure of ['byRisk', 'siteNames', '"alerts"', '"zap":']) expect(text).not.toContain(figure);
    // The site offered finds the published finding.
    const bySite = await allFindings(viewer, slug, 'dast', { site: report.filterChoices.site });
    expect(bySite.map((row: { id: string }) => row.id)).toEqual([one.id]);
  });

  it('hold nothing of a later unpublished scan either: the last scan stays the one that changed what they see', async () => {
    // The same site again and a second one: the second's findings are new, and none of them is published.
    const [published] = await allFindings(viewer, slug, 'dast');
    const second = await importScanAs(analyst, {
      slug,
      service: 'dast',
      name: 'zap.xml',
      body: zapScan(site).replace(
        '</OWASPZAPReport>',
        `${zapScan(laterSite).match(/<site [\s\S]*<\/site>/)![0]}</OWASPZAPReport>`,
      ),
    });
    expect(second.counts.new).toBeGreaterThan(0);
    const { report, summary, text } = await answersOf(viewer, 'dast');
    expect(text).not.toContain(laterSite);
    expect(text).not.toContain(second.importId);
    expect(report.lastScan.importId).toBe(first.importId);
    expect(summary.lastScan.importId).toBe(first.importId);
    expect(report.trend).toHaveLength(1);
    expect(report.filterChoices.site).toEqual([site]);
    expect(report.openTotal).toBe(1);
    expect((await allFindings(viewer, slug, 'dast')).map((row: { id: string }) => row.id)).toEqual([published.id]);

    const analystView = await answersOf(analyst, 'dast');
    expect(analystView.report.lastScan.importId).toBe(second.importId);
    expect(analystView.report.trend).toHaveLength(2);
    expect(analystView.report.figures.zap.siteNames).toEqual(expect.arrayContaining([site, laterSite]));
  });
});

describe('a customer’s reports of an unpublished Prowler scan', () => {
  let scan: any;

  it('hold none of its figures: frameworks, categories, pass and fail counts; the analyst reads them', async () => {
    scan = await importScanAs(analyst, {
      slug,
      service: 'cloud',
      name: 'prowler.ocsf.json',
      body: fixture('cloud/example_output_gcp.ocsf.json'),
    });
    const analystView = await answersOf(analyst, 'cloud');
    const prowler = analystView.report.figures.prowler;
    expect(prowler.categories).toEqual(['internet-exposed']);
    const frameworks = Object.keys(prowler.byFramework);
    expect(frameworks.length).toBeGreaterThan(0);

    const { report, summary, text } = await answersOf(viewer, 'cloud');
    expect(text).not.toContain('internet-exposed');
    for (const framework of frameworks) expect(text).not.toContain(framework);
    for (const figure of ['prowler', 'byFramework', 'passRate', 'failBySeverity', '"pass"', '"fail"', 'regions']) {
      expect(text).not.toContain(figure);
    }
    expect(text).not.toContain(scan.importId);
    expect(report).toMatchObject({ openTotal: 0, trend: [], figures: {} });
    expect(report.lastScan).toBeUndefined();
    expect(summary.lastScan).toBeUndefined();
    expect(report.filterChoices).toEqual({ site: [], framework: [], category: [] });
    // The analysts' filter choices are the last scan's, as its figures say.
    expect(analystView.report.filterChoices).toMatchObject({
      framework: frameworks.sort(),
      category: ['internet-exposed'],
    });
  });

  it('offer, once a finding is published, the frameworks and categories of that finding alone', async () => {
    const findings = await allFindings(analyst, slug, 'cloud');
    const details = await Promise.all(
      findings.map(
        async (row: { id: string }) =>
          (await analyst('getFinding', { slug, service: 'cloud', findingId: row.id })).body.result,
      ),
    );
    const plain = details.find((finding) => !finding.toolTags.includes('internet-exposed'));
    expect(plain).toBeDefined();
    await publish(plain.id, 'cloud');
    const { report, text } = await answersOf(viewer, 'cloud');
    expect(report.lastScan.importId).toBe(scan.importId);
    expect(report.filterChoices.framework).toEqual(Object.keys(plain.compliance ?? {}).sort());
    expect(report.filterChoices.category).toEqual([...new Set<string>(plain.toolTags)].sort());
    expect(text).not.toContain('internet-exposed');
    expect(report.figures).toEqual({});
  });
});

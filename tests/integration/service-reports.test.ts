// The report figures (getServiceReport, getReportsOverview) follow imports and curation: an import counts the
// service's findings anew, every status, severity and published change (one field or a bulk update) moves the
// counters in its own transaction; customers' figures count published findings only; a report is read in at
// most 3 DynamoDB requests and is never counted on read. Checked against the findings list itself.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { reportAssetsKey, serviceReportKey } from '../../lambdas/kernel/data/entities/service-reports.js';
import { backfillServiceReports } from '../../lambdas/kernel/reports/backfill-reports.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { allFindings as listedBy } from '../support/finding-lists.js';
import { importScanAs } from '../support/scan-import.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `reports-${stamp}`;
const service = 'dast';
const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;
const users: Record<string, { uid: string; email: string }> = {};
let analyst: Caller;
let customer: Caller;
let viewer: Caller;

const zapXml = readFileSync('tests/fixtures/scanners/dast/zap-results-first-scan.xml', 'utf8');
/** ZAP's XML fixture without the alert items at these positions (as the demo's two weekly scans). */
function zapWithout(positions: number[]): string {
  let index = -1;
  return zapXml.replace(/<alertitem>[\s\S]*?<\/alertitem>\s*/g, (item) => {
    index += 1;
    return positions.includes(index) ? '' : item;
  });
}

const importScan = (body: string) => importScanAs(analyst, { slug, service, name: 'zap.xml', body });

const allFindings = (as: Caller, filter?: object) => listedBy(as, slug, service, filter);

/** Open findings by severity, counted from the list the caller reads. */
async function openCounted(as: Caller) {
  const counts = Object.fromEntries(severities.map((severity) => [severity, 0]));
  for (const row of await allFindings(as))
    if (row.status === 'open') counts[row.severity] = (counts[row.severity] ?? 0) + 1;
  return counts;
}

/** The ten assets with the most open findings of low and above (critical first, then high…, then by name). */
async function topAssetsCounted(as: Caller) {
  const assets = new Map<string, Record<string, number>>();
  for (const row of await allFindings(as)) {
    if (row.status !== 'open' || row.severity === 'info' || !row.asset?.name) continue;
    const open = assets.get(row.asset.name) ?? Object.fromEntries(severities.map((severity) => [severity, 0]));
    open[row.severity] = (open[row.severity] ?? 0) + 1;
    assets.set(row.asset.name, open);
  }
  const weight = (a: [string, Record<string, number>], b: [string, Record<string, number>]) => {
    for (const severity of severities) if (a[1][severity] !== b[1][severity]) return b[1][severity]! - a[1][severity]!;
    return a[0].localeCompare(b[0]);
  };
  return [...assets]
    .sort(weight)
    .slice(0, 10)
    .map(([name, open]) => ({ key: name, name, open }));
}

const report = async (as: Caller) => {
  const answer = await as('getServiceReport', { slug, service });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

async function bulk(action: object, findingIds: string[]) {
  const started = await analyst('bulkUpdateFindings', { slug, service, findingIds, action });
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await analyst('getBulkUpdate', { bulkId: started.body.result.bulkId });
    if (answer.body.result.status === 'done') return answer.body.result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('bulk update did not end');
}

async function edit(findingId: string, field: string, value: unknown) {
  const detail = await analyst('getFinding', { slug, service, findingId });
  const answer = await analyst('updateFinding', {
    slug,
    service,
    findingId,
    field,
    value,
    expectedVersion: detail.body.result.fieldVersions[field],
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Reports ${stamp}`, flags: { enableDast: true } },
  );
  users.analyst = await createTestUser({ userType: 'analyst', accessLevel: 7 });
  users.customer = await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] });
  users.viewer = await createTestUser({ userType: 'customer', accessLevel: 1, companies: [slug] });
  analyst = signedInCaller(users.analyst);
  customer = signedInCaller(users.customer);
  viewer = signedInCaller(users.viewer);
});

describe('service reports', () => {
  let first: any;

  it('says nothing was scanned yet before the first import', async () => {
    const empty = await report(customer);
    expect(empty).toMatchObject({ view: 'customer', openTotal: 0, trend: [], topAssets: [] });
    expect(empty.lastScan).toBeUndefined();
    const overview = await customer('getReportsOverview', { slug });
    expect(overview.body.result.services.map((entry: { service: string }) => entry.service)).toEqual(['dast']);
    // Level 1 without the service in servicesEnabled: no service to show, and no report.
    expect((await viewer('getReportsOverview', { slug })).body.result.services).toEqual([]);
    expect((await viewer('getServiceReport', { slug, service })).statusCode).toBe(403);
  });

  it('counts an import: the analysts every finding, customers the published ones (none yet)', async () => {
    first = await importScan(zapWithout([1, 5]));
    const analystReport = await report(analyst);
    expect(analystReport.open).toEqual(await openCounted(analyst));
    expect(analystReport.openTotal).toBe(first.counts.new);
    expect(analystReport.lastScan.at).toBeLessThanOrEqual(first.finishedAt);
    expect(analystReport.lastScan.at).toBeGreaterThanOrEqual(first.startedAt);
    expect(analystReport.lastScanChanges.new).toEqual(first.counts.newBySeverity);
    expect(analystReport.trend).toHaveLength(1);
    expect(analystReport.topAssets.length).toBeGreaterThan(0);
    expect(analystReport.figures.zap).toMatchObject({ kind: 'zap', sites: 1 });
    // Nothing of the scan is published: customers see neither it nor its tool's figures.
    const customerReport = await report(customer);
    expect(customerReport).toMatchObject({ view: 'customer', openTotal: 0, topAssets: [], trend: [], figures: {} });
    expect(customerReport.lastScan).toBeUndefined();
  });

  it('follows one published finding, then a bulk publication, into the customers figures', async () => {
    const rows = await allFindings(analyst);
    const [one] = rows;
    await edit(one.id, 'published', true);
    const afterOne = await report(customer);
    expect(afterOne.openTotal).toBe(1);
    expect(afterOne.open[one.severity]).toBe(1);
    expect(afterOne.lastScanChanges.new[one.severity]).toBe(1);
    expect(afterOne.trend.at(-1).open[one.severity]).toBe(1);
    expect(afterOne.lastScan.importId).toBe(first.importId);
    expect(afterOne.topAssets).toEqual([{ key: one.asset.name, name: one.asset.name, open: afterOne.open }]);

    // Low and above published, informational ones left to the analysts.
    const worth = rows.filter((row) => row.severity !== 'info').map((row) => row.id);
    expect((await bulk({ kind: 'setPublished', value: true }, worth)).changed).toBe(worth.length - 1);
    const published = await report(customer);
    expect(published.open).toEqual(await openCounted(customer));
    expect(published.open.info).toBe(0);
    expect(published.openTotal).toBe(worth.length);
    expect(published.topAssets.length).toBeGreaterThan(0);
    // A bulk update moves no asset's counter: it counts the assets anew as it ends.
    expect(published.topAssets).toEqual(await topAssetsCounted(customer));
    expect((await report(analyst)).topAssets).toEqual(await topAssetsCounted(analyst));
    const overview = (await customer('getReportsOverview', { slug })).body.result.services[0];
    expect(overview).toMatchObject({ service, openTotal: worth.length, view: 'customer' });
  });

  it('follows status and severity changes, single and bulk', async () => {
    const rows = (await allFindings(customer)).filter((row) => row.severity !== 'critical');
    const [falsePositive, raised, ...rest] = rows;
    await edit(falsePositive.id, 'status', { status: 'false_positive', note: 'Not reachable.' });
    await edit(raised.id, 'severity', 'critical');
    const before = await report(customer);
    expect(before.open).toEqual(await openCounted(customer));
    expect(before.byStatus.false_positive).toBe(1);
    expect(before.open.critical).toBeGreaterThanOrEqual(1);
    expect((await report(analyst)).open).toEqual(await openCounted(analyst));

    await bulk({ kind: 'setStatus', value: { status: 'out_of_scope', note: 'Staging host.' } }, [rest[0].id]);
    await bulk({ kind: 'setSeverity', value: null }, [raised.id]);
    const after = await report(customer);
    expect(after.open).toEqual(await openCounted(customer));
    expect(after.byStatus).toMatchObject({ false_positive: 1, out_of_scope: 1 });
    expect(after.topAssets).toEqual(await topAssetsCounted(customer));
    expect((await report(analyst)).open).toEqual(await openCounted(analyst));
    expect((await report(analyst)).topAssets).toEqual(await topAssetsCounted(analyst));
  });

  it("narrows a customer's list by the tool's confidence on the server, and refuses an unknown one", async () => {
    const rows = await allFindings(customer);
    const sure = rows.filter((row) => row.confidence === 'certain' || row.confidence === 'high');
    const firm = rows.filter((row) => row.confidence === 'firm');
    expect(firm.length).toBeGreaterThan(0);
    expect(firm.length).toBeLessThan(rows.length);
    const narrowed = await allFindings(customer, { confidence: ['firm'] });
    expect(narrowed.map((row) => row.id).sort()).toEqual(firm.map((row) => row.id).sort());
    const either = await allFindings(customer, { confidence: ['firm', 'certain'] });
    expect(either.length).toBe(firm.length + sure.filter((row) => row.confidence === 'certain').length);
    const wrong = await customer('listFindings', { slug, service, filter: { confidence: ['sure'] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.error.message).toMatch(/confidence\.0: must be certain, firm or tentative/);
  });

  it('counts the next scan: trend, new, fixed and reopened, the customers of published findings only', async () => {
    const second = await importScan(zapWithout([3, 8, 12]));
    expect(second.counts.new).toBeGreaterThan(0);
    expect(second.counts.fixed).toBeGreaterThan(0);
    const analystReport = await report(analyst);
    expect(analystReport.trend).toHaveLength(2);
    expect(analystReport.open).toEqual(await openCounted(analyst));
    expect(analystReport.lastScanChanges.new).toEqual(second.counts.newBySeverity);
    const fixed = severities.reduce((sum, severity) => sum + analystReport.lastScanChanges.fixed[severity], 0);
    expect(fixed).toBe(second.counts.fixed);
    expect(analystReport.trend[1]).toMatchObject({ new: second.counts.new, fixed: second.counts.fixed });

    const customerReport = await report(customer);
    expect(customerReport.open).toEqual(await openCounted(customer));
    // New findings are not published yet; the fixed ones customers saw are counted for them.
    expect(customerReport.trend.at(-1).new).toBe(0);
    const customerRows = await allFindings(customer);
    const fixedSeen = customerRows.filter((row) => row.status === 'fixed').length;
    expect(customerReport.trend.at(-1).fixed).toBe(fixedSeen);
    expect(customerReport.trend[0].open).not.toEqual(customerReport.trend[1].open);
  });

  it('is counted again by the backfill for a deployment whose report is missing', async () => {
    const before = await report(customer);
    await documentClient.send(
      new DeleteCommand({ TableName: readConfig().TABLE_NAME, Key: serviceReportKey(slug, service) }),
    );
    expect((await report(customer)).openTotal).toBe(0);
    expect(await backfillServiceReports([slug])).toBe(1);
    const after = await report(customer);
    expect(after.open).toEqual(before.open);
    expect(after.byStatus).toEqual(before.byStatus);
    expect(after.lastScan.tool).toBe(before.lastScan.tool);
    expect(Math.abs(after.lastScan.at - before.lastScan.at)).toBeLessThan(5000);
    expect(await backfillServiceReports([slug])).toBe(0);
  });

  it('keeps the counters of 30 assets of each view, whatever the number of assets, and ranks the top ten right', async () => {
    const many = `reports-many-${stamp}`;
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug: many, companyName: `Many assets ${stamp}`, flags: { enableViewProjectMarianaResults: true } },
    );
    // 70 hosts, host-N with N % 7 + 1 findings of rising severity: ties broken by name.
    const lines = Array.from({ length: 70 }, (_, host) =>
      Array.from({ length: (host % 7) + 1 }, (_, index) =>
        JSON.stringify({
          'template-id': `check-${index}`,
          info: { name: `Check ${index}`, severity: ['low', 'medium', 'high', 'critical'][(host + index) % 4] },
          host: `host-${host}.many.example`,
          'matched-at': `https://host-${host}.many.example/p${index}`,
          type: 'http',
          timestamp: '2026-11-01T00:00:00Z',
        }),
      ),
    ).flat();
    await importScanAs(analyst, {
      slug: many,
      service: 'projectmariana',
      name: 'nuclei.jsonl',
      body: lines.join('\n'),
    });
    const answer = await analyst('getServiceReport', { slug: many, service: 'projectmariana' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const expected = new Map<string, Record<string, number>>();
    for (const line of lines) {
      const { host, info } = JSON.parse(line) as { host: string; info: { severity: string } };
      const open = expected.get(host) ?? Object.fromEntries(severities.map((severity) => [severity, 0]));
      open[info.severity] = (open[info.severity] ?? 0) + 1;
      expected.set(host, open);
    }
    const ranked = [...expected].sort((a, b) => {
      for (const severity of severities)
        if (a[1][severity] !== b[1][severity]) return b[1][severity]! - a[1][severity]!;
      return a[0].localeCompare(b[0]);
    });
    expect(answer.body.result.topAssets.map((asset: { name: string }) => asset.name)).toEqual(
      ranked.slice(0, 10).map(([host]) => host),
    );
    expect(answer.body.result.topAssets[0].open).toEqual(ranked[0]![1]);
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: readConfig().TABLE_NAME, Key: reportAssetsKey(many, 'projectmariana') }),
    );
    const kept = new Set(Object.keys(Item!).flatMap((key) => (/^a_all_/.test(key) ? [key.split('_')[2]] : [])));
    expect(kept.size).toBe(30);
    const { Item: reportItem } = await documentClient.send(
      new GetCommand({ TableName: readConfig().TABLE_NAME, Key: serviceReportKey(many, 'projectmariana') }),
    );
    expect(Object.keys(reportItem!).filter((key) => /^an?_/.test(key))).toEqual([]);
  });

  it('reads a report and the overview in at most 3 DynamoDB requests, never a Scan', async () => {
    for (const [name, data] of [
      ['getServiceReport', { slug, service }],
      ['getReportsOverview', { slug }],
    ] as const) {
      const user = users.customer!;
      const event = callEvent(name, data, {
        claims: { sub: user.uid, email: user.email, token_use: 'id', auth_time: `${Math.floor(Date.now() / 1000)}` },
      });
      const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
      expect(parseResult(result).statusCode).toBe(200);
      expect(requests.length, `${name}: ${requests.join(', ')}`).toBeLessThanOrEqual(3);
      expect(requests).not.toContain('ScanCommand');
      expect(requests).not.toContain('QueryCommand:FINDINGS');
    }
  });
});

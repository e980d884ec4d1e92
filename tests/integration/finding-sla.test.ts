// Due dates and SLA states of published findings through the API handler against DynamoDB Local: publishing starts
// the clock (due after the policy's days), a severity change restarts it, closing removes the due date and reopening
// brings it back; a waiting retest stands the clock still and its decision moves the due date on by the wait;
// listFindings' `filter.sla` (overdue, due within 7 days) and `order: 'dueDate'` read the due-date index and return
// exactly the right findings, soonest first across pages; customers' rows carry dueAt and slaState and no analyst
// field; a policy change re-dates the findings in the background; a bad `filter.sla` is INVALID_ARGUMENT naming it.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import { analystOnlyFindingFields } from '../../lambdas/kernel/findings/finding-visibility.js';
import { importScanAs } from '../support/scan-import.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { keysOf } from '../support/answer-keys.js';

type Caller = ReturnType<typeof signedInCaller>;
const day = 24 * 60 * 60 * 1000;
const stamp = randomUUID().slice(0, 8);
const slug = `sla-find-${stamp}`;
const service = 'dast';
const defaults = { days: defaultSlaDays, version: 0 };
const as: Record<string, Caller> = {};

const ok = (answer: { statusCode: number; body: any }) => {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const rowsOf = async (caller: Caller, input: Record<string, unknown>, ofSlug = slug) =>
  ok(await caller('listFindings', { slug: ofSlug, service, limit: 100, ...input })).findings as any[];
const rowOf = async (id: string, caller: Caller = as.analyst!) => {
  const row = (await rowsOf(caller, {})).find((finding) => finding.id === id);
  expect(row, `finding ${id} listed`).toBeDefined();
  return row;
};
const edit = async (findingId: string, field: string, value: unknown) => {
  const detail = ok(await as.analyst!('getFinding', { slug, service, findingId }));
  ok(
    await as.analyst!('updateFinding', {
      slug,
      service,
      findingId,
      field,
      value,
      expectedVersion: detail.fieldVersions[field],
    }),
  );
};

/** The seeded findings by name, published relative to the test's start. */
const seeded: Record<string, string> = {};
let now: number;

async function seed(
  name: string,
  severity: 'critical' | 'high' | 'medium' | 'info',
  sla?: { publishedAgo: number; pausedAgo?: number },
  fields: Record<string, unknown> = {},
) {
  const [id] = await seedFindings({
    slug,
    service,
    count: 1,
    severity,
    host: `${name}.sla.example`,
    fields,
    ...(sla
      ? {
          sla: {
            publishedAt: now - sla.publishedAgo,
            policy: defaults,
            ...(sla.pausedAgo !== undefined ? { pausedSince: now - sla.pausedAgo } : {}),
          },
        }
      : {}),
  });
  seeded[name] = id!;
}

beforeAll(async () => {
  const admin = { uid: 'test', email: 'test' };
  await createCompanyAs(admin, { slug, companyName: `SLA ${stamp}`, flags: { enableDast: true } });
  as.analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  as.manager = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
  now = Date.now();
  // The default policy (version 0): critical 7 days, high 30, medium 90.
  await seed('overdueHigh', 'high', { publishedAgo: 40 * day }); // due 10 days ago
  await seed('overdueMedium', 'medium', { publishedAgo: 102 * day }); // due 12 days ago
  await seed('soonHigh', 'high', { publishedAgo: 25 * day }); // due in 5 days
  await seed('onTrackHigh', 'high', { publishedAgo: 1 * day }); // due in 29 days
  // Paused 8 days ago with 5 days left: due soon for as long as it waits, though its due date has passed.
  await seed('pausedSoon', 'critical', { publishedAgo: 10 * day, pausedAgo: 8 * day });
  // Paused a day ago, 2 days past due: overdue while it waits.
  await seed('pausedOverdue', 'critical', { publishedAgo: 10 * day, pausedAgo: 1 * day });
  await seed('fixedHigh', 'high', { publishedAgo: 40 * day }, { status: 'fixed' });
  await seed('info', 'info', { publishedAgo: 40 * day });
  await seed('unpublished', 'high');
});

describe('SLA due dates of published findings', () => {
  it('publishing starts the clock, a severity change restarts it, closing removes it and reopening restores it', async () => {
    await seed('edited', 'high');
    const id = seeded.edited!;
    expect(await rowOf(id)).toMatchObject({ slaState: 'none' });
    expect((await rowOf(id)).dueAt).toBeUndefined();

    await edit(id, 'published', true);
    const published = await rowOf(id);
    expect(published.dueAt).toBe(published.updatedAt + 30 * day);
    expect(published.slaState).toBe('onTrack');

    await edit(id, 'severity', 'critical');
    const critical = await rowOf(id);
    expect(critical.dueAt).toBe(critical.updatedAt + 7 * day);
    expect(critical.slaState).toBe('dueSoon');

    await edit(id, 'status', { status: 'false_positive', note: 'Not reachable' });
    const closed = await rowOf(id);
    expect(closed.dueAt).toBeUndefined();
    expect(closed.slaState).toBe('none');
    expect((await rowsOf(as.analyst!, { order: 'dueDate' })).map((row) => row.id)).not.toContain(id);

    await edit(id, 'status', { status: 'open' });
    const reopened = await rowOf(id);
    expect(reopened.dueAt).toBe(critical.dueAt);
    expect(reopened.slaState).toBe('dueSoon');

    await edit(id, 'published', false);
    expect(await rowOf(id)).toMatchObject({ slaState: 'none' });
  });

  it('a waiting retest stands the clock still; its decision moves the due date on by the wait', async () => {
    await seed('retested', 'high', { publishedAgo: 5 * day });
    const id = seeded.retested!;
    const before = await rowOf(id);
    expect(before.dueAt).toBe(now - 5 * day + 30 * day);
    ok(
      await as.manager!('requestFindingReview', {
        slug,
        service,
        findingId: id,
        kind: 'retest',
        note: 'Patched the server',
      }),
    );
    const requested = ok(await as.analyst!('getFinding', { slug, service, findingId: id }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await rowOf(id, as.manager);
    expect(waiting.slaState).toBe('onTrack');
    // While it waits the due date moves on with the time.
    expect(waiting.dueAt).toBeGreaterThan(before.dueAt);

    ok(
      await as.analyst!('decideFindingReview', {
        slug,
        service,
        findingId: id,
        decision: 'stillPresent',
        requestedAt: requested.review.at,
      }),
    );
    const decided = ok(await as.analyst!('getFinding', { slug, service, findingId: id }));
    const decidedAt = decided.reviewLog[decided.reviewLog.length - 1].at;
    const after = await rowOf(id);
    expect(after.dueAt).toBe(before.dueAt + (decidedAt - requested.review.at));
    expect(decidedAt - requested.review.at).toBeGreaterThanOrEqual(300);
    expect(after.slaState).toBe('onTrack');
  });

  it('filter.sla overdue and dueSoon return exactly the findings in that state, soonest first', async () => {
    const ids = (rows: any[]) => rows.map((row) => row.id);
    const overdue = await rowsOf(as.analyst!, { filter: { sla: 'overdue' } });
    expect(ids(overdue)).toEqual([seeded.overdueMedium, seeded.overdueHigh, seeded.pausedOverdue]);
    expect(overdue.every((row) => row.slaState === 'overdue')).toBe(true);

    const soon = await rowsOf(as.analyst!, { filter: { sla: 'dueSoon' } });
    expect(ids(soon)).toEqual([seeded.soonHigh, seeded.pausedSoon]);
    expect(soon.every((row) => row.slaState === 'dueSoon')).toBe(true);

    // With the other filters: severities and status as DynamoDB filters on the due-date index.
    const overdueHigh = await rowsOf(as.analyst!, { filter: { sla: 'overdue', severity: ['high'] } });
    expect(ids(overdueHigh)).toEqual([seeded.overdueHigh]);
    const customers = await rowsOf(as.manager!, { filter: { sla: 'overdue', severity: ['critical', 'medium'] } });
    expect(ids(customers)).toEqual([seeded.overdueMedium, seeded.pausedOverdue]);
  });

  it('an SLA page makes at most 3 DynamoDB requests and no Scan, for analysts and customers, across pages', async () => {
    for (const caller of [as.analyst!, as.manager!]) {
      for (const sla of ['overdue', 'dueSoon']) {
        const found: string[] = [];
        let cursor: string | undefined;
        do {
          const { result, requests } = await dynamoDbRequestsOf(() =>
            caller('listFindings', { slug, service, filter: { sla }, limit: 50, ...(cursor ? { cursor } : {}) }),
          );
          expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
          expect(requests).not.toContain('ScanCommand');
          const page = ok(result);
          found.push(...page.findings.map((row: any) => row.id));
          cursor = page.nextCursor;
        } while (cursor);
        const expected =
          sla === 'overdue'
            ? [seeded.overdueMedium, seeded.overdueHigh, seeded.pausedOverdue]
            : [seeded.soonHigh, seeded.pausedSoon];
        expect(found).toEqual(expected);
      }
    }
  });

  it('order dueDate lists the open published findings with a due date, soonest first, across pages', async () => {
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = ok(
        await as.analyst!('listFindings', { slug, service, order: 'dueDate', limit: 2, ...(cursor ? { cursor } : {}) }),
      );
      expect(page.findings.length).toBeLessThanOrEqual(2);
      pages.push(...page.findings.map((row: any) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = [
      seeded.overdueMedium,
      seeded.overdueHigh,
      seeded.pausedOverdue,
      seeded.soonHigh,
      seeded.onTrackHigh,
      seeded.pausedSoon,
    ];
    expect(pages.filter((id) => expected.includes(id))).toEqual(expected);
    for (const never of ['fixedHigh', 'info', 'unpublished']) expect(pages).not.toContain(seeded[never]);
  });

  it("customers' rows carry dueAt and slaState, and no analyst field", async () => {
    const answer = ok(await as.manager!('listFindings', { slug, service, order: 'dueDate', limit: 100 }));
    expect(answer.view).toBe('customer');
    const row = answer.findings.find((finding: any) => finding.id === seeded.overdueHigh);
    expect(row).toMatchObject({ dueAt: now - 10 * day, slaState: 'overdue' });
    const keys = keysOf(answer);
    for (const field of analystOnlyFindingFields) expect(keys.has(field), field).toBe(false);
    const info = (await rowsOf(as.manager!, {})).find((finding) => finding.id === seeded.info);
    expect(info).toMatchObject({ slaState: 'none' });
  });

  it('a bad filter.sla or order is INVALID_ARGUMENT naming it; a cursor of the severity list is refused', async () => {
    const bad = await as.analyst!('listFindings', { slug, service, filter: { sla: 'late' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error.status).toBe('INVALID_ARGUMENT');
    expect(bad.body.error.message).toContain('filter.sla');
    const badOrder = await as.analyst!('listFindings', { slug, service, order: 'due' });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.body.error.message).toContain('order');
    const severityPage = ok(await as.analyst!('listFindings', { slug, service, limit: 1 }));
    const mixed = await as.analyst!('listFindings', {
      slug,
      service,
      order: 'dueDate',
      cursor: severityPage.nextCursor,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.body.error.message).toContain('cursor');
  });

  it("a policy change re-dates the company's findings in the background", async () => {
    const other = `sla-redate-${stamp}`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug: other, companyName: `Redate ${stamp}`, flags: {} });
    const admin = signedInCaller(await createTestUser({ accessLevel: 3, companies: [other] }));
    const publishedAt = Date.now() - 5 * day;
    const [id] = await seedFindings({
      slug: other,
      service,
      count: 1,
      severity: 'high',
      sla: { publishedAt, policy: defaults },
    });
    const [networkId] = await seedFindings({
      slug: other,
      service: 'network',
      count: 1,
      severity: 'critical',
      sla: { publishedAt, policy: defaults },
    });
    const listed = async (ofService: string) =>
      ok(await as.analyst!('listFindings', { slug: other, service: ofService, order: 'dueDate' })).findings as any[];
    expect((await listed(service))[0]).toMatchObject({ id, dueAt: publishedAt + 30 * day });

    ok(
      await admin('updateSlaPolicy', {
        slug: other,
        days: { critical: 1, high: 3, medium: 90, low: 180 },
        expectedVersion: 0,
      }),
    );
    let rows: any[] = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      rows = [...(await listed(service)), ...(await listed('network'))];
      if (rows.every((row) => row.slaState === 'overdue')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toEqual([
      expect.objectContaining({ id, dueAt: publishedAt + 3 * day, slaState: 'overdue' }),
      expect.objectContaining({ id: networkId, dueAt: publishedAt + 1 * day, slaState: 'overdue' }),
    ]);
    expect((await rowsOf(as.analyst!, { filter: { sla: 'overdue' } }, other)).map((row) => row.id)).toEqual([id]);
  });

  it('imports: a new tool severity restarts a published clock, fixed removes the due date, reopened restores it', async () => {
    const site = `https://imports-${stamp}.example`;
    const alert = (pluginid: string, riskcode: number) => `<alertitem><pluginid>${pluginid}</pluginid>
<alert>Alert ${pluginid}</alert><name>Alert ${pluginid}</name><riskcode>${riskcode}</riskcode><confidence>2</confidence>
<desc>Found.</desc><instances><instance><uri>${site}/page</uri><method>GET</method></instance></instances><count>1</count>
<solution>Fix it.</solution><cweid>16</cweid></alertitem>`;
    const zap = (...alerts: string[]) =>
      `<?xml version="1.0"?><OWASPZAPReport version="2.10.0" generated="Sun, 20 Jun 2021 09:30:00"><site name="${site}" host="imports-${stamp}.example" port="443" ssl="true"><alerts>${alerts.join('')}</alerts></site></OWASPZAPReport>`;
    const importZap = (body: string) => importScanAs(as.analyst!, { slug, service, name: 'zap.xml', body });
    const rowsOfSite = async () =>
      (await rowsOf(as.analyst!, { filter: { text: `imports-${stamp}` } })).sort((a, b) =>
        a.ruleId.localeCompare(b.ruleId),
      );

    await importZap(zap(alert('90001', 1), alert('90002', 1)));
    const [first, second] = await rowsOfSite();
    await edit(first.id, 'published', true);
    await edit(second.id, 'published', true);
    const published = await rowOf(first.id);
    expect(published.dueAt).toBe(published.updatedAt + 180 * day);

    const beforeSecondScan = Date.now();
    await importZap(zap(alert('90001', 3)));
    const afterSecondScan = Date.now();
    const [high, fixed] = await rowsOfSite();
    expect(high.severity).toBe('high');
    expect(high.dueAt - 30 * day).toBeGreaterThanOrEqual(beforeSecondScan - 1000);
    expect(high.dueAt - 30 * day).toBeLessThanOrEqual(afterSecondScan);
    expect(fixed).toMatchObject({ status: 'fixed', slaState: 'none' });
    expect(fixed.dueAt).toBeUndefined();

    await importZap(zap(alert('90001', 3), alert('90002', 1)));
    const [, reopened] = await rowsOfSite();
    expect(reopened).toMatchObject({ status: 'open', dueAt: (await rowOf(second.id)).dueAt });
    const secondPublished = ok(await as.analyst!('getFinding', { slug, service, findingId: second.id }));
    const publishedAt = secondPublished.edits.find((entry: any) => entry.field === 'published').at;
    expect(reopened.dueAt).toBe(publishedAt + 180 * day);
  });

  it('a bulk publication gives each finding its due date', async () => {
    const ids = await seedFindings({ slug, service, count: 3, severity: 'medium', host: `bulk-${stamp}.example` });
    const started = ok(
      await as.analyst!('bulkUpdateFindings', {
        slug,
        service,
        findingIds: ids,
        action: { kind: 'setPublished', value: true },
      }),
    );
    let bulk: any;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      bulk = ok(await as.analyst!('getBulkUpdate', { bulkId: started.bulkId }));
      if (bulk.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(bulk.status).toBe('done');
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row.dueAt).toBe(row.updatedAt + 90 * day);
      expect(row.slaState).toBe('onTrack');
    }
  });

  it("a customer's export of the overdue view carries the due date (ISO) and the SLA state, soonest first", async () => {
    const started = ok(
      await as.manager!('startFindingExport', {
        slug,
        service,
        format: 'csv',
        filter: { sla: 'overdue' },
        order: 'dueDate',
      }),
    );
    let done: any;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      done = ok(await as.manager!('getFindingExport', { exportId: started.exportId }));
      if (done.status === 'done' || done.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done.status, done.error).toBe('done');
    const { appUrl } = inject('localStack');
    const file = await fetch(new URL(done.downloadUrl, appUrl));
    const rows: string[][] = parse(Buffer.from(await file.arrayBuffer()).toString('utf8'), { bom: true });
    const [header, ...findings] = rows;
    const due = header!.indexOf('Due');
    const state = header!.indexOf('SLA state');
    const id = header!.indexOf('Finding id');
    expect(due).toBeGreaterThan(-1);
    expect(findings.map((row) => row[id])).toEqual([seeded.overdueMedium, seeded.overdueHigh, seeded.pausedOverdue]);
    expect(findings.map((row) => row[state])).toEqual(['overdue', 'overdue', 'overdue']);
    expect(findings[1]![due]).toBe(new Date(now - 10 * day).toISOString());
  });

  it("the report's SLA figures agree with the lists, and a fix moves them at once: compliance and days to fix", async () => {
    // An import counts the report anew (the findings above were seeded without moving it).
    const site = `https://report-${stamp}.example`;
    await importScanAs(as.analyst!, {
      slug,
      service,
      name: 'zap.xml',
      body: `<?xml version="1.0"?><OWASPZAPReport version="2.10.0" generated="Sun, 20 Jun 2021 09:30:00"><site name="${site}" host="report-${stamp}.example" port="443" ssl="true"><alerts><alertitem><pluginid>90003</pluginid><alert>Report alert</alert><name>Report alert</name><riskcode>1</riskcode><confidence>2</confidence><desc>Found.</desc><instances><instance><uri>${site}/</uri><method>GET</method></instance></instances><count>1</count><solution>Fix it.</solution><cweid>16</cweid></alertitem></alerts></site></OWASPZAPReport>`,
    });
    const reportOf = async (caller: Caller) => ok(await caller('getServiceReport', { slug, service }));
    // Every page (a customer's due-soon list gives the paused findings on a page of their own).
    const countOf = async (caller: Caller, sla: string) => {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = ok(await caller('listFindings', { slug, service, limit: 100, filter: { sla }, cursor }));
        count += page.findings.length;
        cursor = page.nextCursor;
      } while (cursor);
      return count;
    };
    for (const caller of [as.analyst!, as.manager!]) {
      const report = await reportOf(caller);
      expect(report.sla.overdue).toBe(await countOf(caller, 'overdue'));
      expect(report.sla.dueSoon).toBe(await countOf(caller, 'dueSoon'));
      expect(report.sla.overdue).toBeGreaterThan(0);
      expect(report.monthlyTrend).toHaveLength(12);
    }
    const before = await reportOf(as.analyst!);
    expect(before.sla.compliancePercent).toBeUndefined();

    // Fixed 10 days late (published 40 days ago, due in 30), and 5 days early (published 25 days ago).
    await edit(seeded.overdueHigh!, 'status', { status: 'fixed' });
    await edit(seeded.soonHigh!, 'status', { status: 'fixed' });
    for (const caller of [as.analyst!, as.manager!]) {
      const report = await reportOf(caller);
      expect(report.sla).toEqual({
        overdue: before.sla.overdue - 1,
        dueSoon: before.sla.dueSoon - 1,
        compliancePercent: 50,
      });
      expect(report.mttrDays).toEqual({ high: 32.5 });
      expect(report.monthlyTrend.at(-1).fixed).toBe(before.monthlyTrend.at(-1).fixed + 2);
    }
    // The overview's cards carry the same SLA figures and trend (no time to fix: the report's alone).
    const card = ok(await as.manager!('getReportsOverview', { slug })).services.find(
      (item: any) => item.service === service,
    );
    expect(card.sla).toEqual((await reportOf(as.manager!)).sla);
    expect(card.monthlyTrend).toHaveLength(12);
    expect(card.mttrDays).toBeUndefined();

    // Reopened: the fix no longer counts.
    await edit(seeded.soonHigh!, 'status', { status: 'open' });
    const reopened = await reportOf(as.analyst!);
    expect(reopened.sla).toEqual({
      overdue: before.sla.overdue - 1,
      dueSoon: before.sla.dueSoon,
      compliancePercent: 0,
    });
    expect(reopened.mttrDays).toEqual({ high: 40 });
  });

  it('the backfill gives findings published before due dates existed the clock their publication started', async () => {
    const other = `sla-backfill-${stamp}`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug: other, companyName: `Backfill ${stamp}`, flags: {} });
    const publishedAt = Date.now() - 40 * day;
    const published = { field: 'published', before: false, after: true, at: publishedAt, by: 'ana@example.com' };
    const [late, waiting, unpublished] = await Promise.all([
      seedFindings({
        slug: other,
        service,
        count: 1,
        severity: 'high',
        published: true,
        fields: { edits: [published] },
      }),
      seedFindings({
        slug: other,
        service,
        count: 1,
        severity: 'critical',
        published: true,
        fields: { edits: [published], review: { kind: 'retest', at: publishedAt + 2 * day, note: 'Patched' } },
      }),
      seedFindings({ slug: other, service, count: 1, severity: 'high' }),
    ]);
    const { backfillFindingSla } = await import('../../lambdas/kernel/sla/backfill-sla.js');
    expect(await backfillFindingSla([other])).toBe(2);
    const rows = ok(await as.analyst!('listFindings', { slug: other, service, limit: 10 })).findings as any[];
    const row = (id: string) => rows.find((item) => item.id === id);
    // Due 30 days after its publication: overdue by 10.
    expect(row(late[0]!)).toMatchObject({ dueAt: publishedAt + 30 * day, slaState: 'overdue' });
    // Paused 2 days after publication with 5 of its 7 days left: due soon while the retest waits.
    expect(row(waiting[0]!).slaState).toBe('dueSoon');
    expect(row(unpublished[0]!)).toMatchObject({ slaState: 'none' });
    // Again: nothing more to give.
    expect(await backfillFindingSla([other])).toBe(0);
  });

  it("the demo shows Acme's manager overdue and due-soon findings, and its DAST report's progress", async () => {
    const { findUserByEmail } = await import('../../lambdas/kernel/users/user-records.js');
    const manager = signedInCaller((await findUserByEmail('manager@acme.example'))!);
    const counts = { overdue: 0, dueSoon: 0 };
    for (const ofService of ['network', 'cloud', 'dast']) {
      for (const sla of ['overdue', 'dueSoon'] as const) {
        const rows = ok(
          await manager('listFindings', { slug: 'acme', service: ofService, filter: { sla }, limit: 100 }),
        );
        expect(rows.findings.every((row: any) => row.slaState === sla)).toBe(true);
        counts[sla] += rows.findings.length;
      }
    }
    expect(counts.overdue).toBeGreaterThan(0);
    expect(counts.dueSoon).toBeGreaterThan(0);
    // Its DAST report has fixes to judge (one late, the others in time), their days to fix, and months of trend.
    const report = ok(await manager('getServiceReport', { slug: 'acme', service: 'dast' }));
    expect(report.sla.compliancePercent).toBeGreaterThan(0);
    expect(report.sla.compliancePercent).toBeLessThan(100);
    expect(Object.keys(report.mttrDays).length).toBeGreaterThan(0);
    expect(report.monthlyTrend.at(-1).fixed).toBeGreaterThan(0);
    expect(report.monthlyTrend.filter((point: any) => point.opened > 0).length).toBeGreaterThan(1);
  });
});

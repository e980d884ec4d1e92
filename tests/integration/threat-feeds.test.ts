// Exploit signals through the API handler against DynamoDB Local and the local S3 and queue: an administrator
// uploads CISA's KEV catalogue and FIRST's EPSS scores (createFeedImport, the presigned POST, startFeedImport,
// getFeedImport polled to done); the findings that name those CVEs are enriched in the background (known
// exploited, EPSS score and percentile per CVE); a known-exploited low finding is due by the critical SLA; the
// filters knownExploited and epssAtLeast in both views (customers' rows without analyst fields); a malformed feed
// fails its import naming what is wrong and changes nothing; bad input is INVALID_ARGUMENT naming the field.
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getFeedState, readCveSignals } from '../../lambdas/kernel/data/entities/exploit-feeds.js';
import { analystOnlyFindingFields } from '../../lambdas/kernel/findings/finding-visibility.js';
import { keysOf } from '../support/answer-keys.js';
import { importFeedAs } from '../support/feed-import.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const day = 24 * 60 * 60 * 1000;
const stamp = randomUUID().slice(0, 8);
const slug = `feeds-${stamp}`;
const service = 'dast';
const as: Record<string, Caller> = {};
const ids: Record<string, string> = {};

// CVE ids of this run's own (year 2099: no scanner fixture names them), beside the demo snapshot's real entries, so
// the catalogue this test imports still lists everything the demo's does.
const cve = () => `CVE-2099-${randomInt(10_000, 9_999_999)}`;
const exploitedCve = cve();
const likelyCve = cve();
const unlikelyCve = cve();
const demoFeeds = path.resolve(import.meta.dirname, '../../infra/local/demo-feeds');
const demoKev = JSON.parse(readFileSync(path.join(demoFeeds, 'known_exploited_vulnerabilities.json'), 'utf8'));
const kevWith = (cves: string[]) =>
  JSON.stringify({
    ...demoKev,
    count: demoKev.vulnerabilities.length + cves.length,
    vulnerabilities: [
      ...demoKev.vulnerabilities,
      ...cves.map((cveID) => ({
        cveID,
        vendorProject: 'Example',
        product: 'Gateway',
        vulnerabilityName: 'Example Gateway Remote Code Execution Vulnerability',
        dateAdded: '2026-11-20',
        shortDescription: 'An example.',
        requiredAction: 'Apply updates per vendor instructions.',
        dueDate: '2026-12-11',
        knownRansomwareCampaignUse: 'Known',
        notes: '',
        cwes: [],
      })),
    ],
  });
const demoEpssRows = readFileSync(path.join(demoFeeds, 'epss_scores.csv'), 'utf8').trim().split('\n').slice(2);
const epssCsv = (rows: string[]) =>
  [
    '#model_version:v2025.03.14,score_date:2026-11-27T00:00:00+0000',
    'cve,epss,percentile',
    ...demoEpssRows,
    ...rows,
  ].join('\n');
/** The line of the n-th (1-based) of the rows epssCsv adds. */
const addedLine = (n: number) => 2 + demoEpssRows.length + n;

const ok = (answer: { statusCode: number; body: any }) => {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const rowsOf = async (caller: Caller, filter: Record<string, unknown> = {}) =>
  ok(await caller('listFindings', { slug, service, limit: 100, filter })).findings as any[];
const rowOf = async (id: string) => (await rowsOf(as.analyst!)).find((row) => row.id === id);

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Feeds ${stamp}`, flags: { enableDast: true } },
  );
  as.administrator = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
  as.analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  as.customer = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
  const policy = { days: defaultSlaDays, version: 0 };
  const publishedAt = Date.now() - day;
  const seed = async (name: string, cves: string[], published = true) => {
    const [id] = await seedFindings({
      slug,
      service,
      count: 1,
      severity: 'low',
      host: `${name}.feeds.example`,
      fields: { cve: cves },
      ...(published ? { sla: { publishedAt, policy } } : {}),
    });
    ids[name] = id!;
  };
  await seed('exploited', [unlikelyCve, exploitedCve]);
  await seed('likely', [likelyCve]);
  await seed('unlikely', [unlikelyCve]);
  await seed('unpublishedExploited', [exploitedCve], false);
  await seed('none', [cve()]);
});

describe('threat feeds', { timeout: 240_000 }, () => {
  it('a KEV upload runs to done, and existing findings become known exploited, due by the critical SLA', async () => {
    const before = await rowOf(ids.exploited!);
    expect(before.dueAt).toBeGreaterThan(Date.now() + (defaultSlaDays.low - 2) * day);
    expect(before.knownExploited).toBeUndefined();

    const startedAt = Date.now();
    const kev = await importFeedAs(as.administrator!, 'kev', kevWith([exploitedCve]));
    expect(kev).toMatchObject({
      kind: 'kev',
      status: 'done',
      feed: {
        version: '2025.03.14',
        released: '2025-03-14T17:00:00.0000Z',
        entries: demoKev.vulnerabilities.length + 1,
      },
      progress: { entriesStored: demoKev.vulnerabilities.length + 1 },
    });
    expect(ok(await as.administrator!('getFeedImport', { feedImportId: kev.feedImportId }))).toEqual(kev);

    // The enrichment runs in the background, after the import is done.
    const exploited = await vi.waitFor(
      async () => {
        const row = await rowOf(ids.exploited!);
        expect(row.knownExploited).toBe(true);
        return row;
      },
      { timeout: 120_000, interval: 250 },
    );
    expect(exploited.exploitSignals).toEqual([
      { cve: exploitedCve, knownExploited: { dateAdded: '2026-11-20', ransomware: 'Known' } },
    ]);
    // A low finding, known exploited: due by the critical days from when it became so.
    expect(exploited.dueAt).toBeGreaterThanOrEqual(startedAt + defaultSlaDays.critical * day);
    expect(exploited.dueAt).toBeLessThanOrEqual(Date.now() + defaultSlaDays.critical * day);
    expect(exploited.slaState).toBe('dueSoon');
    expect((await rowOf(ids.unpublishedExploited!)).knownExploited).toBe(true);
    expect((await rowOf(ids.likely!)).knownExploited).toBeUndefined();
  });

  it('an EPSS upload (gzipped) gives each CVE its score and percentile, and findings their highest score', async () => {
    const { gzipSync } = await import('node:zlib');
    const epss = await importFeedAs(
      as.administrator!,
      'epss',
      gzipSync(epssCsv([`${likelyCve},0.91234,0.99812`, `${unlikelyCve},0.00043,0.05123`])),
    );
    expect(epss).toMatchObject({
      status: 'done',
      feed: { version: 'v2025.03.14', released: '2026-11-27T00:00:00+0000' },
    });
    await vi.waitFor(async () => expect((await rowOf(ids.likely!)).epssScore).toBe(0.91234), {
      timeout: 120_000,
      interval: 250,
    });
    const exploited = await rowOf(ids.exploited!);
    expect(exploited.epssScore).toBe(0.00043);
    // Each CVE in the feeds, in CVE order.
    expect(exploited.exploitSignals).toEqual(
      [
        { cve: exploitedCve, knownExploited: { dateAdded: '2026-11-20', ransomware: 'Known' } },
        { cve: unlikelyCve, epss: { score: 0.00043, percentile: 0.05123 } },
      ].sort((a, b) => a.cve.localeCompare(b.cve)),
    );
  });

  it('filters known-exploited findings and EPSS scores in both views; customers read no analyst field', async () => {
    await vi.waitFor(async () => expect((await rowOf(ids.likely!)).epssScore).toBe(0.91234), { timeout: 120_000 });
    const analystExploited = await rowsOf(as.analyst!, { knownExploited: true });
    expect(analystExploited.map((row) => row.id).sort()).toEqual([ids.exploited, ids.unpublishedExploited].sort());
    const customerExploited = await rowsOf(as.customer!, { knownExploited: true });
    expect(customerExploited.map((row) => row.id)).toEqual([ids.exploited]);
    expect(customerExploited[0]).toMatchObject({ knownExploited: true, slaState: 'dueSoon' });

    expect((await rowsOf(as.analyst!, { epssAtLeast: 0.5 })).map((row) => row.id)).toEqual([ids.likely]);
    expect((await rowsOf(as.customer!, { epssAtLeast: 0.5 })).map((row) => row.id)).toEqual([ids.likely]);
    expect((await rowsOf(as.customer!, { epssAtLeast: 0 })).map((row) => row.id).sort()).toEqual(
      [ids.exploited, ids.likely, ids.unlikely].sort(),
    );
    expect((await rowsOf(as.analyst!, { knownExploited: true, severity: ['critical'] })).length).toBe(0);

    const customerKeys = keysOf(await rowsOf(as.customer!, { epssAtLeast: 0 }));
    for (const field of analystOnlyFindingFields) expect(customerKeys.has(field), field).toBe(false);
  });

  it("a customer's export of the known-exploited view carries the signals", async () => {
    await vi.waitFor(async () => expect((await rowOf(ids.likely!)).epssScore).toBe(0.91234), { timeout: 120_000 });
    const started = ok(
      await as.customer!('startFindingExport', { slug, service, format: 'csv', filter: { knownExploited: true } }),
    );
    let done: any;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      done = ok(await as.customer!('getFindingExport', { exportId: started.exportId }));
      if (done.status === 'done' || done.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done.status, done.error).toBe('done');
    const file = await fetch(new URL(done.downloadUrl, inject('localStack').appUrl));
    const [header, ...findings]: string[][] = parse(Buffer.from(await file.arrayBuffer()).toString('utf8'), {
      bom: true,
    });
    const column = (name: string) => header!.indexOf(name);
    expect(findings.map((row) => row[column('Finding id')])).toEqual([ids.exploited]);
    expect(findings[0]![column('Known exploited')]).toBe(`${exploitedCve} (added 2026-11-20, ransomware use Known)`);
    expect(findings[0]![column('EPSS score (feed)')]).toBe('0.00043');
    expect(findings[0]![column('SLA state')]).toBe('due soon');
  });

  it('a malformed feed fails its import, naming what is wrong, and changes nothing', async () => {
    await vi.waitFor(async () => expect((await rowOf(ids.likely!)).epssScore).toBe(0.91234), { timeout: 120_000 });
    const kevBefore = await getFeedState('kev');
    const epssBefore = await getFeedState('epss');
    const rowBefore = await rowOf(ids.exploited!);

    const epssAsKev = await importFeedAs(as.administrator!, 'kev', epssCsv([`${exploitedCve},0.5,0.5`]));
    expect(epssAsKev.status).toBe('failed');
    expect(epssAsKev.error.message).toMatch(/not CISA's KEV catalogue: it looks like an EPSS CSV/);

    const truncated = await importFeedAs(as.administrator!, 'kev', kevWith([likelyCve]).slice(0, 400));
    expect(truncated.error.message).toMatch(/cut short/);

    const badScore = await importFeedAs(
      as.administrator!,
      'epss',
      epssCsv([`${likelyCve},0.1,0.2`, `${unlikelyCve},1.7,0.9`]),
    );
    expect(badScore).toMatchObject({ status: 'failed', error: { line: addedLine(2) } });
    expect(badScore.error.message).toMatch(new RegExp(`epss of ${unlikelyCve} must be a number from 0 to 1`));

    const badId = await importFeedAs(as.administrator!, 'epss', epssCsv(['CVE-99-1,0.1,0.2']));
    expect(badId.error).toMatchObject({ line: addedLine(1) });
    expect(badId.error.message).toMatch(/cve must be a CVE id/);

    expect(await getFeedState('kev')).toEqual(kevBefore);
    expect(await getFeedState('epss')).toEqual(epssBefore);
    const stored = await readCveSignals([likelyCve, exploitedCve]);
    expect(stored.get(likelyCve)?.epss?.score).toBe(0.91234);
    expect(stored.get(likelyCve)?.kev).toBeUndefined();
    expect(await rowOf(ids.exploited!)).toEqual(rowBefore);
  });

  it('refuses a wrong contentLength, an unknown kind and unknown filter values as INVALID_ARGUMENT naming the field', async () => {
    const empty = await as.administrator!('createFeedImport', { kind: 'kev', contentLength: 0 });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.error.message).toMatch(/contentLength/);
    const huge = await as.administrator!('createFeedImport', { kind: 'epss', contentLength: 2 ** 40 });
    expect(huge.statusCode).toBe(400);
    expect(huge.body.error.message).toMatch(/contentLength/);
    const kind = await as.administrator!('createFeedImport', { kind: 'nvd', contentLength: 10 });
    expect(kind.statusCode).toBe(400);
    expect(kind.body.error.message).toMatch(/kind/);

    // The upload form allows exactly the announced size: a file of another size never arrives.
    const created = ok(await as.administrator!('createFeedImport', { kind: 'kev', contentLength: 10 }));
    const notStarted = await as.administrator!('startFeedImport', { feedImportId: created.feedImportId });
    expect(notStarted.statusCode).toBe(400);
    expect(notStarted.body.error.message).toMatch(/has not been uploaded yet/);

    for (const [filter, field] of [
      [{ knownExploited: false }, 'filter.knownExploited'],
      [{ knownExploited: 'yes' }, 'filter.knownExploited'],
      [{ epssAtLeast: 1.5 }, 'filter.epssAtLeast'],
      [{ epssAtLeast: -0.1 }, 'filter.epssAtLeast'],
    ] as const) {
      const answer = await as.customer!('listFindings', { slug, service, filter });
      expect(answer.statusCode, JSON.stringify(filter)).toBe(400);
      expect(answer.body.error.message).toContain(field);
    }
  });

  it('is for administrators only: an analyst of level 7 may not upload or read feed imports', async () => {
    expect((await as.analyst!('createFeedImport', { kind: 'kev', contentLength: 10 })).statusCode).toBe(403);
    expect((await as.customer!('getFeedImport', { feedImportId: 'abcdef0123456789' })).statusCode).toBe(403);
    expect((await as.administrator!('getFeedImport', { feedImportId: 'abcdef0123456789' })).statusCode).toBe(404);
  });
});

// Curating findings through the calls, as analysts, against the local stack (DynamoDB Local, and the queue
// stand-in that runs bulk updates in the worker): per-field versions, the analyst's wording beside the
// tool's, status with a reason, tags whose counts stay exact under 50 writers at once, bulk updates (each
// finding changed at most once, a retry changing nothing twice), a template applied with its lineage and
// its findings brought to a new version; bad input refused with nothing written.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getBulkUpdateItem, setBulkFields } from '../../lambdas/kernel/data/entities/bulk-updates.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { tagReferences, tagsInUse } from '../../lambdas/kernel/data/entities/finding-tags.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { runBulkUpdate } from '../../lambdas/kernel/findings/bulk-updates.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { captureDynamoDbRequests } from '../support/dynamodb-capture.js';
import { seedFindings as seedFindingItems } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
let ada: Caller;
let bob: Caller;
let adaUid: string;
let viewer: Caller;
const run = randomUUID().slice(0, 8);
let slug: string;
const service = 'dast';

const hex = (n: number) => n.toString(16).padStart(32, '0');

/** Findings straight in the table, as an import leaves them. */
const seedFindings = (count: number) => seedFindingItems({ slug, service, count, host: 'curation.example' });

async function detail(findingId: string) {
  const answer = await ada('getFinding', { slug, service, findingId });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

const edit = (as: Caller, findingId: string, field: string, value: unknown, expectedVersion: number) =>
  as('updateFinding', { slug, service, findingId, field, value, expectedVersion });

async function bulkDone(bulkId: string) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const answer = await ada('getBulkUpdate', { bulkId });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    if (answer.body.result.status === 'done' || answer.body.result.status === 'failed') return answer.body.result;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bulk update ${bulkId} did not finish`);
}

const tagCount = async (tag: string) => (await tagsInUse(tag)).find((entry) => entry.tag === tag)?.tagCount ?? 0;

beforeAll(async () => {
  slug = `curation-${run}`;
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Curation ${run}`, flags: {} });
  const adaUser = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ada Analyst' });
  adaUid = adaUser.uid;
  ada = signedInCaller(adaUser);
  bob = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  viewer = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
});

describe('updateFinding', () => {
  it('saves two editors of different fields of one finding, and refuses a stale version with the stored value', async () => {
    const [id] = await seedFindings(1);
    const [first, second] = await Promise.all([
      edit(ada, id!, 'title', 'Content Security Policy header missing', 0),
      edit(bob, id!, 'notes', 'Seen on every page.', 0),
    ]);
    expect(first.body).toEqual({ result: { version: 1 } });
    expect(second.body).toEqual({ result: { version: 1 } });

    const stale = await edit(bob, id!, 'title', 'Bob’s title', 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error).toMatchObject({
      status: 'ABORTED',
      details: { field: 'title', value: 'Content Security Policy header missing', version: 1 },
    });
    // Confirm: the same value again with the stored version.
    const confirmed = await edit(bob, id!, 'title', 'Bob’s title', 1);
    expect(confirmed.body).toEqual({ result: { version: 2 } });

    const finding = await detail(id!);
    expect(finding).toMatchObject({
      title: 'Bob’s title',
      toolTitle: 'Tool title 0',
      analystTitle: 'Bob’s title',
      notes: 'Seen on every page.',
      fieldVersions: { title: 2, notes: 1, description: 0, status: 0 },
    });
    expect(finding.edits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', before: '', after: 'Content Security Policy header missing' }),
        expect.objectContaining({ field: 'notes', before: '', after: 'Seen on every page.' }),
        expect.objectContaining({
          field: 'title',
          before: 'Content Security Policy header missing',
          after: 'Bob’s title',
        }),
      ]),
    );
    expect(finding.edits).toHaveLength(3);
    const events = await listEventsCreatedBy(adaUid, { limit: 10, descending: true });
    expect(events.events.some((event) => event.type === 'findingUpdated' && event.summary.includes('title'))).toBe(
      true,
    );
  });

  it("goes back to the tool's text on an empty value, and writes nothing for the value already stored", async () => {
    const [id] = await seedFindings(1);
    await edit(ada, id!, 'description', 'Our own explanation.', 0);
    expect((await detail(id!)).description).toBe('Our own explanation.');
    const back = await edit(ada, id!, 'description', '', 1);
    expect(back.body.result.version).toBe(2);
    const finding = await detail(id!);
    expect(finding.description).toBe('The tool says so.');
    expect(finding.analystDescription).toBeUndefined();
    const again = await edit(ada, id!, 'description', '', 2);
    expect(again.body.result.version).toBe(2);
    expect((await detail(id!)).edits).toHaveLength(2);
  });

  it('moves the finding in the severity order with the analyst severity, and back with null', async () => {
    const [id] = await seedFindings(1);
    await edit(ada, id!, 'severity', 'critical', 0);
    const critical = await ada('listFindings', { slug, service, filter: { severity: ['critical'] } });
    expect(critical.body.result.findings.map((row: { id: string }) => row.id)).toContain(id);
    expect((await detail(id!)).severity).toBe('critical');
    await edit(ada, id!, 'severity', null, 1);
    const back = await ada('listFindings', { slug, service, filter: { severity: ['critical'] } });
    expect(back.body.result.findings.map((row: { id: string }) => row.id)).not.toContain(id);
    expect(await detail(id!)).toMatchObject({ severity: 'low', toolSeverity: 'low' });
  });

  it('keeps a status with its reason: a risk is accepted until a date in the future', async () => {
    const [id] = await seedFindings(1);
    const noDate = await edit(ada, id!, 'status', { status: 'risk_accepted', note: 'Legacy app' }, 0);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body.error.message).toContain('expiresAt');
    const past = await edit(ada, id!, 'status', { status: 'risk_accepted', expiresAt: Date.now() - 1000 }, 0);
    expect(past.statusCode).toBe(400);
    const until = Date.now() + 90 * 24 * 3600 * 1000;
    const accepted = await edit(
      ada,
      id!,
      'status',
      { status: 'risk_accepted', note: 'Legacy app', expiresAt: until },
      0,
    );
    expect(accepted.body).toEqual({ result: { version: 1 } });
    const finding = await detail(id!);
    expect(finding.status).toBe('risk_accepted');
    expect(finding.statusReason).toMatchObject({ status: 'risk_accepted', note: 'Legacy app', expiresAt: until });
    expect(finding.edits[0]).toMatchObject({ field: 'status', before: { status: 'open' } });
    const falsePositive = await edit(ada, id!, 'status', { status: 'false_positive', note: 'WAF blocks it' }, 1);
    expect(falsePositive.body.result.version).toBe(2);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const [id] = await seedFindings(1);
    const before = await getFindingItem(slug, service, id!, true);
    const cases: Array<[unknown, string]> = [
      [{ slug, service, findingId: id, field: 'owner', value: 'x', expectedVersion: 0 }, 'field'],
      [{ slug, service, findingId: id, field: 'published', value: 'yes', expectedVersion: 0 }, 'value'],
      [{ slug, service, findingId: id, field: 'notes', value: 'x' }, 'expectedVersion'],
      [{ slug, service, findingId: id, field: 'tags', value: ['x'.repeat(65)], expectedVersion: 0 }, '64'],
      [{ slug, service, findingId: id, field: 'tags', value: ['bad\u0007tag'], expectedVersion: 0 }, 'control'],
      [{ slug, service, findingId: id, field: 'severity', value: 'severe', expectedVersion: 0 }, 'value'],
    ];
    for (const [input, words] of cases) {
      const answer = await ada('updateFinding', input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toContain(words);
    }
    const missing = await edit(ada, hex(1), 'notes', 'x', 0);
    expect(missing.statusCode).toBe(404);
    expect(await getFindingItem(slug, service, id!, true)).toEqual(before);
  });

  it('refuses a customer, whatever the web shows (the server is the authority)', async () => {
    const [id] = await seedFindings(1);
    const answer = await edit(viewer, id!, 'published', true, 0);
    expect(answer.statusCode).toBe(403);
    expect((await getFindingItem(slug, service, id!, true))!.published).toBe(false);
  });
});

describe('tags', () => {
  it('moves the count and the reference with each change, ranks suggestions by count, and drops a tag at 0', async () => {
    const common = `common-${run}`;
    const rare = `rare-${run}`;
    const ids = await seedFindings(3);
    for (const id of ids) await edit(ada, id, 'tags', [common], 0);
    await edit(ada, ids[0]!, 'tags', [common, rare], 1);
    expect(await tagCount(common)).toBe(3);
    expect(await tagCount(rare)).toBe(1);
    const suggestions = await ada('listFindingTags', { prefix: '', limit: 100 });
    const ranked = suggestions.body.result.tags.map((entry: { tag: string }) => entry.tag);
    expect(ranked.indexOf(common)).toBeLessThan(ranked.indexOf(rare));
    expect((await tagReferences(rare)).map((ref) => ref.findingId)).toEqual([ids[0]]);

    await edit(ada, ids[0]!, 'tags', [common], 2);
    expect(await tagCount(rare)).toBe(0);
    expect(await tagReferences(rare)).toEqual([]);
    const after = await ada('listFindingTags', { prefix: 'rare-', limit: 100 });
    expect(after.body.result.tags.map((entry: { tag: string }) => entry.tag)).not.toContain(rare);
    expect((await viewer('listFindingTags', {})).statusCode).toBe(403);
  });

  it('keeps counts exact under 50 writers at once', async () => {
    const tag = `busy-${run}`;
    const ids = await seedFindings(50);
    const added = await Promise.all(ids.map((id) => edit(ada, id, 'tags', [tag], 0)));
    expect(added.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(await tagCount(tag)).toBe(50);
    expect(await tagReferences(tag)).toHaveLength(50);
    const removed = await Promise.all(ids.map((id) => edit(bob, id, 'tags', [], 1)));
    expect(removed.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(await tagCount(tag)).toBe(0);
    expect(await tagReferences(tag)).toEqual([]);
  });
});

describe('bulk updates', () => {
  it('changes each finding at most once and says how many changed', async () => {
    const ids = await seedFindings(30);
    const started = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: ids,
      action: { kind: 'setStatus', value: { status: 'false_positive', note: 'Test host' } },
    });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.result.total).toBe(30);
    const result = await bulkDone(started.body.result.bulkId);
    expect(result).toMatchObject({
      status: 'done',
      total: 30,
      processed: 30,
      changed: 30,
      unchanged: 0,
      conflicted: [],
    });
    expect((await detail(ids[0]!)).status).toBe('false_positive');

    const again = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: ids,
      action: { kind: 'setStatus', value: { status: 'false_positive', note: 'Test host' } },
    });
    expect(await bulkDone(again.body.result.bulkId)).toMatchObject({ changed: 0, unchanged: 30 });
  });

  it('adds a tag in bulk with the count exact, and a retry after a crash changes nothing twice', async () => {
    const tag = `bulk-${run}`;
    const ids = await seedFindings(40);
    for (const id of ids.slice(0, 5)) await edit(ada, id, 'tags', [tag], 0);
    const started = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: ids,
      action: { kind: 'addTag', tag },
    });
    const bulkId = started.body.result.bulkId as string;
    expect(await bulkDone(bulkId)).toMatchObject({ changed: 35, unchanged: 5 });
    expect(await tagCount(tag)).toBe(40);

    // As if the worker crashed before writing any progress: the next delivery starts again from the first.
    await setBulkFields(bulkId, { status: 'running', processed: 0, changed: 0, unchanged: 0, conflicted: [] });
    await runBulkUpdate(bulkId);
    expect(await getBulkUpdateItem(bulkId, true)).toMatchObject({ status: 'done', changed: 35, unchanged: 5 });
    expect(await tagCount(tag)).toBe(40);
    const edits = (await detail(ids[10]!)).edits as unknown[];
    expect(edits).toHaveLength(1);
  });

  it('names the findings it could not change: gone ones', async () => {
    const ids = await seedFindings(2);
    const ghost = hex(2);
    const started = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: [...ids, ghost],
      action: { kind: 'setPublished', value: true },
    });
    const result = await bulkDone(started.body.result.bulkId);
    expect(result).toMatchObject({ changed: 2, conflicted: [{ slug, service, findingId: ghost, reason: 'notFound' }] });
    expect((await detail(ids[1]!)).published).toBe(true);
  });

  it('refuses a selection over 1,000, an unknown template, a bad status value: nothing queued', async () => {
    const over = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: Array.from({ length: 1001 }, (_, index) => hex(index + 10)),
      action: { kind: 'setPublished', value: true },
    });
    expect(over.statusCode).toBe(400);
    expect(over.body.error.message).toContain('1000');
    const [id] = await seedFindings(1);
    const unknown = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: [id],
      action: { kind: 'applyTemplate', templateId: `none-${run}` },
    });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: [id],
      action: { kind: 'setStatus', value: { status: 'risk_accepted' } },
    });
    expect(badStatus.statusCode).toBe(400);
    expect((await getFindingItem(slug, service, id!, true))!.status).toBe('open');
    expect(
      (
        await viewer('bulkUpdateFindings', {
          slug,
          service,
          findingIds: [id],
          action: { kind: 'setPublished', value: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('templates on findings', () => {
  it('applies a template with its lineage, lists the outdated findings after a change, and updates those not edited by hand', async () => {
    const created = await ada('createTemplate', {
      title: 'Missing Content Security Policy',
      severity: 'medium',
      description: 'No CSP header.',
      remediation: 'Send a CSP header.',
      rules: ['zap:10038'],
    });
    const templateId = created.body.result.templateId as string;
    const ids = await seedFindings(3);
    const applied = await ada('applyTemplate', { slug, service, findingId: ids[0], templateId });
    expect(applied.statusCode, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.result.template).toEqual({ templateId, version: 1, title: 'Missing Content Security Policy' });
    const bulk = await ada('bulkUpdateFindings', {
      slug,
      service,
      findingIds: ids.slice(1),
      action: { kind: 'applyTemplate', templateId },
    });
    expect(await bulkDone(bulk.body.result.bulkId)).toMatchObject({ changed: 2 });
    expect(await detail(ids[1]!)).toMatchObject({
      title: 'Missing Content Security Policy',
      description: 'No CSP header.',
      remediation: 'Send a CSP header.',
      toolTitle: 'Tool title 1',
      template: { templateId, version: 1 },
    });
    expect((await getTemplateItem(templateId, true))!.usageCount).toBe(3);

    // A hand edit of one finding's texts keeps it out of the template's update.
    await edit(ada, ids[2]!, 'remediation', 'Our own fix.', (await detail(ids[2]!)).fieldVersions.remediation);
    const template = (await getTemplateItem(templateId, true))!;
    await ada('updateTemplate', {
      templateId,
      field: 'description',
      value: 'No Content-Security-Policy header is sent.',
      expectedVersion: template.fieldVersions.description,
    });
    const outdated = await ada('listTemplateFindings', { templateId, outdatedOnly: true });
    expect(outdated.body.result.templateVersion).toBe(2);
    expect(outdated.body.result.findings).toHaveLength(3);
    expect(
      outdated.body.result.findings.find((row: { findingId: string }) => row.findingId === ids[2]).templateTextsEdited,
    ).toBe(true);

    const refresh = await ada('refreshTemplateFindings', { templateId });
    expect(await bulkDone(refresh.body.result.bulkId)).toMatchObject({ total: 2, changed: 2 });
    expect(await detail(ids[0]!)).toMatchObject({
      description: 'No Content-Security-Policy header is sent.',
      template: { version: 2 },
    });
    expect((await detail(ids[2]!)).template.version).toBe(1);
    const left = await ada('listTemplateFindings', { templateId, outdatedOnly: true });
    expect(left.body.result.findings.map((row: { findingId: string }) => row.findingId)).toEqual([ids[2]]);
    const none = await ada('refreshTemplateFindings', { templateId });
    expect(await bulkDone(none.body.result.bulkId)).toMatchObject({ status: 'done', total: 0, changed: 0 });
  });

  it('refuses a retired or unknown template', async () => {
    const [id] = await seedFindings(1);
    const unknown = await ada('applyTemplate', { slug, service, findingId: id, templateId: `nothing-${run}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.error.message).toContain('templateId');
  });
});

describe('severity filters', () => {
  it('lists several severities in severity order, contiguous or not, and nothing else', async () => {
    const own = `severities-${run}`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug: own, companyName: `Severities ${run}`, flags: {} });
    const bySeverity: Record<string, string[]> = {};
    for (const severity of ['critical', 'high', 'medium', 'low', 'info'] as const) {
      bySeverity[severity] = await seedFindingItems({ slug: own, service, count: 2, severity });
    }
    const listed = async (severity: string[]) => {
      const answer = await ada('listFindings', { slug: own, service, filter: { severity }, limit: 100 });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.result.findings as Array<{ severity: string }>).map((row) => row.severity);
    };

    expect(await listed(['high', 'critical'])).toEqual(['critical', 'critical', 'high', 'high']);
    expect(await listed(['low', 'critical'])).toEqual(['critical', 'critical', 'low', 'low']);
    expect(await listed(['medium', 'low', 'info'])).toEqual(['medium', 'medium', 'low', 'low', 'info', 'info']);
    expect(await listed(['info'])).toEqual(['info', 'info']);
  });

  it('pages through severities that are not neighbours, either way, each page at most 3 DynamoDB requests and no severity left out', async () => {
    const own = `severity-pages-${run}`;
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug: own, companyName: `Severity pages ${run}`, flags: {} },
    );
    const counts = { critical: 3, high: 2, medium: 3, low: 2, info: 3 } as const;
    for (const [severity, count] of Object.entries(counts)) {
      await seedFindingItems({ slug: own, service, count, severity: severity as keyof typeof counts });
    }
    const pages = async (severity: string[], descending: boolean, status?: string[]) => {
      const rows: string[] = [];
      const requestsPerPage: number[] = [];
      let cursor: string | undefined;
      do {
        const { result: answer, requests } = await captureDynamoDbRequests(() =>
          ada('listFindings', {
            slug: own,
            service,
            filter: { severity, ...(status ? { status } : {}) },
            descending,
            limit: 2,
            ...(cursor ? { cursor } : {}),
          }),
        );
        expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
        requestsPerPage.push(requests.length);
        expect(requests.filter((request) => request.operation === 'Scan')).toEqual([]);
        // Severities are key conditions: without another filter, a Query reads no more than the page's rows.
        for (const { input } of requests.filter((request) => request.input.IndexName === 'gsi1')) {
          if (!status) expect([input.FilterExpression, Number(input.Limit) <= 2]).toEqual([undefined, true]);
        }
        rows.push(...(answer.body.result.findings as Array<{ severity: string }>).map((row) => row.severity));
        cursor = answer.body.result.nextCursor as string | undefined;
      } while (cursor);
      return { rows, requestsPerPage };
    };
    const repeat = (severity: keyof typeof counts) => Array<string>(counts[severity]).fill(severity);

    const three = await pages(['info', 'critical', 'medium'], true);
    expect(three.rows).toEqual([...repeat('critical'), ...repeat('medium'), ...repeat('info')]);
    expect(Math.max(...three.requestsPerPage)).toBeLessThanOrEqual(3);
    const upwards = await pages(['critical', 'low'], false);
    expect(upwards.rows).toEqual([...repeat('low'), ...repeat('critical')]);
    expect(Math.max(...upwards.requestsPerPage)).toBeLessThanOrEqual(3);
    const open = await pages(['high', 'info'], true, ['open']);
    expect(open.rows).toEqual([...repeat('high'), ...repeat('info')]);

    // A cursor outside the wanted severities (another filter's page) starts the next one wanted, not an error.
    const { body: lowFirst } = await ada('listFindings', {
      slug: own,
      service,
      filter: { severity: ['low'] },
      limit: 1,
    });
    const fromLow = await ada('listFindings', {
      slug: own,
      service,
      filter: { severity: ['critical', 'info'] },
      cursor: lowFirst.result.nextCursor,
      limit: 10,
    });
    expect(fromLow.statusCode, JSON.stringify(fromLow.body)).toBe(200);
    expect((fromLow.body.result.findings as Array<{ severity: string }>).map((row) => row.severity)).toEqual(
      repeat('info'),
    );
  });
});

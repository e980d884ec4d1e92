// Which changes reach the webhook outbox, against the local stack: only a company with an enabled endpoint's
// (counted on its record, in the endpoints' own transactions) put their events in the outbox and queue a fan-out —
// a field edit, a retest request and its decision of another company queue nothing and mark nothing, in as many
// DynamoDB requests. An import's end sends scan.completed (what customers see of the scan, the report's link), and
// a bulk update sends each changed published finding's event, never an unpublished one's or a tag's, as a template
// applied to one published finding sends its finding.updated. Every delivery is verified by a receiver in the test
// with the official `standardwebhooks` library.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { companyItemKey } from '../../lambdas/kernel/data/entities/companies.js';
import { disableEndpointItem, listEndpointItems } from '../../lambdas/kernel/data/entities/webhooks.js';
import { batchGetConsistent } from '../../lambdas/kernel/data/transactions.js';
import { NotFoundError } from '../../lambdas/kernel/errors.js';
import {
  createWebhookEndpointAs,
  deleteWebhookEndpointAs,
  updateWebhookEndpointAs,
} from '../../lambdas/kernel/webhooks/webhook-endpoints.js';
import { createTemplateAs } from '../../lambdas/kernel/templates/templates.js';
import { captureDynamoDbRequests } from '../support/dynamodb-capture.js';
import { importScanAs } from '../support/scan-import.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { recordSqsSends, type SqsRecorder } from '../support/sqs-recorder.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const run = randomUUID().slice(0, 8);
const quiet = `hooks-quiet-${run}`;
const hooked = `hooks-on-${run}`;
const service = 'dast';
const admin = {
  uid: 'hooks-admin',
  email: 'hooks-admin@example.com',
  access: { claims: { userType: 'analyst', accessLevel: 9 }, companies: [], servicesEnabled: [] },
} as never;
const as: Record<string, Caller> = {};
/** The DynamoDB requests of the changes of a company without webhooks, to compare with one with them. */
const quietRequests: number[] = [];

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let base = '';
let sqs: SqsRecorder;

const fanouts = () =>
  sqs.sent.filter((message) => message.queueUrl === readConfig().WEBHOOK_QUEUE_URL && message.body.includes('fanout'));

async function waitFor<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The verified payloads received at a path, in order. */
function payloadsAt(path: string, secret: string): Array<{ type: string; data: Record<string, any> }> {
  return received
    .filter((request) => request.path === path)
    .map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as never);
}

const enabledCount = async (slug: string) => {
  const [company] = await batchGetConsistent([companyItemKey(slug)]);
  return Number(company?.webhookEndpointsOn ?? 0);
};

async function addEndpoint(slug: string, path: string, events: string[]) {
  return createWebhookEndpointAs(admin, slug, {
    url: `${base}${path}`,
    events: events as never,
    format: 'standard',
    description: path,
  });
}

/** The outbox keys of the event writes of a transaction the work sent (undefined: the event carried none). */
async function eventWritesOf(work: () => Promise<unknown>) {
  const { requests } = await captureDynamoDbRequests(work);
  const events = requests
    .filter((request) => request.operation === 'TransactWriteItems')
    .flatMap((request) => (request.input.TransactItems as Array<{ Put?: { Item: Record<string, any> } }>) ?? [])
    .flatMap((item) => (item.Put && String(item.Put.Item.pk?.S ?? '').startsWith('EVENTS#') ? [item.Put.Item] : []));
  return { requests: requests.length, outbox: events.map((item) => item.gsi2pk?.S as string | undefined) };
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  for (const slug of [quiet, hooked]) {
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug, companyName: `Hooks ${slug}`, flags: { enableDast: true, enableViewProjectMarianaResults: true } },
    );
  }
  const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7, companies: [] });
  as.analyst = signedInCaller(analyst);
  for (const slug of [quiet, hooked]) {
    const customer = await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] });
    as[slug] = signedInCaller(customer);
  }
  sqs = await recordSqsSends();
});

afterAll(async () => {
  await sqs.stop();
  for (const slug of [quiet, hooked]) {
    for (const endpoint of await listEndpointItems(slug)) {
      await deleteWebhookEndpointAs(admin, slug, endpoint.endpointId, endpoint.version);
    }
  }
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the company record's count of enabled endpoints", () => {
  it('moves with creating, turning off and on, the portal turning one off, and deleting', async () => {
    const slug = `hooks-count-${run}`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: 'Count', flags: {} });
    expect(await enabledCount(slug)).toBe(0);
    const first = (await addEndpoint(slug, '/count-1', ['finding.updated'])).endpoint;
    const second = (await addEndpoint(slug, '/count-2', ['finding.updated'])).endpoint;
    expect(await enabledCount(slug)).toBe(2);
    const input = { url: `${base}/count-1`, events: ['finding.updated'] as never, format: 'standard' as const };
    const off = await updateWebhookEndpointAs(admin, slug, {
      ...input,
      description: 'off',
      endpointId: first.endpointId,
      expectedVersion: 1,
      enabled: false,
    });
    expect(await enabledCount(slug)).toBe(1);
    // An edit that leaves it off moves nothing.
    const stillOff = await updateWebhookEndpointAs(admin, slug, {
      ...input,
      description: 'still off',
      endpointId: first.endpointId,
      expectedVersion: off.version,
      enabled: false,
    });
    expect(await enabledCount(slug)).toBe(1);
    expect(await disableEndpointItem(slug, second.endpointId, 'failing', Date.now())).toBe(true);
    expect(await disableEndpointItem(slug, second.endpointId, 'failing', Date.now())).toBe(false);
    expect(await enabledCount(slug)).toBe(0);
    const on = await updateWebhookEndpointAs(admin, slug, {
      ...input,
      description: 'on',
      endpointId: first.endpointId,
      expectedVersion: stillOff.version,
      enabled: true,
    });
    expect(await enabledCount(slug)).toBe(1);
    // Deleting the one turned off leaves the count; deleting the one on takes it down.
    await deleteWebhookEndpointAs(admin, slug, second.endpointId, second.version + 1);
    expect(await enabledCount(slug)).toBe(1);
    await deleteWebhookEndpointAs(admin, slug, first.endpointId, on.version);
    expect(await enabledCount(slug)).toBe(0);
    expect(await listEndpointItems(slug)).toEqual([]);
    // No company, no endpoint (and no stray company record).
    await expect(addEndpoint(`hooks-none-${run}`, '/none', ['finding.updated'])).rejects.toThrow(NotFoundError);
    expect(await batchGetConsistent([companyItemKey(`hooks-none-${run}`)])).toEqual([]);
  });
});

describe('finding changes', () => {
  /** A field edit, a retest request by the company's customer, and the analyst's decision, of one finding. */
  async function changes(slug: string, findingId: string) {
    const edit = await eventWritesOf(async () => {
      const answer = await as.analyst!('updateFinding', {
        slug,
        service,
        findingId,
        field: 'title',
        value: `Title seen by customers ${run}`,
        expectedVersion: 0,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    });
    let requestedAt = 0;
    const request = await eventWritesOf(async () => {
      const answer = await as[slug]!('requestFindingReview', {
        slug,
        service,
        findingId,
        kind: 'retest',
        note: 'Fixed it',
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      requestedAt = answer.body.result.review.at;
    });
    const decision = await eventWritesOf(async () => {
      const answer = await as.analyst!('decideFindingReview', {
        slug,
        service,
        findingId,
        decision: 'fixed',
        requestedAt,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    });
    return [edit, request, decision];
  }

  it('of a company without an enabled endpoint mark nothing in the outbox and queue no fan-out', async () => {
    // An endpoint turned off counts for nothing.
    const { endpoint } = await addEndpoint(quiet, '/quiet', ['finding.updated', 'retest.requested']);
    await updateWebhookEndpointAs(admin, quiet, {
      url: `${base}/quiet`,
      events: ['finding.updated', 'retest.requested'],
      format: 'standard',
      description: 'off',
      endpointId: endpoint.endpointId,
      expectedVersion: 1,
      enabled: false,
    });
    const [findingId] = await seedFindings({ slug: quiet, service, count: 1, published: true, host: 'quiet.example' });
    const before = fanouts().length;
    const writes = await changes(quiet, findingId!);
    for (const write of writes) expect(write.outbox).toEqual([undefined]);
    expect(fanouts().length).toBe(before);
    quietRequests.push(...writes.map((write) => write.requests));
    expect(received.filter((request) => request.path === '/quiet')).toEqual([]);
  });

  it("of a company with one are marked and fanned out at once; an unpublished finding's are not", async () => {
    const { secret } = await addEndpoint(hooked, '/on', [
      'finding.updated',
      'finding.fixed',
      'retest.requested',
      'retest.decided',
    ]);
    const [findingId] = await seedFindings({ slug: hooked, service, count: 1, published: true, host: 'on.example' });
    const before = fanouts().length;
    const writes = await changes(hooked, findingId!);
    for (const write of writes) expect(write.outbox).toEqual(['WEBHOOK_OUTBOX']);
    expect(fanouts().length).toBe(before + 3);
    // As many DynamoDB requests as without webhooks: the count came with the reads the calls make anyway.
    expect(writes.map((write) => write.requests)).toEqual(quietRequests);
    await waitFor('three deliveries', () => (payloadsAt('/on', secret).length >= 3 ? true : undefined));
    // Each event is a message group of its own: they may arrive in any order.
    expect(
      payloadsAt('/on', secret)
        .map((payload) => payload.type)
        .sort(),
    ).toEqual(['finding.updated', 'retest.decided', 'retest.requested']);

    const [hidden] = await seedFindings({ slug: hooked, service, count: 1, host: 'hidden.example' });
    const unpublished = await eventWritesOf(async () => {
      const answer = await as.analyst!('updateFinding', {
        slug: hooked,
        service,
        findingId: hidden,
        field: 'title',
        value: `Not yet ${run}`,
        expectedVersion: 0,
      });
      expect(answer.statusCode).toBe(200);
    });
    expect(unpublished.outbox).toEqual([undefined]);
    expect(fanouts().length).toBe(before + 3);
  });
});

describe('a template applied to one finding', () => {
  it("is a finding.updated of a published finding with the template's texts; of an unpublished one nothing", async () => {
    const { secret } = await addEndpoint(hooked, '/template', ['finding.updated']);
    const template = await createTemplateAs(
      { uid: 'test', email: 'test@example.com' },
      { title: `Template title ${run}`, severity: 'medium', description: 'From the library.', remediation: 'Fix.' },
    );
    const [published] = await seedFindings({ slug: hooked, service, count: 1, published: true, host: 'tpl.example' });
    const [hidden] = await seedFindings({ slug: hooked, service, count: 1, host: 'tpl-hidden.example' });
    for (const findingId of [published, hidden]) {
      const answer = await as.analyst!('applyTemplate', {
        slug: hooked,
        service,
        findingId,
        templateId: template.templateId,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    }
    const [payload] = await waitFor('the template edit', () => {
      const payloads = payloadsAt('/template', secret);
      return payloads.length >= 1 ? payloads : undefined;
    });
    expect(payload).toMatchObject({
      type: 'finding.updated',
      data: { finding: { id: published, title: `Template title ${run}` } },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(payloadsAt('/template', secret)).toHaveLength(1);
  });
});

describe('scan.completed', () => {
  /** A nuclei JSONL: one finding per [check, host]. */
  const nuclei = (findings: Array<[number, number]>) =>
    findings
      .map(([check, host]) =>
        JSON.stringify({
          'template-id': `hooks-check-${check}`,
          info: { name: `Hooks check ${check}`, severity: 'high' },
          host: `hooks-${host}.example.com`,
          'matched-at': `https://hooks-${host}.example.com/p${check}`,
          type: 'http',
          timestamp: '2026-11-01T00:00:00Z',
        }),
      )
      .join('\n');

  it("ends each import its customers see something of with their counts and the report's link, and tells the published findings it fixed or reopened", async () => {
    const scanService = 'projectmariana';
    const { secret } = await addEndpoint(hooked, '/scans', ['scan.completed', 'finding.fixed', 'finding.reopened']);
    const scanPayloads = () => payloadsAt('/scans', secret);
    const first = await importScanAs(as.analyst!, {
      slug: hooked,
      service: scanService,
      name: 'a.jsonl',
      body: nuclei([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    });
    expect(first.counts).toMatchObject({ new: 3 });

    // Two of them published; the next scan of the same hosts no longer finds one of those, and finds a new one.
    const rows = (await as.analyst!('listFindings', { slug: hooked, service: scanService, limit: 50 })).body.result
      .findings as Array<{ id: string; title: string }>;
    const published: Record<string, string> = {};
    for (const title of ['Hooks check 0', 'Hooks check 1']) {
      const row = rows.find((candidate) => candidate.title === title)!;
      published[title] = row.id;
      const answer = await as.analyst!('updateFinding', {
        slug: hooked,
        service: scanService,
        findingId: row.id,
        field: 'published',
        value: true,
        expectedVersion: 0,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    }
    const second = await importScanAs(as.analyst!, {
      slug: hooked,
      service: scanService,
      name: 'b.jsonl',
      body: nuclei([
        [1, 1],
        [2, 2],
        [9, 0],
      ]),
    });
    expect(second.counts).toMatchObject({ new: 1, fixed: 1 });
    const afterSecond = await waitFor('the second scan.completed', () => {
      const payloads = scanPayloads();
      return payloads.some((payload) => payload.type === 'scan.completed') ? payloads : undefined;
    });
    // The first scan is not told: nothing of it was published, so its customers see nothing of it.
    const completed = afterSecond.filter((payload) => payload.type === 'scan.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      type: 'scan.completed',
      data: {
        company: hooked,
        scan: { service: scanService, tool: expect.any(String), counts: { new: 0, fixed: 1, reopened: 0, open: 1 } },
      },
    });
    expect(Object.keys(completed[0]!.data).sort()).toEqual(['company', 'scan']);
    expect(Object.keys(completed[0]!.data.scan).sort()).toEqual(['counts', 'finishedAt', 'link', 'service', 'tool']);
    expect(completed[0]!.data.scan.link).toMatch(new RegExp(`/reports/${scanService}$`));
    // The published finding the scan fixed is told as an analyst's fix would be; the unpublished one it found is not.
    const fixed = await waitFor('finding.fixed', () =>
      scanPayloads().find((payload) => payload.type === 'finding.fixed'),
    );
    expect(fixed.data.finding).toMatchObject({ id: published['Hooks check 0'], status: 'fixed' });

    // Found again: reopened, told one by one and in the scan's counts.
    await importScanAs(as.analyst!, {
      slug: hooked,
      service: scanService,
      name: 'c.jsonl',
      body: nuclei([
        [0, 0],
        [1, 1],
        [2, 2],
        [9, 0],
      ]),
    });
    const reopened = await waitFor('finding.reopened', () =>
      scanPayloads().find((payload) => payload.type === 'finding.reopened'),
    );
    expect(reopened.data.finding).toMatchObject({ id: published['Hooks check 0'], status: 'open' });
    const third = await waitFor('the third scan.completed', () => {
      const all = scanPayloads().filter((payload) => payload.type === 'scan.completed');
      return all.length >= 2 ? all : undefined;
    });
    expect(third[1]!.data.scan.counts).toEqual({ new: 0, fixed: 0, reopened: 1, open: 2 });
    // One message per import and per finding, whatever the redeliveries.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      scanPayloads()
        .map((payload) => payload.type)
        .sort(),
    ).toEqual(['finding.fixed', 'finding.reopened', 'scan.completed', 'scan.completed']);
  });
});

describe('bulk updates', () => {
  async function bulk(slug: string, findingIds: string[], action: Record<string, unknown>) {
    const started = await as.analyst!('bulkUpdateFindings', { slug, service, findingIds, action });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    return waitFor('the bulk update', async () => {
      const answer = await as.analyst!('getBulkUpdate', { bulkId: started.body.result.bulkId });
      return answer.body.result?.status === 'done' ? answer.body.result : undefined;
    });
  }

  const outboxEntries = async (slug: string) => {
    const { Items = [] } = await documentClient.send(
      new QueryCommand({
        TableName: readConfig().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `WEBHOOK_OUTBOX#${slug}` },
        ConsistentRead: true,
      }),
    );
    // The company's imports' entries (scan.completed, the findings they fixed or reopened) are beside them.
    return Items.filter((item) => String(item.id).startsWith('bulk-'));
  };

  it("send each changed published finding's event, never an unpublished one's or a tag's", async () => {
    const { secret } = await addEndpoint(hooked, '/bulk', [
      'finding.published',
      'finding.updated',
      'finding.fixed',
      'finding.reopened',
    ]);
    const published = await seedFindings({ slug: hooked, service, count: 3, published: true, host: 'bulk.example' });
    const [hidden] = await seedFindings({ slug: hooked, service, count: 1, host: 'bulk-hidden.example' });
    const all = [...published, hidden!];
    const got = async (count: number) =>
      waitFor(`${count} bulk deliveries`, () => {
        const payloads = payloadsAt('/bulk', secret);
        return payloads.length >= count ? payloads : undefined;
      });

    expect(await bulk(hooked, all, { kind: 'setStatus', value: { status: 'fixed' } })).toMatchObject({ changed: 4 });
    const fixed = await got(3);
    expect(fixed.map((payload) => payload.type)).toEqual(Array(3).fill('finding.fixed'));
    expect(fixed.map((payload) => payload.data.finding.id).sort()).toEqual([...published].sort());

    await bulk(hooked, all, { kind: 'setStatus', value: { status: 'open' } });
    const reopened = (await got(6)).slice(3);
    expect(reopened.map((payload) => payload.type)).toEqual(Array(3).fill('finding.reopened'));

    await bulk(hooked, all, { kind: 'addTag', tag: `bulk-${run}` });
    await bulk(hooked, all, { kind: 'setSeverity', value: 'critical' });
    const updated = (await got(9)).slice(6);
    expect(updated.map((payload) => payload.type)).toEqual(Array(3).fill('finding.updated'));
    expect(updated.map((payload) => payload.data.finding.severity)).toEqual(Array(3).fill('critical'));

    await bulk(hooked, [hidden!], { kind: 'setPublished', value: true });
    const [publication] = (await got(10)).slice(9);
    expect(publication).toMatchObject({ type: 'finding.published', data: { finding: { id: hidden } } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bodies = received.filter((request) => request.path === '/bulk');
    expect(bodies).toHaveLength(10);
    // Ten entries: three per status and severity change, one publication; none for the tag or the unpublished.
    expect(await outboxEntries(hooked)).toHaveLength(10);

    // A company without an enabled endpoint: its bulk updates write no outbox entry.
    const quietIds = await seedFindings({
      slug: quiet,
      service,
      count: 3,
      published: true,
      host: 'bulk-quiet.example',
    });
    expect(await bulk(quiet, quietIds, { kind: 'setStatus', value: { status: 'fixed' } })).toMatchObject({
      changed: 3,
    });
    expect(await outboxEntries(quiet)).toEqual([]);
  });
});

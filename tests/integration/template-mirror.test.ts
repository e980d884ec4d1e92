// Mirroring the template library to a real Algolia application, end to end against the local stack's
// DynamoDB Local: template calls through the API handler queue a mirror run on a FIFO queue stand-in whose
// consumer is the worker's own handler, which sends the changes with Algolia's write API. Algolia
// cannot run here, so a small HTTP server in this file plays its write API (batch, settings) and records
// what the client sends; the client reaches it through ALGOLIA_HOSTS, configuration only.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FifoQueue } from '../../infra/local/queue/fifo-queue.js';
import { startSqsEndpoint, type SqsEndpoint } from '../../infra/local/queue/sqs-endpoint.js';
import { handler as worker } from '../../lambdas/import/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import {
  forgetAlgoliaClient,
  mirrorIndexSettings,
  mirrorSyncedUntil,
  mirrorTemplateChanges,
} from '../../lambdas/kernel/templates/template-mirror.js';
import { syncAlgolia } from '../../scripts/algolia-sync.js';
import { seedFindings as seedFindingItems } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

interface AlgoliaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  /** Answered with a 500. */
  failed: boolean;
}

/** Algolia's write API as far as the mirror uses it: batch and settings of an index. */
async function startAlgoliaStandIn() {
  const requests: AlgoliaRequest[] = [];
  const state = { failing: false };
  let taskID = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const body: unknown = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
      const path = new URL(request.url ?? '/', 'http://algolia').pathname;
      requests.push({ method: request.method ?? '', path, headers: request.headers, body, failed: state.failing });
      response.setHeader('content-type', 'application/json; charset=utf-8');
      const answer = (status: number, payload: unknown) => {
        response.statusCode = status;
        response.end(JSON.stringify(payload));
      };
      if (state.failing) return answer(500, { message: 'Internal error', status: 500 });
      taskID += 1;
      if (request.method === 'POST' && /^\/1\/indexes\/[^/]+\/batch$/.test(path)) {
        const writes = (body as { requests: { body: { objectID: string } }[] }).requests;
        return answer(200, { taskID, objectIDs: writes.map((write) => write.body.objectID) });
      }
      if (request.method === 'PUT' && /^\/1\/indexes\/[^/]+\/settings$/.test(path)) {
        return answer(200, { taskID, updatedAt: new Date().toISOString() });
      }
      return answer(404, { message: `No route for ${request.method} ${path}`, status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** Every write of the batches answered 200, in the order they were sent. */
    writes: () =>
      requests
        .filter((request) => !request.failed && request.path.endsWith('/batch'))
        .flatMap((request) => (request.body as { requests: { action: string; body: any }[] }).requests),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

const appId = 'MIRRORTEST';
const adminKey = randomBytes(16).toString('hex');
const run = randomUUID().slice(0, 8);
const written: string[] = [];
let algolia: Awaited<ReturnType<typeof startAlgoliaStandIn>>;
let queue: FifoQueue;
let endpoint: SqsEndpoint;
let queueDir: string;
let ada: ReturnType<typeof signedInCaller>;
/** Deliveries of the queue the worker is running now. */
let working = 0;

/** Until the worker has been idle a moment (a run it started has moved the marker). */
async function workerIdle(): Promise<void> {
  for (let quiet = 0; quiet < 4; quiet = working === 0 ? quiet + 1 : 0) await delay(50);
}

const lastWriteOf = (objectID: string) => algolia.writes().findLast((write) => write.body.objectID === objectID);

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }

  algolia = await startAlgoliaStandIn();
  // A work queue of this file's own, consumed by the worker's handler in this process (which has the
  // Algolia configuration below); the stack's queue is consumed by the stack's process, which has none.
  queueDir = mkdtempSync(path.join(tmpdir(), 'template-mirror-queue-'));
  const region = process.env.AWS_REGION!;
  queue = await FifoQueue.open({
    name: 'template-mirror-test.fifo',
    arn: `arn:aws:sqs:${region}:000000000000:template-mirror-test.fifo`,
    region,
    dataDir: queueDir,
    visibilityTimeoutMs: 100,
  });
  endpoint = await startSqsEndpoint({
    port: 0,
    region,
    accountId: '000000000000',
    accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
    queues: [queue],
  });
  queue.consumeWith(async (event) => {
    working += 1;
    try {
      return await worker(event);
    } finally {
      working -= 1;
    }
  });
  Object.assign(process.env, {
    SEARCH_APP_ID: appId,
    ALGOLIA_ADMIN_KEY: adminKey,
    ALGOLIA_HOSTS: algolia.origin,
    IMPORT_QUEUE_URL: endpoint.queueUrl('template-mirror-test.fifo'),
    AWS_ENDPOINT_URL_SQS: endpoint.endpoint,
  });
  resetConfigCache();
  forgetAlgoliaClient();

  ada = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  // Everything the library held before this file: one run from the marker (0 on a fresh table).
  await mirrorTemplateChanges();
  algolia.requests.length = 0;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await endpoint?.stop();
  await queue?.stop(0);
  await algolia?.stop();
  if (queueDir) rmSync(queueDir, { recursive: true, force: true });
});

async function createTemplate(title: string) {
  const answer = await ada('createTemplate', {
    title,
    severity: 'medium',
    description: `What ${title} means.`,
    remediation: 'Set the header on every answer.',
    references: ['https://owasp.org/www-project-secure-headers/'],
    cwe: ['CWE-693'],
    services: ['dast'],
    tags: ['headers', run],
    rules: [`zap:mirror-${run}`],
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { templateId: string; fieldVersions: Record<string, number>; version: number };
}

describe('the Algolia mirror', () => {
  let templateId: string;

  it('sends a created template with its fields, to the index finding_templates, with the admin key', async () => {
    const created = await createTemplate(`Missing CSP header ${run}`);
    templateId = created.templateId;

    await waitFor(() => lastWriteOf(templateId) !== undefined, 'the created template at Algolia');
    const request = algolia.requests.find((entry) =>
      (entry.body as { requests?: { body: { objectID: string } }[] })?.requests?.some(
        (write) => write.body.objectID === templateId,
      ),
    )!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/1/indexes/finding_templates/batch');
    expect(request.headers['x-algolia-application-id']).toBe(appId);
    expect(request.headers['x-algolia-api-key']).toBe(adminKey);
    expect(lastWriteOf(templateId)).toEqual({
      action: 'updateObject',
      body: {
        objectID: templateId,
        title: `Missing CSP header ${run}`,
        severity: 'medium',
        description: `What Missing CSP header ${run} means.`,
        remediation: 'Set the header on every answer.',
        references: ['https://owasp.org/www-project-secure-headers/'],
        cwe: ['CWE-693'],
        services: ['dast'],
        tags: ['headers', run],
        rules: [`zap:mirror-${run}`],
        usageCount: 0,
        version: 1,
        updatedAt: expect.any(Number),
      },
    });
  });

  it('sends an edit with the new value and version', async () => {
    const answer = await ada('updateTemplate', {
      templateId,
      field: 'title',
      value: `Content-Security-Policy missing ${run}`,
      expectedVersion: 1,
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);

    await waitFor(() => lastWriteOf(templateId)?.body.version === 2, 'the edit at Algolia');
    expect(lastWriteOf(templateId)).toMatchObject({
      action: 'updateObject',
      body: { objectID: templateId, title: `Content-Security-Policy missing ${run}`, version: 2 },
    });
  });

  it('sends the uses a bulk update counts (the worker mirrors after it)', async () => {
    const applied = await createTemplate(`Clickjacking ${run}`);
    await waitFor(() => lastWriteOf(applied.templateId) !== undefined, 'the second template at Algolia');
    const slug = `mirror-${run}`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Mirror ${run}`, flags: {} });
    const findingIds = await seedFindings(slug, 3);

    const bulk = await ada('bulkUpdateFindings', {
      slug,
      service: 'dast',
      findingIds,
      action: { kind: 'applyTemplate', templateId: applied.templateId },
    });
    expect(bulk.statusCode, JSON.stringify(bulk.body)).toBe(200);

    await waitFor(() => lastWriteOf(applied.templateId)?.body.usageCount === 3, 'the usage count at Algolia');
  });

  it('deletes a retired template', async () => {
    const answer = await ada('retireTemplate', { templateId, expectedVersion: 1 });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);

    await waitFor(() => lastWriteOf(templateId)?.action === 'deleteObject', 'the deletion at Algolia');
    expect(lastWriteOf(templateId)).toEqual({ action: 'deleteObject', body: { objectID: templateId } });
  });

  it('keeps a write that Algolia failed to take, logs it without the key, and sends it with the next run', async () => {
    await workerIdle();
    algolia.state.failing = true;
    const markerBefore = await mirrorSyncedUntil();
    const missed = await createTemplate(`Missing HSTS ${run}`);
    const sentTo = (request: AlgoliaRequest, objectID: string) =>
      (request.body as { requests?: { body: { objectID: string } }[] })?.requests?.some(
        (write) => write.body.objectID === objectID,
      ) === true;
    await waitFor(
      () => algolia.requests.some((request) => request.failed && sentTo(request, missed.templateId)),
      'the failed attempt',
    );
    await waitFor(() => written.join('').includes('Mirroring templates to Algolia failed'), 'the failure logged');

    // The user's write stands; the marker did not move past it.
    const stored = await ada('getTemplate', { templateId: missed.templateId });
    expect(stored.body.result).toMatchObject({ title: `Missing HSTS ${run}`, version: 1 });
    expect(await mirrorSyncedUntil()).toBe(markerBefore);
    expect(lastWriteOf(missed.templateId)).toBeUndefined();

    algolia.state.failing = false;
    const next = await createTemplate(`Missing X-Frame-Options ${run}`);
    await waitFor(() => lastWriteOf(next.templateId) !== undefined, 'the next template at Algolia');
    await workerIdle();
    expect(lastWriteOf(missed.templateId)).toMatchObject({
      action: 'updateObject',
      body: { objectID: missed.templateId, title: `Missing HSTS ${run}` },
    });
    expect(await mirrorSyncedUntil()).toBeGreaterThan(markerBefore);

    const log = written.join('');
    const failure = log.split('\n').find((line) => line.includes('Mirroring templates to Algolia failed'))!;
    expect(JSON.parse(failure)).toMatchObject({ level: 'ERROR', error: 'RetryError' });
    expect(log).not.toContain(adminKey);
  });

  it('resyncs everything with the script: the index settings, then every template from the start', async () => {
    algolia.requests.length = 0;
    const result = await syncAlgolia();

    const settings = algolia.requests.find((request) => request.path.endsWith('/settings'))!;
    expect(settings).toMatchObject({ method: 'PUT', path: '/1/indexes/finding_templates/settings' });
    expect(settings.body).toEqual({
      searchableAttributes: ['unordered(title)', 'unordered(rules)', 'tags,cwe', 'description,remediation'],
      customRanking: ['desc(usageCount)'],
      attributesToHighlight: ['title', 'rules', 'tags', 'cwe', 'description', 'remediation'],
      typoTolerance: true,
      minWordSizefor1Typo: 4,
      minWordSizefor2Typos: 8,
    });
    expect(settings.body).toEqual(mirrorIndexSettings);
    expect(algolia.requests.indexOf(settings)).toBe(0);
    // The demo library the stack seeded is there too, not only this file's templates.
    expect(result.saved).toBeGreaterThan(10);
    expect(lastWriteOf(templateId)).toEqual({ action: 'deleteObject', body: { objectID: templateId } });
    expect(
      algolia
        .writes()
        .filter((write) => write.body.tags?.includes(run))
        .map((write) => write.body.title),
    ).toEqual(expect.arrayContaining([`Clickjacking ${run}`, `Missing HSTS ${run}`, `Missing X-Frame-Options ${run}`]));
    expect(written.join('')).not.toContain(adminKey);
  });
});

/** Findings straight in the table, as an import leaves them. */
const seedFindings = (slug: string, count: number) =>
  seedFindingItems({ slug, count, ruleId: '10020', host: 'mirror.example' });

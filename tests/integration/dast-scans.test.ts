// The public DAST endpoint against the local stack, over HTTP through the local API adapter (the same
// handler and route keys as on AWS): a pipeline triggers a scan with its DAST key, the reference agent pulls the
// `zap` job and uploads the ZAP fixture, the status shows done with the import and (with dast:results:read) its
// counts, and the findings appear on the company's DAST findings. Refusals: no key, a malformed, revoked or
// unscoped key, a target the key does not allow or outside the location, an unknown location, the company switch
// turned off, another company's scan (404), the per-key rate limit and the per-company running-scan limit (429
// with Retry-After); refused triggers write no job and are recorded. DynamoDB requests are counted in-process.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ReferenceAgent, reportFileRunner } from '../../agent/reference-agent.js';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { handler } from '../../lambdas/api/handler.js';
import { createCompanyAs, updateCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import type { LocationItem } from '../../lambdas/kernel/data/entities/locations.js';
import { countActiveJobs } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { createDastKeyAs, revokeDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { maxActiveDastScans } from '../../lambdas/kernel/dast-scans/dast-scans.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { claimNextJob, getScanJob } from '../../lambdas/kernel/scan-jobs/scan-jobs.js';
import { seedAgent } from '../support/agent-fixtures.js';
import { restRouteEvent } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { seedLocation } from '../support/location-fixtures.js';
import { updateLocationAs } from '../../lambdas/kernel/locations/locations.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const zapFixture = 'tests/fixtures/scanners/dast/owasp_zap.json';
const admin = demoAnalystCaller({ uid: 'dast-scan-tests', email: 'dast-scan-tests@test.example' }, 9);
const editor = { uid: 'tests', email: 'tests@example.com' };

let slug: string;
let location: LocationItem;
let otherLocation: LocationItem;

async function newCompany(prefix: string): Promise<{ slug: string; location: LocationItem }> {
  const companySlug = `${prefix}-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(editor, {
    slug: companySlug,
    companyName: 'DAST Scans Co',
    flags: { enableDast: true, enableDastTriggering: true },
  });
  const defaultLocation = await seedLocation(companySlug, {
    name: 'Cloud scanners',
    kind: 'hosted-region',
    cidrs: ['203.0.113.0/24'],
    domains: ['app.acme.example'],
    isDefault: true,
  });
  return { slug: companySlug, location: defaultLocation };
}

async function newKey(
  fields: { scopes?: string[]; allowedTargets?: string[] } = {},
  companySlug = slug,
): Promise<{ key: string; keyId: string }> {
  const { key, dastKey } = await createDastKeyAs(admin, companySlug, {
    name: `Pipeline ${randomUUID().slice(0, 6)}`,
    allowedTargets: fields.allowedTargets ?? ['https://app.acme.example/', 'internal.acme.example', 'other.example'],
    ...(fields.scopes ? { scopes: fields.scopes } : {}),
  });
  return { key, keyId: dastKey.keyId };
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function request(method: 'GET' | 'POST', path: string, key?: string, body?: string): Promise<Answer> {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: {
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const trigger = (key: string | undefined, body: unknown) =>
  request('POST', '/api/dast/v1/scans', key, typeof body === 'string' ? body : JSON.stringify(body));
const status = (key: string | undefined, scanId: string) => request('GET', `/api/dast/v1/scans/${scanId}`, key);

/** The same requests handed straight to the handler in this process, so its DynamoDB requests can be counted. */
function restEvent(routeKey: string, path: string, headers: Record<string, string>, body?: string) {
  const scanId = /\/scans\/([^/]+)$/.exec(path)?.[1];
  return restRouteEvent(routeKey, path, { headers, body, ...(scanId ? { pathParameters: { scanId } } : {}) });
}

async function direct(key: string, body: unknown): Promise<{ statusCode: number; headers: any; body: any }> {
  const event = restEvent(
    'POST /api/dast/v1/scans',
    '/api/dast/v1/scans',
    { authorization: `Bearer ${key}` },
    JSON.stringify(body),
  );
  const result = (await handler(event)) as { statusCode: number; headers: any; body: string };
  return { ...result, body: JSON.parse(result.body) };
}

async function keyEvents(keyId: string): Promise<Array<{ type: string; summary: string }>> {
  return (await listEventsCreatedBy(`dast-key:${keyId}`, { limit: 50, descending: true })).events;
}

beforeAll(async () => {
  ({ slug, location } = await newCompany('dscan'));
  otherLocation = await seedLocation(slug, { name: 'Office', cidrs: ['10.50.0.0/16'], domains: ['other.example'] });
});

describe('DAST endpoint: trigger, scan, status', () => {
  it('queues a zap job at the default location; the agent runs it; the status shows done with the findings counts', async () => {
    const { key, keyId } = await newKey({ scopes: ['dast:trigger', 'dast:status:read', 'dast:results:read'] });
    const queued = await trigger(key, { target: 'https://app.acme.example/login' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toEqual({
      scanId: expect.stringMatching(/^[0-9a-z]+$/),
      status: 'queued',
      statusUrl: `/api/dast/v1/scans/${queued.body.scanId}`,
    });
    expect(queued.headers.get('location')).toBe(queued.body.statusUrl);
    expect(queued.headers.get('cache-control')).toBe('no-store');
    const scanId = queued.body.scanId as string;
    expect(await getScanJob(scanId)).toMatchObject({
      slug,
      locationId: location.locationId,
      capability: 'zap',
      service: 'dast',
      target: 'https://app.acme.example/login',
      status: 'queued',
      queuedBy: `dast-key:${keyId}`,
    });
    expect((await keyEvents(keyId)).map((event) => event.type)).toContain('dastScanQueued');

    const before = await status(key, scanId);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ scanId, status: 'queued', target: 'https://app.acme.example/login' });
    expect(before.body.findings).toBeUndefined();

    const { agent, credential } = await seedAgent(slug, { locationId: location.locationId, name: 'Cloud ZAP' });
    const reference = new ReferenceAgent(
      {
        portal: appUrl,
        agentId: agent.agentId,
        slug,
        locationId: location.locationId,
        credential,
        heartbeatIntervalSeconds: 60,
      },
      reportFileRunner(zapFixture),
    );
    const ran = await reference.runNextJob();
    expect(ran).toEqual({ jobId: scanId, importId: expect.any(String) });

    let answer: Answer = before;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      answer = await status(key, scanId);
      if (answer.body.status === 'done' || answer.body.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      scanId,
      status: 'done',
      target: 'https://app.acme.example/login',
      importId: ran!.importId,
      findings: {
        total: expect.any(Number),
        bySeverity: {
          critical: expect.any(Number),
          high: expect.any(Number),
          medium: expect.any(Number),
          low: expect.any(Number),
          info: expect.any(Number),
        },
      },
    });
    expect(answer.body.findings.total).toBeGreaterThan(0);
    expect(Date.parse(answer.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(answer.body.createdAt));

    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const findings = await analyst('listFindings', { slug, service: 'dast', limit: 100 });
    expect(findings.statusCode).toBe(200);
    expect(findings.body.result.findings.map((finding: any) => finding.title)).toContain(
      'Cross-Domain Misconfiguration',
    );

    // Without dast:results:read the same scan is answered without its counts.
    const plain = await newKey();
    const withoutCounts = await status(plain.key, scanId);
    expect(withoutCounts.body).toMatchObject({ scanId, status: 'done', importId: ran!.importId });
    expect(withoutCounts.body.findings).toBeUndefined();
  });

  it('queues at a named location of the company', async () => {
    const { key } = await newKey();
    const queued = await trigger(key, { target: 'https://other.example/', locationId: otherLocation.locationId });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(await getScanJob(queued.body.scanId)).toMatchObject({ locationId: otherLocation.locationId });
  });

  it('costs 1-2 DynamoDB requests for the key before the work: a trigger is key, locations, job with its count, event', async () => {
    const { key } = await newKey();
    // Both triggers in one rate window (they are aligned to the minute): a second one in the next window would
    // count as a first use again, 2 UpdateItems.
    const toNextWindow = 60_000 - (Date.now() % 60_000);
    if (toNextWindow < 5_000) await new Promise((resolve) => setTimeout(resolve, toNextWindow + 50));
    const first = await dynamoDbRequestsOf(() => direct(key, { target: 'https://app.acme.example/a' }));
    expect(first.result.statusCode, JSON.stringify(first.result.body)).toBe(202);
    // The key's use in a new rate window: 2 UpdateItems; then the work: the locations, the job queued and counted
    // among the company's unfinished scans in one transaction, the event.
    expect(first.requests.slice(0, 2)).toEqual(['UpdateItemCommand', 'UpdateItemCommand']);
    expect(first.requests.slice(2)).toEqual(['QueryCommand', 'TransactWriteItemsCommand', 'PutItemCommand']);

    const second = await dynamoDbRequestsOf(() => direct(key, { target: 'https://app.acme.example/b' }));
    expect(second.result.statusCode).toBe(202);
    expect(second.requests[0]).toBe('UpdateItemCommand');
    expect(second.requests).toHaveLength(4);

    const scanId = second.result.body.scanId as string;
    const read = await dynamoDbRequestsOf(async () => {
      const event = restEvent('GET /api/dast/v1/scans/{scanId}', `/api/dast/v1/scans/${scanId}`, {
        authorization: `Bearer ${key}`,
      });
      return (await handler(event)) as { statusCode: number };
    });
    expect(read.result.statusCode).toBe(200);
    // A queued scan: the key, then the job.
    expect(read.requests).toEqual(['UpdateItemCommand', 'GetItemCommand']);
  });
});

describe('DAST endpoint: the location’s scan window', () => {
  const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);
  const hour = 3_600_000;
  /** A daily window, in UTC, from `from` to `to` (instants; only their time of day counts). */
  const dailyWindow = (from: number, to: number) => ({
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as (
      'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'
    )[],
    start: hhmm(from),
    end: hhmm(to),
    timeZone: 'UTC',
  });
  // A company of its own: a scan left waiting for its window holds one of the company's few places.
  let windowSlug: string;
  beforeAll(async () => {
    ({ slug: windowSlug } = await newCompany('dwindow'));
  });

  /** A site of the company with this window and its own host, and a scan of it triggered with a key for it. */
  async function triggerAtSite(label: string, cidr: string, scanWindow: ReturnType<typeof dailyWindow>) {
    const host = `${label.toLowerCase()}.acme.example`;
    const site = await seedLocation(windowSlug, {
      name: `${label} site ${randomUUID().slice(0, 6)}`,
      cidrs: [cidr],
      domains: [host],
      scanWindow,
    });
    const { key, keyId } = await newKey({ allowedTargets: [`https://${host}/`] }, windowSlug);
    const queued = await trigger(key, { target: `https://${host}/`, locationId: site.locationId });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    return { site, key, keyId, queued };
  }

  it('queues a scan triggered outside the window with when it will run; no agent claims it until the window opens', async () => {
    const now = Date.now();
    const {
      site: night,
      key,
      keyId,
      queued,
    } = await triggerAtSite('Night', '192.0.2.0/24', dailyWindow(now + 2 * hour, now + 3 * hour));
    // The window opens at the start of its minute, two hours from now.
    const opens = Math.floor((now + 2 * hour) / 60_000) * 60_000;
    expect(queued.body).toMatchObject({ status: 'queued', runsAfter: new Date(opens).toISOString() });
    const scanId = queued.body.scanId as string;
    expect((await status(key, scanId)).body).toMatchObject({ status: 'queued', runsAfter: queued.body.runsAfter });
    const [event] = await keyEvents(keyId);
    expect(event!.summary).toContain("it waits for the location's scan window, which opens");

    const { agent, credential } = await seedAgent(windowSlug, { locationId: night.locationId, name: 'Night ZAP' });
    const reference = new ReferenceAgent(
      {
        portal: appUrl,
        agentId: agent.agentId,
        slug: windowSlug,
        locationId: night.locationId,
        credential,
        heartbeatIntervalSeconds: 60,
      },
      reportFileRunner(zapFixture),
    );
    expect(await reference.runNextJob()).toBeUndefined();
    expect(await getScanJob(scanId)).toMatchObject({ status: 'queued', notBefore: opens });

    // The window as it is when the agent asks decides: opened around now, the job is claimed and run.
    await updateLocationAs(admin, windowSlug, night.locationId, night.version, {
      name: night.name,
      kind: night.kind,
      cidrs: night.cidrs,
      exclusions: night.exclusions,
      domains: night.domains,
      networkLabel: night.networkLabel,
      isDefault: false,
      scanWindow: dailyWindow(now - hour, now + hour),
    });
    expect(await reference.runNextJob()).toEqual({ jobId: scanId, importId: expect.any(String) });
  });

  it('claims without reading the location while the window the job carries is open, and reads it when closed', async () => {
    const now = Date.now();
    const { site, queued } = await triggerAtSite(
      'Counted',
      '198.19.0.0/24',
      dailyWindow(now + 2 * hour, now + 3 * hour),
    );
    const { agent } = await seedAgent(windowSlug, { locationId: site.locationId, name: 'Counted ZAP' });

    // Closed: the queue, then the location, whose window is the one that counts; nothing is claimed.
    const closed = await dynamoDbRequestsOf(() => claimNextJob(agent));
    expect(closed.result).toBeUndefined();
    expect(closed.requests).toEqual(['QueryCommand', 'GetItemCommand']);
    // In the window (two and a half hours on): the queue, then the claim, conditional on the location's version.
    const inside = await dynamoDbRequestsOf(() => claimNextJob(agent, now + 2.5 * hour));
    expect(inside.result).toMatchObject({ jobId: queued.body.scanId, status: 'running' });
    expect(inside.requests).toEqual(['QueryCommand', 'TransactWriteItemsCommand']);
  });

  it('queues at once (no runsAfter) inside the window', async () => {
    const now = Date.now();
    const { queued } = await triggerAtSite('Day', '198.18.0.0/24', dailyWindow(now - hour, now + hour));
    expect(queued.body.runsAfter).toBeUndefined();
    expect((await getScanJob(queued.body.scanId))?.notBefore).toBeUndefined();
  });
});

describe('DAST endpoint: refusals', () => {
  it('refuses a missing, malformed and revoked key with 401, and writes nothing', async () => {
    const missing = await trigger(undefined, { target: 'https://app.acme.example/' });
    expect(missing.status).toBe(401);
    expect(missing.body.error.status).toBe('UNAUTHENTICATED');
    expect((await trigger('spdk_not-a-key', { target: 'https://app.acme.example/' })).status).toBe(401);
    const revoked = await newKey();
    expect((await trigger(revoked.key, { target: 'https://app.acme.example/' })).status).toBe(202);
    await revokeDastKeyAs(admin, slug, revoked.keyId);
    const after = await trigger(revoked.key, { target: 'https://app.acme.example/' });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
    expect((await status(revoked.key, 'abc')).status).toBe(401);
  });

  it('refuses a key without the scope: 403 naming it', async () => {
    const reader = await newKey({ scopes: ['dast:status:read'] });
    const refused = await trigger(reader.key, { target: 'https://app.acme.example/' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/lacks the scope dast:trigger/);
    const trigger_only = await newKey({ scopes: ['dast:trigger'] });
    expect((await status(trigger_only.key, 'abc')).body.error.message).toMatch(/dast:status:read/);
  });

  it('refuses a target the key does not allow (403), outside the location or an unknown location (400); records each, queues nothing', async () => {
    const { key, keyId } = await newKey();
    const active = await countActiveJobs(slug, 'dast');

    const foreign = await trigger(key, { target: 'https://evil.example/' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect(foreign.body.error.message).toMatch(/^target: https:\/\/evil\.example\/ is not among the allowed targets/);
    // A URL entry covers its origin only: another scheme or port is not allowed.
    expect((await trigger(key, { target: 'http://app.acme.example/' })).status).toBe(403);
    expect((await trigger(key, { target: 'https://app.acme.example:8443/' })).status).toBe(403);

    const outside = await trigger(key, { target: 'https://internal.acme.example/' });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toMatch(/^target: internal\.acme\.example is outside the ranges and domains/);

    const unknown = await trigger(key, { target: 'https://app.acme.example/', locationId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^locationId: /);

    expect(await countActiveJobs(slug, 'dast')).toBe(active);
    const events = await keyEvents(keyId);
    expect(events.filter((event) => event.type === 'dastScanRefused')).toHaveLength(5);
    expect(events.some((event) => event.type === 'dastScanQueued')).toBe(false);
  });

  it('stops at once when the company switches DAST triggering off, and starts again when it is on', async () => {
    const company = await newCompany('dscan-off');
    const { key } = await newKey({}, company.slug);
    expect((await trigger(key, { target: 'https://app.acme.example/' })).status).toBe(202);
    const off = await updateCompanyAs(editor, {
      slug: company.slug,
      version: (await getCompanyRecord(company.slug))!.version,
      flags: { enableDastTriggering: false },
    });
    const refused = await trigger(key, { target: 'https://app.acme.example/' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/turned off/);
    await updateCompanyAs(editor, { slug: company.slug, version: off.version, flags: { enableDastTriggering: true } });
    expect((await trigger(key, { target: 'https://app.acme.example/' })).status).toBe(202);
  });

  it("answers another company's scan id as an unknown one: 404", async () => {
    const mine = await newKey();
    const queued = await trigger(mine.key, { target: 'https://app.acme.example/' });
    expect(queued.status).toBe(202);
    const other = await newCompany('dscan-other');
    const theirs = await newKey({}, other.slug);
    const foreign = await status(theirs.key, queued.body.scanId);
    const unknown = await status(theirs.key, `${queued.body.scanId.slice(0, -1)}0`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.error.status).toBe('NOT_FOUND');
    expect((await status(theirs.key, '..%2F..')).status).toBe(404);
  });

  it('limits a company to a few queued or running DAST scans: 429 with Retry-After, nothing queued', async () => {
    const company = await newCompany('dscan-busy');
    const { key } = await newKey({}, company.slug);
    for (let index = 0; index < maxActiveDastScans; index += 1) {
      const queued = await trigger(key, { target: `https://app.acme.example/${index}` });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    }
    const busy = await trigger(key, { target: 'https://app.acme.example/more' });
    expect(busy.status).toBe(429);
    expect(busy.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(busy.body.error.details).toEqual({ retryAfterSeconds: Number(busy.headers.get('retry-after')) });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(maxActiveDastScans);
  });

  it('holds the limit for triggers sent at the same moment, and frees a place when a scan ends', async () => {
    const company = await newCompany('dscan-rush');
    const { key } = await newKey({}, company.slug);
    const answers = await Promise.all(
      Array.from({ length: maxActiveDastScans + 3 }, (_, index) =>
        trigger(key, { target: `https://app.acme.example/rush/${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((code) => code === 202)).toHaveLength(maxActiveDastScans);
    for (const answer of answers.filter((candidate) => candidate.status !== 202)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(429);
      expect(answer.body.error.message).toContain('queued or running already');
    }
    expect(await countActiveJobs(company.slug, 'dast')).toBe(maxActiveDastScans);
  });

  it('limits requests per key: 429 with Retry-After', async () => {
    process.env.DAST_KEY_RATE_LIMIT = '2';
    process.env.DAST_KEY_RATE_WINDOW_SECONDS = '3600';
    resetConfigCache();
    try {
      const company = await newCompany('dscan-rate');
      const { key } = await newKey({}, company.slug);
      expect((await direct(key, { target: 'https://app.acme.example/1' })).statusCode).toBe(202);
      expect((await direct(key, { target: 'https://app.acme.example/2' })).statusCode).toBe(202);
      const limited = await direct(key, { target: 'https://app.acme.example/3' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    } finally {
      delete process.env.DAST_KEY_RATE_LIMIT;
      delete process.env.DAST_KEY_RATE_WINDOW_SECONDS;
      resetConfigCache();
    }
  });
});

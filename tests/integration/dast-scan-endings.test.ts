// DAST scans end even when their agent does not finish them, against the local stack over HTTP: a pipeline cancels a
// queued or running scan (DELETE, 200 "cancelled"; a finished one 409, another company's 404, a key without
// dast:trigger 403); a running scan's agent hears of the cancel at its heartbeat and its report is refused without
// freeing the place twice; a scan whose agent is revoked fails, one no agent claimed within a day expires, one whose
// agent missed three heartbeats fails. Each ending frees its place under the company's limit of five, so a company
// whose scans stalled is not answered 429 for ever. The same from /admin/dast: listDastScans and cancelDastScan.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ReferenceAgent, type ScanRunner } from '../../agent/reference-agent.js';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { heartbeatIntervalSeconds } from '../../lambdas/kernel/agents/agents.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import type { LocationItem } from '../../lambdas/kernel/data/entities/locations.js';
import { countActiveJobs } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { createDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { maxActiveDastScans } from '../../lambdas/kernel/dast-scans/dast-scans.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { getScanJob } from '../../lambdas/kernel/scan-jobs/scan-jobs.js';
import { seedAgent, seedQueuedJob, seedRunningJob } from '../support/agent-fixtures.js';
import { callApi } from '../support/api-client.js';
import { seedLocation } from '../support/location-fixtures.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const admin = demoAnalystCaller({ uid: 'dast-endings-tests', email: 'dast-endings-tests@test.example' }, 9);
const editor = { uid: 'tests', email: 'tests@example.com' };
const hour = 3600_000;

interface Company {
  slug: string;
  location: LocationItem;
  key: string;
  keyId: string;
}

async function newCompany(prefix: string, scopes?: string[]): Promise<Company> {
  const slug = `${prefix}-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(editor, {
    slug,
    companyName: 'DAST Endings Co',
    flags: { enableDast: true, enableDastTriggering: true },
  });
  const location = await seedLocation(slug, { name: 'Cloud scanners', domains: ['app.acme.example'], isDefault: true });
  const { key, dastKey } = await createDastKeyAs(admin, slug, {
    name: 'Pipeline',
    allowedTargets: ['https://app.acme.example/'],
    ...(scopes ? { scopes } : {}),
  });
  return { slug, location, key, keyId: dastKey.keyId };
}

async function request(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const trigger = (key: string, path = 'x') =>
  request('POST', '/api/dast/v1/scans', key, { target: `https://app.acme.example/${path}` });
const cancel = (key: string, scanId: string) => request('DELETE', `/api/dast/v1/scans/${scanId}`, key);
const status = (key: string, scanId: string) => request('GET', `/api/dast/v1/scans/${scanId}`, key);

/** Triggers the company's five scans; the sixth is refused. */
async function fill(company: Company): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < maxActiveDastScans; index += 1) {
    const queued = await trigger(company.key, `fill/${index}`);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    ids.push(queued.body.scanId);
  }
  expect((await trigger(company.key, 'sixth')).status).toBe(429);
  return ids;
}

async function keyEventTypes(keyId: string): Promise<string[]> {
  return (await listEventsCreatedBy(`dast-key:${keyId}`, { limit: 50, descending: true })).events.map(
    (event) => event.type,
  );
}

let main: Company;

beforeAll(async () => {
  main = await newCompany('dend');
});

describe('DELETE /api/dast/v1/scans/{scanId}', () => {
  it('cancels a queued scan: 200 with status cancelled, its place is free (a sixth trigger is accepted), recorded', async () => {
    const company = await newCompany('dend-queued');
    const [first] = await fill(company);
    const cancelled = await cancel(company.key, first!);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      scanId: first,
      status: 'cancelled',
      target: 'https://app.acme.example/fill/0',
      reason: `Cancelled by DAST key ${company.keyId}.`,
    });
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    expect(await getScanJob(first!)).toMatchObject({ status: 'cancelled', cancelledBy: `dast-key:${company.keyId}` });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(maxActiveDastScans - 1);
    expect((await status(company.key, first!)).body.status).toBe('cancelled');

    expect((await trigger(company.key, 'sixth')).status).toBe(202);
    expect(await countActiveJobs(company.slug, 'dast')).toBe(maxActiveDastScans);
    expect(await keyEventTypes(company.keyId)).toContain('dastScanCancelled');

    // No agent claims it afterwards.
    const { credential } = await seedAgent(company.slug, { locationId: company.location.locationId });
    const pulled = await callApi(appUrl, 'pullScanJob', { credential });
    expect(pulled.body.result.job?.jobId).not.toBe(first);
  });

  it('answers 409 for a finished scan and frees nothing again', async () => {
    const queued = await trigger(main.key, 'twice');
    expect((await cancel(main.key, queued.body.scanId)).status).toBe(200);
    const before = await countActiveJobs(main.slug, 'dast');
    const again = await cancel(main.key, queued.body.scanId);
    expect(again.status).toBe(409);
    expect(again.body.error.status).toBe('ABORTED');
    expect(again.body.error.message).toMatch(/cancelled already; only a queued or running scan can be cancelled/);
    expect(await countActiveJobs(main.slug, 'dast')).toBe(before);

    const { agent, credential } = await seedAgent(main.slug, { locationId: main.location.locationId });
    const job = await seedRunningJob(agent);
    await callApi(appUrl, 'failScanJob', { credential, jobId: job.jobId, reason: 'ZAP could not start' });
    const failed = await cancel(main.key, job.jobId);
    expect(failed.status).toBe(409);
    expect(failed.body.error.message).toMatch(/failed already/);
  });

  it("answers 404 for another company's scan and an unknown one, 403 for a key without dast:trigger", async () => {
    const queued = await trigger(main.key, 'mine');
    const other = await newCompany('dend-other');
    const foreign = await cancel(other.key, queued.body.scanId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.status).toBe('NOT_FOUND');
    expect((await cancel(other.key, `${queued.body.scanId.slice(0, -1)}0`)).body).toEqual(foreign.body);
    expect((await cancel(main.key, '..%2F..')).status).toBe(404);

    const reader = await createDastKeyAs(admin, main.slug, {
      name: 'Reader',
      allowedTargets: ['https://app.acme.example/'],
      scopes: ['dast:status:read'],
    });
    const refused = await cancel(reader.key, queued.body.scanId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/lacks the scope dast:trigger/);
    expect((await getScanJob(queued.body.scanId))?.status).toBe('queued');
  });

  it('cancels a running scan: its agent hears it at its heartbeat, and its report is refused without freeing twice', async () => {
    const company = await newCompany('dend-running');
    const queued = await trigger(company.key, 'running');
    const { credential } = await seedAgent(company.slug, { locationId: company.location.locationId });
    const pulled = await callApi(appUrl, 'pullScanJob', { credential });
    expect(pulled.body.result.job).toMatchObject({ jobId: queued.body.scanId, status: 'running' });
    const beating = await callApi(appUrl, 'agentHeartbeat', {
      credential,
      agentVersion: '1.0.0',
      jobId: queued.body.scanId,
    });
    expect(beating.body.result.job).toEqual({ jobId: queued.body.scanId, status: 'running' });

    const cancelled = await cancel(company.key, queued.body.scanId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await countActiveJobs(company.slug, 'dast')).toBe(0);

    const told = await callApi(appUrl, 'agentHeartbeat', {
      credential,
      agentVersion: '1.0.0',
      jobId: queued.body.scanId,
    });
    expect(told.status).toBe(200);
    expect(told.body.result.job).toEqual({
      jobId: queued.body.scanId,
      status: 'cancelled',
      reason: `Cancelled by DAST key ${company.keyId}.`,
    });
    const upload = await callApi(appUrl, 'createScanJobImport', {
      credential,
      jobId: queued.body.scanId,
      file: { name: 'zap.json', contentLength: 100 },
    });
    expect(upload.status).toBe(409);
    expect(upload.body.error.message).toMatch(/was cancelled/);
    const failed = await callApi(appUrl, 'failScanJob', { credential, jobId: queued.body.scanId, reason: 'stopped' });
    expect(failed.status).toBe(409);
    expect(await getScanJob(queued.body.scanId)).toMatchObject({ status: 'cancelled' });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(0);
  });
});

describe('the reference agent and a cancel', () => {
  it('stops a running scan when its heartbeat hears the scan was cancelled, and reports nothing', async () => {
    const company = await newCompany('dend-agent');
    const queued = await trigger(company.key, 'long');
    const { agent, credential } = await seedAgent(company.slug, { locationId: company.location.locationId });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    // A scan that runs until it is stopped.
    const endless: ScanRunner = (_job, signal) =>
      new Promise((_resolve, reject) => {
        started();
        signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
      });
    const reference = new ReferenceAgent(
      {
        portal: appUrl,
        agentId: agent.agentId,
        slug: company.slug,
        locationId: company.location.locationId,
        credential,
        heartbeatIntervalSeconds: 0.1,
      },
      endless,
    );
    const ran = reference.runNextJob();
    await running;
    expect((await cancel(company.key, queued.body.scanId)).status).toBe(200);
    expect(await ran).toEqual({
      jobId: queued.body.scanId,
      stopped: `cancelled: Cancelled by DAST key ${company.keyId}.`,
    });
    expect(await getScanJob(queued.body.scanId)).toMatchObject({ status: 'cancelled' });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(0);
  });
});

describe('scans that will not finish end on their own', () => {
  it("fails a revoked agent's running scans with a reason and frees their places: the company can trigger again", async () => {
    const company = await newCompany('dend-revoked');
    const ids = await fill(company);
    const { agent, credential } = await seedAgent(company.slug, { locationId: company.location.locationId });
    for (let index = 0; index < ids.length; index += 1) {
      expect((await callApi(appUrl, 'pullScanJob', { credential })).body.result.job).not.toBeNull();
    }
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const revoked = await analyst('revokeAgent', {
      slug: company.slug,
      agentId: agent.agentId,
      expectedVersion: agent.version,
    });
    expect(revoked.statusCode, JSON.stringify(revoked.body)).toBe(200);

    const next = await trigger(company.key, 'after-revoke');
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    const scan = await status(company.key, ids[0]!);
    expect(scan.body.status).toBe('failed');
    expect(scan.body.reason).toMatch(/^Its agent was revoked at .* by /);
    expect(await countActiveJobs(company.slug, 'dast')).toBe(1);
  });

  it('expires a queued scan no agent claimed within 24 hours and frees its place', async () => {
    const company = await newCompany('dend-expired');
    const old: string[] = [];
    for (let index = 0; index < maxActiveDastScans; index += 1) {
      const job = await seedQueuedJob(company.slug, {
        locationId: company.location.locationId,
        queuedAt: Date.now() - 25 * hour,
        queuedBy: `dast-key:${company.keyId}`,
      });
      old.push(job.jobId);
    }
    expect(await countActiveJobs(company.slug, 'dast')).toBe(maxActiveDastScans);

    const next = await trigger(company.key, 'after-a-day');
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    const expired = await status(company.key, old[0]!);
    expect(expired.body).toMatchObject({ status: 'expired', reason: expect.stringMatching(/within 24 hours/) });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(1);
    expect(await keyEventTypes(company.keyId)).toContain('dastScanExpired');
  });

  it('keeps a scan queued for less than a day', async () => {
    const company = await newCompany('dend-young');
    const job = await seedQueuedJob(company.slug, { queuedAt: Date.now() - 23 * hour });
    expect((await status(company.key, job.jobId)).body.status).toBe('queued');
  });

  it('fails a running scan whose agent missed three heartbeats, and frees its place', async () => {
    const company = await newCompany('dend-silent');
    const silentSince = Date.now() - 3 * heartbeatIntervalSeconds * 1000 - 5000;
    const { agent } = await seedAgent(company.slug, {
      locationId: company.location.locationId,
      lastHeartbeatAt: silentSince,
    });
    const job = await seedRunningJob(agent, silentSince);
    const { agent: alive } = await seedAgent(company.slug, {
      locationId: company.location.locationId,
      lastHeartbeatAt: Date.now(),
    });
    const running = await seedRunningJob(alive, silentSince);
    expect(await countActiveJobs(company.slug, 'dast')).toBe(2);

    const answer = await status(company.key, job.jobId);
    expect(answer.body).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/missed 3 heartbeats \(every 60 seconds\)/),
    });
    expect((await status(company.key, running.jobId)).body.status).toBe('running');
    expect(await countActiveJobs(company.slug, 'dast')).toBe(1);
  });
});

describe('/admin/dast: listDastScans and cancelDastScan', () => {
  it('lists the company’s scans newest first, settled, and cancels one; a finished one is a conflict', async () => {
    const company = await newCompany('dend-web');
    const manager = signedInCaller(
      await createTestUser({ userType: 'customer', accessLevel: 3, companies: [company.slug] }),
    );
    const stale = await seedQueuedJob(company.slug, { queuedAt: Date.now() - 30 * hour });
    const first = await trigger(company.key, 'one');
    const second = await trigger(company.key, 'two');

    const listed = await manager('listDastScans', { slug: company.slug });
    expect(listed.statusCode, JSON.stringify(listed.body)).toBe(200);
    const scans = listed.body.result.scans as Array<{ scanId: string; status: string; reason?: string }>;
    expect(scans.map((scan) => scan.scanId)).toEqual([second.body.scanId, first.body.scanId, stale.jobId]);
    expect(scans[2]).toMatchObject({ status: 'expired', reason: expect.stringMatching(/within 24 hours/) });
    expect(scans[0]).toMatchObject({ status: 'queued', target: 'https://app.acme.example/two' });

    const cancelled = await manager('cancelDastScan', { slug: company.slug, scanId: first.body.scanId });
    expect(cancelled.statusCode, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.result).toMatchObject({ scanId: first.body.scanId, status: 'cancelled' });
    expect(await countActiveJobs(company.slug, 'dast')).toBe(1);

    const again = await manager('cancelDastScan', { slug: company.slug, scanId: first.body.scanId });
    expect(again.statusCode).toBe(409);
    const foreign = await manager('cancelDastScan', { slug: main.slug, scanId: second.body.scanId });
    expect(foreign.statusCode).toBe(403);
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const unknown = await analyst('cancelDastScan', { slug: main.slug, scanId: second.body.scanId });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages with a cursor', async () => {
    const company = await newCompany('dend-pages');
    for (let index = 0; index < 3; index += 1) await trigger(company.key, `page/${index}`);
    const manager = signedInCaller(
      await createTestUser({ userType: 'customer', accessLevel: 3, companies: [company.slug] }),
    );
    const first = await manager('listDastScans', { slug: company.slug, limit: 2 });
    expect(first.body.result.scans).toHaveLength(2);
    const rest = await manager('listDastScans', { slug: company.slug, limit: 2, cursor: first.body.result.nextCursor });
    expect(rest.statusCode).toBe(200);
    expect(rest.body.result.scans).toHaveLength(1);
    const foreign = await manager('listDastScans', { slug: main.slug, cursor: first.body.result.nextCursor });
    expect(foreign.statusCode).toBe(403);
  });
});

// Scanning agents and scan jobs against the local stack: the reference agent (agent/reference-agent.ts) enrolls over
// HTTP with a token an analyst made, heartbeats (one DynamoDB write), goes stale and offline as the clock moves on,
// pulls a queued ZAP job and uploads the ZAP fixture through the import API, whose findings then appear on the
// company's DAST findings. Tokens: reuse, expiry, malformed, unknown location; credentials: rotate, move, revoke.
// Each change and each refusal is recorded as an event (an enrollment's as its token's), never with a secret.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AgentCallError,
  enrollAgent,
  ReferenceAgent,
  reportFileRunner,
  type AgentState,
} from '../../agent/reference-agent.js';
import { createEnrollmentTokenAs, listAgentsAs } from '../../lambdas/kernel/agents/agents.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getAgentItem, listAgentRecords } from '../../lambdas/kernel/data/entities/agents.js';
import type { LocationItem } from '../../lambdas/kernel/data/entities/locations.js';
import { InvalidArgumentError } from '../../lambdas/kernel/errors.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { claimNextJob, getScanJob, queueScanJob } from '../../lambdas/kernel/scan-jobs/scan-jobs.js';
import { callApi } from '../support/api-client.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { kernelAnalyst, seedAgent } from '../support/agent-fixtures.js';
import { seedLocation } from '../support/location-fixtures.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { handler } from '../../lambdas/api/handler.js';
import { seedDemoAgents } from '../../infra/local/demo-agents.js';
import { seedDemoLocations } from '../../infra/local/demo-locations.js';

const { appUrl } = inject('localStack');
const zapFixture = 'tests/fixtures/scanners/dast/owasp_zap.json';
const hour = 60 * 60 * 1000;

let slug: string;
let location: LocationItem;
let analyst: ReturnType<typeof signedInCaller>;
let analystUid: string;

/** The events of an actor (the analyst's uid, or `enrollment-token:<id>`), newest first, of a type. */
async function eventsOf(uid: string, type: string) {
  const { events } = await listEventsCreatedBy(uid, { limit: 100, descending: true });
  return events.filter((event) => event.type === type);
}
const tokenIdOf = (token: string) => token.split('.')[2]!;
const secretOf = (text: string) => text.split('.')[3]!;
/** Every event of these actors, as text: no secret may be in it. */
async function eventText(...uids: string[]): Promise<string> {
  const pages = await Promise.all(uids.map((uid) => listEventsCreatedBy(uid, { limit: 100, descending: true })));
  return JSON.stringify(pages.flatMap((page) => page.events));
}

beforeAll(async () => {
  slug = `agents-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: 'Agents Co', flags: { enableDast: true } },
  );
  location = await seedLocation(slug, {
    name: 'Berlin office',
    cidrs: ['10.30.0.0/16'],
    exclusions: ['10.30.9.0/24'],
    domains: ['example-backend.example.com', '*.agents.example'],
  });
  const user = await createTestUser({ userType: 'analyst', accessLevel: 7 });
  analystUid = user.uid;
  analyst = signedInCaller(user);
});

async function newToken(fields: Record<string, unknown> = {}): Promise<string> {
  const answer = await analyst('createAgentEnrollment', { slug, locationId: location.locationId, ...fields });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.token as string;
}

async function agentCount(): Promise<number> {
  return (await listAgentRecords(slug)).agents.length;
}

async function refusal(work: Promise<unknown>): Promise<AgentCallError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AgentCallError);
  return error as AgentCallError;
}

describe('scanning agents', () => {
  let state: AgentState;

  it('enrolls the reference agent with a one-time token; the credential is answered once and only its hash kept', async () => {
    const token = await newToken();
    state = await enrollAgent({ portal: appUrl, token, name: 'Berlin scanner', capabilities: ['zap'] });

    expect(state).toMatchObject({ slug, locationId: location.locationId, heartbeatIntervalSeconds: 60 });
    expect(state.credential).toMatch(/^agt1\./);
    const stored = await getAgentItem(slug, state.agentId);
    expect(stored).toMatchObject({ name: 'Berlin scanner', capabilities: ['zap'], agentVersion: '1.0.0' });
    expect(JSON.stringify(stored)).not.toContain(state.credential.split('.')[3]);
    const list = await analyst('listAgents', { slug });
    expect(list.body.result.agents.find((agent: any) => agent.agentId === state.agentId)).toMatchObject({
      status: 'pending',
    });
    expect(JSON.stringify(list.body)).not.toContain('credentialHash');

    const tokenId = tokenIdOf(token);
    const [created] = await eventsOf(analystUid, 'agentEnrollmentTokenCreated');
    expect(created).toMatchObject({
      // The location by its name, then its id.
      summary: `Created the enrollment token ${tokenId} for the location "${location.name}" (${location.locationId}) of ${slug} (1 use, 24 hours)`,
      subject: { company: { slug } },
      after: { tokenId, maxUses: 1, uses: 0 },
    });
    const enrolled = await eventsOf(`enrollment-token:${tokenId}`, 'agentEnrolled');
    expect(enrolled).toMatchObject([
      {
        createdByEmail: `Enrollment token ${tokenId}`,
        summary: expect.stringContaining(
          `Enrolled the agent "Berlin scanner" (${hostname()}) at the location "${location.name}" (${location.locationId})`,
        ),
        after: { agentId: state.agentId, locationId: location.locationId },
      },
    ]);
    const text = await eventText(analystUid, `enrollment-token:${tokenId}`);
    expect(text).not.toContain(secretOf(token));
    expect(text).not.toContain(secretOf(state.credential));
    expect(text).not.toContain('secretHash');
    expect(text).not.toContain('credentialHash');
  });

  it('refuses a used token, an expired one, a malformed one and a forged one, writing nothing', async () => {
    const token = await newToken();
    await enrollAgent({ portal: appUrl, token });
    const before = await agentCount();

    const reused = await refusal(enrollAgent({ portal: appUrl, token }));
    expect(reused.status).toBe(401);
    expect(reused.message).toContain('has been used once');

    const { token: expired } = await createEnrollmentTokenAs(
      kernelAnalyst,
      slug,
      { locationId: location.locationId, maxUses: 1, expiresInHours: 1 },
      Date.now() - 2 * hour,
    );
    const late = await refusal(enrollAgent({ portal: appUrl, token: expired }));
    expect(late.status).toBe(401);
    expect(late.message).toContain('expired');

    const malformed = await refusal(enrollAgent({ portal: appUrl, token: 'enr1.not-a-token' }));
    expect(malformed.status).toBe(400);
    expect(malformed.errorStatus).toBe('INVALID_ARGUMENT');

    const forged = await refusal(enrollAgent({ portal: appUrl, token: `${token.slice(0, -43)}${'A'.repeat(43)}` }));
    expect(forged.status).toBe(401);
    expect(forged.message).toContain('not valid');
    // A token id no analyst made: refused in the same words, and recorded nowhere (its sender chose the company).
    const madeUp = `enr1.${slug}.${'B'.repeat(tokenIdOf(token).length)}.${secretOf(token)}`;
    const unknown = await refusal(enrollAgent({ portal: appUrl, token: madeUp }));
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe(forged.message);

    expect(await agentCount()).toBe(before);
    expect(await eventsOf(`enrollment-token:${'B'.repeat(tokenIdOf(token).length)}`, 'agentEnrollmentRefused')).toEqual(
      [],
    );
    // Recorded as the token's (the forged one names the same token id); the malformed one is refused unrecorded.
    const refusedUse = await eventsOf(`enrollment-token:${tokenIdOf(token)}`, 'agentEnrollmentRefused');
    expect(refusedUse.map((event) => event.summary)).toEqual([
      expect.stringContaining('is not valid'),
      expect.stringContaining('has been used once'),
    ]);
    expect(await eventsOf(`enrollment-token:${tokenIdOf(expired)}`, 'agentEnrollmentRefused')).toMatchObject([
      { summary: expect.stringContaining('expired'), subject: { company: { slug } } },
    ]);
    expect(await eventsOf(`enrollment-token:${tokenIdOf(token)}`, 'agentEnrolled')).toHaveLength(1);
    const text = await eventText(`enrollment-token:${tokenIdOf(token)}`, `enrollment-token:${tokenIdOf(expired)}`);
    expect(text).not.toContain(secretOf(token));
    expect(text).not.toContain(secretOf(expired));
    expect(text).not.toContain('A'.repeat(43));
  });

  it('takes N uses of a mass roll-out token, then refuses', async () => {
    const token = await newToken({ maxUses: 3 });
    for (let index = 0; index < 3; index += 1) await enrollAgent({ portal: appUrl, token });
    expect((await refusal(enrollAgent({ portal: appUrl, token }))).message).toContain('used 3 times');
  });

  it('refuses tokens for an unknown location, a day too long, or an invalid capability', async () => {
    const unknown = await analyst('createAgentEnrollment', { slug, locationId: 'AAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.error.message).toContain('no location');
    const tooLong = await analyst('createAgentEnrollment', {
      slug,
      locationId: location.locationId,
      expiresInHours: 25,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.error.message).toContain('expiresInHours');
    const noUses = await analyst('createAgentEnrollment', { slug, locationId: location.locationId, maxUses: 0 });
    expect(noUses.statusCode).toBe(400);
    expect(noUses.body.error.message).toMatch(/^maxUses: /);
    const refusedTokens = await eventsOf(analystUid, 'agentEnrollmentTokenRefused');
    expect(refusedTokens.map((event) => event.summary)).toEqual([
      expect.stringMatching(/: maxUses: /),
      expect.stringMatching(/: expiresInHours: /),
      expect.stringContaining(`Refused an enrollment token for the location AAAAAAAAAAAA of ${slug}: `),
    ]);
    expect((await listAgentRecords(slug)).tokens.filter((token) => token.maxUses === 0)).toEqual([]);
    const before = await agentCount();
    const badCapability = await callApi(appUrl, 'enrollAgent', {
      token: await newToken(),
      hostname: 'h',
      agentVersion: '1.0.0',
      capabilities: ['metasploit'],
    });
    expect(badCapability.status).toBe(400);
    expect(badCapability.body.error.message).toContain('capabilities.0: must be one of zap, nuclei, nmap');
    expect(await agentCount()).toBe(before);
  });

  it('heartbeats in one DynamoDB write; online, then stale after an hour and offline after a week of silence', async () => {
    const agent = new ReferenceAgent(state, reportFileRunner(zapFixture));
    expect(await agent.heartbeat()).toMatchObject({ status: 'online' });

    const { requests } = await dynamoDbRequestsOf(async () =>
      parseResult(
        await handler(callEvent('agentHeartbeat', { credential: state.credential, agentVersion: '1.0.0' }) as never),
      ),
    );
    expect(requests).toEqual(['UpdateItemCommand']);
    // Under 1 KB (names and values, as DynamoDB sizes an item): one write unit per heartbeat, on demand.
    const itemBytes = Buffer.byteLength(JSON.stringify(await getAgentItem(slug, state.agentId)));
    expect(itemBytes).toBeLessThan(1024);

    const statusAt = async (now: number) =>
      (await listAgentsAs(kernelAnalyst, slug, now)).agents.find((row) => row.agentId === state.agentId)!.status;
    const seen = (await getAgentItem(slug, state.agentId))!.lastHeartbeatAt!;
    expect(await statusAt(seen + 59 * 60 * 1000)).toBe('online');
    expect(await statusAt(seen + hour + 1000)).toBe('stale');
    expect(await statusAt(seen + 7 * 24 * hour + 1000)).toBe('offline');
  });

  it('refuses a heartbeat with a wrong credential', async () => {
    const wrong = await callApi(appUrl, 'agentHeartbeat', {
      credential: `${state.credential.slice(0, -43)}${'B'.repeat(43)}`,
      agentVersion: '1.0.0',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.status).toBe('UNAUTHENTICATED');
  });

  it('pulls a queued ZAP job and uploads its report through the import API; the findings appear on the service', async () => {
    const job = await queueScanJob({
      slug,
      location,
      capability: 'zap',
      target: 'https://example-backend.example.com/',
      queuedBy: 'tests@example.com',
    });
    expect(job.status).toBe('queued');

    const agent = new ReferenceAgent(state, reportFileRunner(zapFixture));
    const ran = await agent.runNextJob();
    expect(ran).toEqual({ jobId: job.jobId, importId: expect.any(String) });

    const done = await getScanJob(job.jobId);
    expect(done).toMatchObject({ status: 'done', claimedByAgentId: state.agentId, importId: ran!.importId });
    let scan: any;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      scan = (await analyst('getScanImport', { importId: ran!.importId })).body.result;
      if (scan.status === 'done' || scan.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(scan).toMatchObject({ status: 'done', format: 'zap-json', createdByEmail: 'agent Berlin scanner' });
    const findings = await analyst('listFindings', { slug, service: 'dast', limit: 100 });
    expect(findings.statusCode).toBe(200);
    expect(findings.body.result.findings.length).toBeGreaterThan(0);
    expect(findings.body.result.findings.map((finding: any) => finding.title)).toContain(
      'Cross-Domain Misconfiguration',
    );
    expect(await agent.runNextJob()).toBeUndefined();
  });

  it('gives a job to one agent only when two pull at once', async () => {
    const job = await queueScanJob({
      slug,
      location,
      capability: 'zap',
      target: 'http://10.30.1.5:8080/',
      queuedBy: 'tests@example.com',
    });
    const agents = await Promise.all([
      seedAgent(slug, { locationId: location.locationId }),
      seedAgent(slug, { locationId: location.locationId }),
    ]);
    const claims = await Promise.all(agents.map(({ agent }) => claimNextJob(agent)));
    expect(claims.filter((claim) => claim?.jobId === job.jobId)).toHaveLength(1);
  });

  it('refuses a target outside the location: a range not its own, an exclusion, a foreign domain', async () => {
    for (const target of ['http://10.31.0.1/', 'http://10.30.9.7/', 'https://evil.example/', 'ftp://10.30.0.1/']) {
      await expect(
        queueScanJob({ slug, location, capability: 'zap', target, queuedBy: 'tests@example.com' }),
      ).rejects.toBeInstanceOf(InvalidArgumentError);
    }
  });

  it('rotates a credential (the old one stops at once), moves an agent, and unlinks it', async () => {
    const { agent, credential } = await seedAgent(slug, { locationId: location.locationId });
    const rotated = await analyst('rotateAgentCredential', { slug, agentId: agent.agentId, expectedVersion: 1 });
    expect(rotated.statusCode, JSON.stringify(rotated.body)).toBe(200);
    const beat = (secret: string) => callApi(appUrl, 'agentHeartbeat', { credential: secret, agentVersion: '1.0.0' });
    expect((await beat(credential)).status).toBe(401);
    expect((await beat(rotated.body.result.credential)).status).toBe(200);

    const stale = await analyst('moveAgent', {
      slug,
      agentId: agent.agentId,
      expectedVersion: 1,
      locationId: location.locationId,
    });
    expect(stale.statusCode).toBe(409);
    const other = await seedLocation(slug);
    const nowhere = await analyst('moveAgent', {
      slug,
      agentId: agent.agentId,
      expectedVersion: 2,
      locationId: 'AAAAAAAAAAAA',
    });
    expect(nowhere.statusCode).toBe(404);
    const moved = await analyst('moveAgent', {
      slug,
      agentId: agent.agentId,
      expectedVersion: 2,
      locationId: other.locationId,
    });
    expect(moved.statusCode, JSON.stringify(moved.body)).toBe(200);
    expect((await getAgentItem(slug, agent.agentId))!.locationId).toBe(other.locationId);

    const revoked = await analyst('revokeAgent', { slug, agentId: agent.agentId, expectedVersion: 3 });
    expect(revoked.statusCode).toBe(200);
    expect((await beat(rotated.body.result.credential)).status).toBe(401);
    const pull = await callApi(appUrl, 'pullScanJob', { credential: rotated.body.result.credential });
    expect(pull.status).toBe(401);
    const list = await analyst('listAgents', { slug });
    expect(list.body.result.agents.find((row: any) => row.agentId === agent.agentId).status).toBe('revoked');

    const about = (type: string) =>
      eventsOf(analystUid, type).then((events) => events.filter((event) => event.summary.includes(agent.agentId)));
    expect(await about('agentCredentialRotated')).toMatchObject([{ after: { agentId: agent.agentId, version: 2 } }]);
    expect(await about('agentMoved')).toMatchObject([
      { summary: `Moved the agent ${agent.agentId} of ${slug} to the location "${other.name}" (${other.locationId})` },
    ]);
    expect(await about('agentUnlinked')).toMatchObject([{ after: { agentId: agent.agentId, version: 4 } }]);
    // The move to a location that is not the company's is recorded; the stale version (409) is not.
    expect(await about('agentChangeRefused')).toMatchObject([
      { summary: expect.stringContaining('no location with this id') },
    ]);
    const text = await eventText(analystUid);
    expect(text).not.toContain(secretOf(rotated.body.result.credential));
    expect(text).not.toContain(secretOf(credential));
  });

  it('refuses the analysts’ calls to a caller below level 7 and to a customer', async () => {
    const junior = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 5 }));
    expect((await junior('listAgents', { slug })).statusCode).toBe(403);
    const customer = signedInCaller(await createTestUser({ accessLevel: 3, companies: [slug] }));
    expect((await customer('createAgentEnrollment', { slug, locationId: location.locationId })).statusCode).toBe(403);
  });

  it('seeds the demo agents once: one online and one stale at Acme HQ', async () => {
    const demoAnalyst = await createTestUser({ userType: 'analyst', accessLevel: 9 });
    await seedDemoLocations(demoAnalyst);
    await seedDemoAgents(demoAnalyst);
    await seedDemoAgents(demoAnalyst);
    const { agents } = await listAgentsAs(kernelAnalyst, 'acme');
    const demo = agents.filter((agent) => agent.name.startsWith('hq-scanner-'));
    expect(demo.map((agent) => [agent.name, agent.status])).toEqual([
      ['hq-scanner-01', 'online'],
      ['hq-scanner-02', 'stale'],
    ]);
  });
});

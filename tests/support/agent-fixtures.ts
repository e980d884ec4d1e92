// Scanning agents, enrollment tokens and scan jobs put straight into the table (as the calls leave them), for tests
// that need one to act on: the secrets are answered the way an analyst or an agent would hold them.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../lambdas/kernel/access/caller.js';
import { agentCredentialText, hashSecret, newRecordId, newSecret } from '../../lambdas/kernel/agents/agent-secrets.js';
import { enrollAgentItem, putEnrollmentToken, type AgentItem } from '../../lambdas/kernel/data/entities/agents.js';
import { claimJobItem, putQueuedJob, type ScanJobItem } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { seedLocation } from './location-fixtures.js';

/** An analyst of level 7 as the kernel functions take one (no records read). */
export const kernelAnalyst = {
  uid: 'tests-analyst',
  email: 'tests-analyst@example.com',
  authTime: Date.now(),
  user: undefined,
  preferences: undefined,
  access: {
    uid: 'tests-analyst',
    email: 'tests-analyst@example.com',
    claims: { userType: 'analyst', accessLevel: 7 },
    companies: [],
    servicesEnabled: [],
    servicesManaged: [],
    version: 1,
  },
} satisfies Caller;

/** An enrolled agent of the company (at a new location unless one is given) and its credential. */
export async function seedAgent(
  slug: string,
  fields: Partial<AgentItem> = {},
): Promise<{ agent: AgentItem; credential: string }> {
  const locationId = fields.locationId ?? (await seedLocation(slug, { domains: ['app.agents.example'] })).locationId;
  const now = Date.now();
  const tokenSecret = newSecret();
  const tokenId = newRecordId();
  const stored = await putEnrollmentToken({
    slug,
    tokenId,
    locationId,
    secretHash: hashSecret(tokenSecret),
    maxUses: 1,
    uses: 0,
    expiresAt: now + 60_000,
    createdAt: now,
    createdBy: 'seed@example.com',
  });
  if (!stored) throw new Error('The seeded enrollment token was refused');
  const agentId = newRecordId();
  const secret = newSecret();
  const agent: AgentItem = {
    slug,
    agentId,
    locationId,
    name: `Seeded agent ${agentId}`,
    hostname: 'seeded.agents.example',
    agentVersion: '1.0.0',
    capabilities: ['zap'],
    credentialHash: hashSecret(secret),
    credentialIssuedAt: now,
    enrolledAt: now,
    enrollmentTokenId: tokenId,
    version: 1,
    updatedAt: now,
    updatedBy: `agent:${agentId}`,
    ...fields,
  };
  const refused = await enrollAgentItem(agent, { tokenId, secretHash: hashSecret(tokenSecret) }, now);
  if (refused) throw new Error(`The seeded agent was refused: ${refused}`);
  return { agent, credential: agentCredentialText(slug, agentId, secret) };
}

/**
 * A zap job queued for the company (at `locationId`, or one no agent serves), counted among its unfinished DAST
 * scans as a trigger counts it; `queuedAt` may lie in the past.
 */
export async function seedQueuedJob(
  slug: string,
  fields: Partial<Pick<ScanJobItem, 'locationId' | 'queuedAt' | 'queuedBy' | 'target'>> = {},
): Promise<ScanJobItem> {
  const now = Date.now();
  const job: ScanJobItem = {
    jobId: `${now.toString(36)}${randomBytes(8).toString('hex')}`,
    slug,
    locationId: 'unserved',
    service: 'dast',
    capability: 'zap',
    target: 'https://app.agents.example/',
    status: 'queued',
    queuedAt: now,
    queuedBy: 'seed@example.com',
    version: 1,
    ...fields,
  };
  if (!(await putQueuedJob(job))) throw new Error('The seeded job was refused');
  return job;
}

/** A zap job queued at the agent's location and claimed by it (running). */
export async function seedRunningJob(agent: AgentItem, claimedAt = Date.now()): Promise<ScanJobItem> {
  const job = await seedQueuedJob(agent.slug, { locationId: agent.locationId, queuedAt: claimedAt });
  const claimed = await claimJobItem(job, agent.agentId, claimedAt);
  if (!claimed || claimed === 'location') throw new Error('The seeded job could not be claimed');
  return claimed;
}

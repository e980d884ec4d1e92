// Schemas of the agent and scan-job calls: agents as the analysts' page reads them, and the secrets agents present
// (the enrollment token once, then their credential), checked for shape here and for value by the kernel.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { agentCapabilities } from '../../kernel/data/entities/agents.js';
import { scanJobStatuses } from '../../kernel/data/entities/scan-jobs.js';
import { agentStatuses } from '../../kernel/agents/agents.js';
import { agentCredentialPattern, enrollmentTokenPattern } from '../../kernel/agents/agent-secrets.js';
import { locationId } from './location-schemas.js';
import { recordVersion } from './schemas.js';

export { companySlug, locationId, recordVersion };

export const agentId = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'must be an agent id'));
export const scanJobId = z.string().check(z.regex(/^[0-9a-z]{8,13}[0-9a-f]{16}$/, 'must be a scan job id'));
export const agentCapability = z.enum(agentCapabilities, {
  error: `must be one of ${agentCapabilities.join(', ')}`,
});

export const enrollmentToken = z
  .string()
  .check(z.regex(enrollmentTokenPattern, 'must be an enrollment token (enr1.<company>.<id>.<secret>)'));
export const agentCredential = z
  .string()
  .check(z.regex(agentCredentialPattern, 'must be an agent credential (agt1.<company>.<id>.<secret>)'));

const shortText = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));

export const agentDescription = {
  hostname: shortText(253),
  os: z.optional(shortText(80)),
  agentVersion: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,40}$/, 'must be a version such as 1.2.0')),
  capabilities: z
    .array(agentCapability)
    .check(z.minLength(1, 'must name at least one capability'), z.maxLength(agentCapabilities.length)),
};

/** Uses and lifetime are only typed here: the kernel (agents.ts) checks them, names the field, and records the refusal. */
export const enrollmentFields = {
  locationId,
  maxUses: z._default(z.number(), 1),
  expiresInHours: z._default(z.number(), 24),
};

export const agentDoc = z.object({
  slug: z.string(),
  agentId: z.string(),
  locationId: z.string(),
  name: z.string(),
  hostname: z.string(),
  os: z.optional(z.string()),
  agentVersion: z.string(),
  capabilities: z.array(agentCapability),
  credentialIssuedAt: z.number(),
  enrolledAt: z.number(),
  enrollmentTokenId: z.string(),
  lastHeartbeatAt: z.optional(z.number()),
  lastSeenIp: z.optional(z.string()),
  lastJobAt: z.optional(z.number()),
  revokedAt: z.optional(z.number()),
  revokedBy: z.optional(z.string()),
  status: z.enum(agentStatuses),
  version: z.number(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});

export const enrollmentTokenDoc = z.object({
  slug: z.string(),
  tokenId: z.string(),
  locationId: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  expiresAt: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
});

export const scanJobDoc = z.object({
  jobId: z.string(),
  slug: z.string(),
  locationId: z.string(),
  service: z.string(),
  capability: agentCapability,
  target: z.string(),
  status: z.enum(scanJobStatuses),
  queuedAt: z.number(),
  claimedAt: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  importId: z.optional(z.string()),
  error: z.optional(z.string()),
});

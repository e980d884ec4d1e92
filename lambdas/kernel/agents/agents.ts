// Scanning agents: an analyst makes an enrollment token for a location; an agent enrolls with it and
// receives its own credential once; afterwards the agent only calls out (heartbeat, job pull, results). Its
// status is derived from its heartbeats at read time, against a clock the caller passes (tests move it on).
// Every change is recorded as an event in the same transaction, and every refused attempt on its own (no event
// holds a token, a credential or a hash of one).
import type { Caller } from '../access/caller.js';
import { canAccessCompany, menuLevels } from '../access/rules.js';
import {
  enrollAgentItem,
  getAgentItem,
  getEnrollmentToken,
  listAgentRecords,
  putEnrollmentToken,
  recordHeartbeat,
  updateAgentItem,
  type AgentCapability,
  type AgentItem,
  type EnrollmentTokenItem,
} from '../data/entities/agents.js';
import {
  ConflictError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  UnauthenticatedError,
} from '../errors.js';
import { getLocationItem } from '../data/entities/locations.js';
import { checkedOrAudited, eventTransactItem, recordEvent, type EventActor } from '../events/events.js';
import {
  agentCredentialText,
  enrollmentTokenText,
  hashSecret,
  newRecordId,
  newSecret,
  parseAgentCredential,
  parseEnrollmentToken,
  sameHash,
} from './agent-secrets.js';

export type { AgentItem, EnrollmentTokenItem, AgentCapability };

export const agentStatuses = ['pending', 'online', 'stale', 'offline', 'revoked'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/** An agent that has not called for this long is stale; for this long, offline. */
export const staleAfterMs = 60 * 60 * 1000;
export const offlineAfterMs = 7 * 24 * 60 * 60 * 1000;
/** Enrollment tokens live at most a day; mass roll-outs take up to this many uses. */
export const maxEnrollmentHours = 24;
export const maxEnrollmentUses = 1000;
/** What agents are told to call every so often (the reference agent's default). */
export const heartbeatIntervalSeconds = 60;

export function agentStatus(agent: Pick<AgentItem, 'revokedAt' | 'lastHeartbeatAt'>, now: number): AgentStatus {
  if (agent.revokedAt !== undefined) return 'revoked';
  if (agent.lastHeartbeatAt === undefined) return 'pending';
  const silent = now - agent.lastHeartbeatAt;
  if (silent > offlineAfterMs) return 'offline';
  if (silent > staleAfterMs) return 'stale';
  return 'online';
}

const noCompany = () => new PermissionDeniedError('You do not have access to this company.');
function assertCompany(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug, menuLevels.agents)) throw noCompany();
}

/** What the page shows of an agent: never its credential's hash. */
export type AgentView = Omit<AgentItem, 'credentialHash'> & { status: AgentStatus };
export const agentView = (agent: AgentItem, now: number): AgentView => {
  const { credentialHash: _hash, ...rest } = agent;
  return { ...rest, status: agentStatus(agent, now) };
};
export type EnrollmentTokenView = Omit<EnrollmentTokenItem, 'secretHash'>;

export async function listAgentsAs(
  caller: Caller,
  slug: string,
  now = Date.now(),
): Promise<{ agents: AgentView[]; enrollmentTokens: EnrollmentTokenView[] }> {
  assertCompany(caller, slug);
  const { agents, tokens } = await listAgentRecords(slug);
  return {
    agents: agents.map((agent) => agentView(agent, now)).sort((a, b) => a.name.localeCompare(b.name)),
    // Only the tokens that can still enroll an agent.
    enrollmentTokens: tokens
      .filter((token) => token.expiresAt > now && token.uses < token.maxUses)
      .map(({ secretHash: _hash, ...token }) => token)
      .sort((a, b) => b.createdAt - a.createdAt),
  };
}

export interface EnrollmentRequest {
  locationId: string;
  maxUses: number;
  expiresInHours: number;
}

/** The uses and the lifetime of a new token, checked here (the call's schema only bounds their type). */
function checkEnrollmentRequest(request: EnrollmentRequest): void {
  const { maxUses, expiresInHours } = request;
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > maxEnrollmentUses) {
    throw new InvalidArgumentError(`maxUses: must be a whole number of uses from 1 to ${maxEnrollmentUses}`);
  }
  if (!Number.isInteger(expiresInHours) || expiresInHours < 1 || expiresInHours > maxEnrollmentHours) {
    throw new InvalidArgumentError(
      `expiresInHours: an enrollment token lives from 1 to at most ${maxEnrollmentHours} hours (whole hours)`,
    );
  }
}

/** A new enrollment token, shown once; only its hash is kept. */
export async function createEnrollmentTokenAs(
  caller: Caller,
  slug: string,
  request: EnrollmentRequest,
  now = Date.now(),
): Promise<{ token: string; tokenId: string; expiresAt: number; maxUses: number; locationId: string }> {
  assertCompany(caller, slug);
  const subject = { company: { slug } };
  await checkedOrAudited(
    caller,
    (error) => ({
      type: 'agentEnrollmentTokenRefused',
      summary: `Refused an enrollment token for the location ${request.locationId} of ${slug}: ${error.message}`,
      subject,
    }),
    () => checkEnrollmentRequest(request),
  );
  // Read for its name, which the events say (an id tells a reader of the log nothing).
  const location = await getLocationItem(slug, request.locationId);
  const tokenId = newRecordId();
  const secret = newSecret();
  const item: EnrollmentTokenItem = {
    slug,
    tokenId,
    locationId: request.locationId,
    ...(location ? { locationName: location.name } : {}),
    secretHash: hashSecret(secret),
    maxUses: request.maxUses,
    uses: 0,
    expiresAt: now + request.expiresInHours * 60 * 60 * 1000,
    createdAt: now,
    createdBy: caller.email,
  };
  const { secretHash: _hash, ...view } = item;
  const hours = request.expiresInHours;
  const created = eventTransactItem(
    caller,
    {
      type: 'agentEnrollmentTokenCreated',
      summary:
        `Created the enrollment token ${tokenId} for the location ${locationText(item.locationId, location?.name)} of ${slug} ` +
        `(${item.maxUses === 1 ? '1 use' : `${item.maxUses} uses`}, ${hours === 1 ? '1 hour' : `${hours} hours`})`,
      subject,
      after: view,
    },
    now,
  );
  if (!(await putEnrollmentToken(item, [created]))) {
    const error = new NotFoundError('This company has no location with this id.');
    await recordEvent(caller, {
      type: 'agentEnrollmentTokenRefused',
      summary: `Refused an enrollment token for the location ${request.locationId} of ${slug}: ${error.message}`,
      subject,
    });
    throw error;
  }
  return {
    token: enrollmentTokenText(slug, tokenId, secret),
    tokenId,
    expiresAt: item.expiresAt,
    maxUses: item.maxUses,
    locationId: item.locationId,
  };
}

export interface EnrollmentInput {
  token: string;
  name?: string;
  hostname: string;
  os?: string;
  agentVersion: string;
  capabilities: AgentCapability[];
}

const invalidToken = () =>
  new UnauthenticatedError('This enrollment token is not valid: ask your analyst for a new one.');

/** Why a token that matched no enrollment was refused, in words the operator can act on. */
async function tokenRefusal(slug: string, tokenId: string, secretHash: string, now: number): Promise<Error> {
  const token = await getEnrollmentToken(slug, tokenId);
  if (!token || !sameHash(token.secretHash, secretHash)) return invalidToken();
  if (token.expiresAt <= now) {
    return new UnauthenticatedError(
      `This enrollment token expired at ${new Date(token.expiresAt).toISOString()}: ask your analyst for a new one.`,
    );
  }
  if (token.uses >= token.maxUses) {
    return new UnauthenticatedError(
      `This enrollment token has been used ${token.uses === 1 ? 'once' : `${token.uses} times`}, its limit: ask your analyst for a new one.`,
    );
  }
  return new ConflictError('The enrollment token changed at the same moment; try again.');
}

/** Who acts when an agent enrolls: the enrollment token, by its id (never its secret). */
export const enrollmentTokenActor = (tokenId: string): EventActor => ({
  uid: `enrollment-token:${tokenId}`,
  email: `Enrollment token ${tokenId}`,
});

/** Records a refused enrollment with a token that parsed, then throws its error. */
async function refuseEnrollment(slug: string, tokenId: string, error: Error): Promise<never> {
  await recordEvent(enrollmentTokenActor(tokenId), {
    type: 'agentEnrollmentRefused',
    summary: `Refused an agent enrollment for ${slug} with the enrollment token ${tokenId}: ${error.message}`,
    subject: { company: { slug } },
  });
  throw error;
}

/**
 * Enrolls an agent with a token: one use of it, and the agent's credential, returned this once. A token that does
 * not parse is refused with no request, and one that names no token with one read; a refusal of a real token (a
 * wrong secret, used up, expired) is recorded as an event of the token.
 */
export async function enrollAgent(
  input: EnrollmentInput,
  now = Date.now(),
): Promise<{
  agentId: string;
  credential: string;
  slug: string;
  locationId: string;
  heartbeatIntervalSeconds: number;
}> {
  const parsed = parseEnrollmentToken(input.token);
  if (!parsed) throw new InvalidArgumentError('token: must be an enrollment token (enr1.<company>.<id>.<secret>)');
  // The location is the token's: read it, unless the secret does not match (then nothing is said of the token).
  const token = await getEnrollmentToken(parsed.slug, parsed.id);
  // A token no analyst made is refused unrecorded, like a malformed one: anyone may send one, and its company
  // and id are theirs to choose, so recording it would let them write into a company's audit trail.
  if (!token) throw invalidToken();
  if (!sameHash(token.secretHash, parsed.secretHash)) {
    return refuseEnrollment(parsed.slug, parsed.id, invalidToken());
  }
  const agentId = newRecordId();
  const secret = newSecret();
  const agent: AgentItem = {
    slug: parsed.slug,
    agentId,
    locationId: token.locationId,
    name: input.name?.trim() || input.hostname,
    hostname: input.hostname,
    ...(input.os ? { os: input.os } : {}),
    agentVersion: input.agentVersion,
    capabilities: [...new Set(input.capabilities)],
    credentialHash: hashSecret(secret),
    credentialIssuedAt: now,
    enrolledAt: now,
    enrollmentTokenId: token.tokenId,
    version: 1,
    updatedAt: now,
    updatedBy: `agent:${agentId}`,
  };
  const { credentialHash: _hash, ...view } = agent;
  const enrolled = eventTransactItem(
    enrollmentTokenActor(token.tokenId),
    {
      type: 'agentEnrolled',
      summary:
        `Enrolled the agent "${agent.name}" (${agent.hostname}) at the location ${locationText(agent.locationId, token.locationName)} of ` +
        `${agent.slug} with the enrollment token ${token.tokenId}`,
      subject: { company: { slug: agent.slug } },
      after: view,
    },
    now,
  );
  const refused = await enrollAgentItem(agent, { tokenId: token.tokenId, secretHash: parsed.secretHash }, now, [
    enrolled,
  ]);
  if (refused === 'token') {
    const error = await tokenRefusal(parsed.slug, parsed.id, parsed.secretHash, now);
    if (error instanceof ConflictError) throw error;
    return refuseEnrollment(parsed.slug, parsed.id, error);
  }
  if (refused === 'location') {
    return refuseEnrollment(
      parsed.slug,
      parsed.id,
      new NotFoundError('The location of this enrollment token was deleted: ask your analyst for a new token.'),
    );
  }
  return {
    agentId,
    credential: agentCredentialText(parsed.slug, agentId, secret),
    slug: parsed.slug,
    locationId: agent.locationId,
    heartbeatIntervalSeconds,
  };
}

const invalidCredential = () =>
  new UnauthenticatedError('This agent credential is not valid or was revoked: enroll the agent again.');

function parsedCredential(credential: string) {
  const parsed = parseAgentCredential(credential);
  if (!parsed) throw new InvalidArgumentError('credential: must be an agent credential (agt1.<company>.<id>.<secret>)');
  return parsed;
}

/** The heartbeat: one conditional write that both checks the credential and records the agent as seen. */
export async function agentHeartbeat(
  credential: string,
  seen: { ip: string; agentVersion: string; capabilities?: AgentCapability[] },
  now = Date.now(),
): Promise<{ agentId: string; status: AgentStatus; heartbeatIntervalSeconds: number }> {
  const parsed = parsedCredential(credential);
  const recorded = await recordHeartbeat(parsed.slug, parsed.id, parsed.secretHash, { at: now, ...seen });
  if (!recorded) throw invalidCredential();
  return { agentId: parsed.id, status: 'online', heartbeatIntervalSeconds };
}

/** The agent this credential belongs to, checked against a record already read (or read now). */
export async function authenticatedAgent(credential: string, read?: AgentItem | null): Promise<AgentItem> {
  const parsed = parsedCredential(credential);
  const agent = read === undefined ? await getAgentItem(parsed.slug, parsed.id) : (read ?? undefined);
  if (
    !agent ||
    agent.slug !== parsed.slug ||
    agent.agentId !== parsed.id ||
    agent.revokedAt !== undefined ||
    !sameHash(agent.credentialHash, parsed.secretHash)
  ) {
    throw invalidCredential();
  }
  return agent;
}

/**
 * The error of a refused change of an agent. A location that is not the company's is recorded as a refused attempt;
 * an agent changed meanwhile (a stale version, revoked, gone) is a conflict, told to reload, and not recorded.
 */
async function agentRefusal(
  caller: Caller,
  slug: string,
  agentId: string,
  refusal: 'agent' | 'location',
): Promise<Error> {
  if (refusal === 'agent') {
    return new ConflictError('This agent changed, was revoked or is gone; reload the list and try again.');
  }
  const error = new NotFoundError('This company has no location with this id.');
  await recordEvent(caller, {
    type: 'agentChangeRefused',
    summary: `Refused a change of the agent ${agentId} of ${slug}: ${error.message}`,
    subject: { company: { slug } },
  });
  return error;
}

/** The event of an analyst's change of an agent, in the change's transaction. */
/** '"Berlin HQ" (loc1)': a location as the events name it; its id alone when its name is not known. */
function locationText(locationId: string, name: string | undefined): string {
  return name ? `"${name}" (${locationId})` : locationId;
}

function agentEvent(caller: Caller, slug: string, type: string, summary: string, after: unknown, now: number) {
  return eventTransactItem(caller, { type, summary, subject: { company: { slug } }, after }, now);
}

/** A new credential for an agent, shown once; the old one stops working at once. */
export async function rotateAgentCredentialAs(
  caller: Caller,
  slug: string,
  agentId: string,
  expectedVersion: number,
  now = Date.now(),
): Promise<{ agentId: string; credential: string; version: number }> {
  assertCompany(caller, slug);
  const secret = newSecret();
  const version = expectedVersion + 1;
  const refused = await updateAgentItem(
    slug,
    agentId,
    expectedVersion,
    { credentialHash: hashSecret(secret), credentialIssuedAt: now },
    { at: now, by: caller.email },
    {
      also: [
        agentEvent(
          caller,
          slug,
          'agentCredentialRotated',
          `Rotated the credential of the agent ${agentId} of ${slug}; the old one stopped working`,
          { agentId, credentialIssuedAt: now, version },
          now,
        ),
      ],
    },
  );
  if (refused) throw await agentRefusal(caller, slug, agentId, refused);
  return { agentId, credential: agentCredentialText(slug, agentId, secret), version: expectedVersion + 1 };
}

export async function moveAgentAs(
  caller: Caller,
  slug: string,
  agentId: string,
  expectedVersion: number,
  locationId: string,
  now = Date.now(),
): Promise<{ agentId: string; locationId: string; version: number }> {
  assertCompany(caller, slug);
  // Read for its name, which the event says; a location that does not exist is refused by the write's condition.
  const location = await getLocationItem(slug, locationId);
  const refused = await updateAgentItem(
    slug,
    agentId,
    expectedVersion,
    { locationId },
    { at: now, by: caller.email },
    {
      locationMustExist: locationId,
      also: [
        agentEvent(
          caller,
          slug,
          'agentMoved',
          `Moved the agent ${agentId} of ${slug} to the location ${locationText(locationId, location?.name)}`,
          { agentId, locationId, version: expectedVersion + 1 },
          now,
        ),
      ],
    },
  );
  if (refused) throw await agentRefusal(caller, slug, agentId, refused);
  return { agentId, locationId, version: expectedVersion + 1 };
}

/** Unlinks an agent: its credential stops working at once; the record stays, revoked, for the history. */
export async function revokeAgentAs(
  caller: Caller,
  slug: string,
  agentId: string,
  expectedVersion: number,
  now = Date.now(),
): Promise<{ agentId: string; revokedAt: number; version: number }> {
  assertCompany(caller, slug);
  const refused = await updateAgentItem(
    slug,
    agentId,
    expectedVersion,
    { revokedAt: now, revokedBy: caller.email },
    { at: now, by: caller.email },
    {
      also: [
        agentEvent(
          caller,
          slug,
          'agentUnlinked',
          `Unlinked the agent ${agentId} of ${slug}; its credential stopped working`,
          { agentId, revokedAt: now, revokedBy: caller.email, version: expectedVersion + 1 },
          now,
        ),
      ],
    },
  );
  if (refused) throw await agentRefusal(caller, slug, agentId, refused);
  return { agentId, revokedAt: now, version: expectedVersion + 1 };
}

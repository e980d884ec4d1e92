// Scanning agents and their enrollment tokens, in the company's agents partition (`AGENTS#<slug>`):
// `AGENT#<agentId>` and `ENROLL#<tokenId>`. A company's page reads both kinds in one Query. Only hashes of
// secrets are stored. A heartbeat is one conditional UpdateItem: the condition checks the credential's hash
// and that the agent is not revoked, so an agent is authenticated and recorded as seen in a single write.
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { failedConditions, type TransactItem } from '../transactions.js';

export const agentCapabilities = ['zap', 'nuclei', 'nmap'] as const;
export type AgentCapability = (typeof agentCapabilities)[number];

export interface AgentItem {
  slug: string;
  agentId: string;
  locationId: string;
  name: string;
  hostname: string;
  os?: string;
  agentVersion: string;
  capabilities: AgentCapability[];
  /** SHA-256 of the credential's secret (256 random bits, so no pepper is needed against guessing). */
  credentialHash: string;
  credentialIssuedAt: number;
  enrolledAt: number;
  enrollmentTokenId: string;
  lastHeartbeatAt?: number;
  lastSeenIp?: string;
  lastJobAt?: number;
  revokedAt?: number;
  revokedBy?: string;
  version: number;
  updatedAt: number;
  updatedBy: string;
}

export interface EnrollmentTokenItem {
  slug: string;
  tokenId: string;
  locationId: string;
  /** The location's name when the token was made: what the enrollment's event says. */
  locationName?: string;
  secretHash: string;
  maxUses: number;
  uses: number;
  /** ms since epoch; checked in the enrollment's condition (TTL only deletes the item later). */
  expiresAt: number;
  createdAt: number;
  createdBy: string;
}

const tableName = () => readConfig().TABLE_NAME;
export const agentsPartition = (slug: string) => `AGENTS#${slug}`;
const agentKey = (slug: string, agentId: string) => ({ pk: agentsPartition(slug), sk: `AGENT#${agentId}` });
const tokenKey = (slug: string, tokenId: string) => ({ pk: agentsPartition(slug), sk: `ENROLL#${tokenId}` });
const locationKey = (slug: string, locationId: string) => ({ pk: `LOCATIONS#${slug}`, sk: `LOC#${locationId}` });

function strip<T>(raw: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entityType: _e, ttl: _ttl, ...rest } = raw;
  return rest as T;
}

/** The company's agents and its enrollment tokens (a company has a few hundred at most). */
export async function listAgentRecords(slug: string): Promise<{ agents: AgentItem[]; tokens: EnrollmentTokenItem[] }> {
  const agents: AgentItem[] = [];
  const tokens: EnrollmentTokenItem[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': agentsPartition(slug) },
    ConsistentRead: true,
  });
  for await (const item of items) {
    if (String(item.sk).startsWith('AGENT#')) agents.push(strip<AgentItem>(item));
    else if (String(item.sk).startsWith('ENROLL#')) tokens.push(strip<EnrollmentTokenItem>(item));
  }
  return { agents, tokens };
}

export async function getAgentItem(slug: string, agentId: string): Promise<AgentItem | undefined> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: agentKey(slug, agentId), ConsistentRead: true }),
  );
  return answer.Item ? strip<AgentItem>(answer.Item) : undefined;
}

export async function getEnrollmentToken(slug: string, tokenId: string): Promise<EnrollmentTokenItem | undefined> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: tokenKey(slug, tokenId), ConsistentRead: true }),
  );
  return answer.Item ? strip<EnrollmentTokenItem>(answer.Item) : undefined;
}

/**
 * A new token, on the condition that its location exists (in the same transaction, with `also`: the event that
 * records it). False when it does not.
 */
export async function putEnrollmentToken(token: EnrollmentTokenItem, also: TransactItem[] = []): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...tokenKey(token.slug, token.tokenId),
                entityType: 'agentEnrollmentToken',
                ...token,
                // DynamoDB's TTL deletes it a day after it expired (the expiry itself is checked in code).
                ttl: Math.ceil(token.expiresAt / 1000) + 86_400,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: locationKey(token.slug, token.locationId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          ...also,
        ],
      }),
    );
    return true;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    return false;
  }
}

/**
 * Enrollment, all or nothing: one use of the token (its hash matching, unexpired, uses left), the location still
 * there, and the new agent (and `also`: the event that records it). Answers what failed: 'token' or 'location',
 * or undefined when the agent was written.
 */
export async function enrollAgentItem(
  agent: AgentItem,
  token: { tokenId: string; secretHash: string },
  now: number,
  also: TransactItem[] = [],
): Promise<'token' | 'location' | undefined> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: tokenKey(agent.slug, token.tokenId),
        UpdateExpression: 'SET uses = uses + :one',
        ConditionExpression: 'secretHash = :hash AND uses < maxUses AND expiresAt > :now AND locationId = :location',
        ExpressionAttributeValues: { ':one': 1, ':hash': token.secretHash, ':now': now, ':location': agent.locationId },
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: locationKey(agent.slug, agent.locationId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...agentKey(agent.slug, agent.agentId), entityType: 'agent', ...agent },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...also,
  ];
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return undefined;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    return failed.includes(0) ? 'token' : 'location';
  }
}

/**
 * The heartbeat: one UpdateItem, conditional on the credential and on the agent not being revoked. False when the
 * condition failed (unknown agent, wrong credential or revoked).
 */
export async function recordHeartbeat(
  slug: string,
  agentId: string,
  credentialHash: string,
  seen: { at: number; ip: string; agentVersion: string; capabilities?: AgentCapability[] },
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: agentKey(slug, agentId),
        UpdateExpression:
          'SET lastHeartbeatAt = :at, lastSeenIp = :ip, agentVersion = :version' +
          (seen.capabilities ? ', capabilities = :capabilities' : ''),
        ConditionExpression: 'credentialHash = :hash AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: {
          ':at': seen.at,
          ':ip': seen.ip,
          ':version': seen.agentVersion,
          ':hash': credentialHash,
          ...(seen.capabilities ? { ':capabilities': seen.capabilities } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * An analyst's change of an agent (rotate, move, revoke), conditional on the version they saw and on the agent
 * not being revoked, with `options.also` (the event that records it) in the same transaction. Answers what failed
 * ('agent' or 'location'), or undefined when the change was written.
 */
export async function updateAgentItem(
  slug: string,
  agentId: string,
  expectedVersion: number,
  changes: Partial<Pick<AgentItem, 'credentialHash' | 'credentialIssuedAt' | 'locationId' | 'revokedAt' | 'revokedBy'>>,
  editor: { at: number; by: string },
  options: { locationMustExist?: string; also?: TransactItem[] } = {},
): Promise<'agent' | 'location' | undefined> {
  const names = Object.keys(changes) as (keyof typeof changes)[];
  const values: Record<string, unknown> = { ':seen': expectedVersion, ':one': 1, ':at': editor.at, ':by': editor.by };
  const sets = ['version = version + :one', 'updatedAt = :at', 'updatedBy = :by'];
  for (const name of names) {
    values[`:${name}`] = changes[name];
    sets.push(`${name} = :${name}`);
  }
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: agentKey(slug, agentId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'version = :seen AND attribute_not_exists(revokedAt)',
      ExpressionAttributeValues: values,
    },
  };
  const items: TransactItem[] = [update];
  if (options.locationMustExist) {
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: locationKey(slug, options.locationMustExist),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  items.push(...(options.also ?? []));
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return undefined;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    return failed.includes(0) ? 'agent' : 'location';
  }
}

/** The key of an agent, for batch reads beside other items. */
export const agentItemKey = agentKey;
export const parseAgentItem = (raw: Record<string, unknown>) => strip<AgentItem>(raw);

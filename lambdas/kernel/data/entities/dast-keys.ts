// DAST API keys. Each key is two items, written together:
// - the key itself, `DASTKEY#<hmac>` / `DASTKEY`, found by the HMAC of the key's text: everything a verification
//   needs (company, scopes, targets, expiry, revocation, the company's enableDastTriggering copied onto it, the
//   rate window, the last use), so a verification is one conditional UpdateItem that checks, counts and records;
// - its entry in the company's partition, `COMPANY#<slug>` / `DASTKEY#<keyId>`: what the page shows (all but the
//   last use) and the hash. One consistent Query of the sort keys from `COMPANY` to `DASTKEY$` reads the company's
//   record and every entry at once (memberships, `MEMBER#…`, sort after), which keeps each management call, and
//   the company update that copies its switch onto the keys, within three requests with no index lag.
// Both carry a TTL 30 days after the key stops working, which bounds a company's list.
import { TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { CompanyRecord } from '../../access/caller.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { batchGetConsistent, failedConditions } from '../transactions.js';
import { companyEntity } from './companies.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const dastScopes = ['dast:trigger', 'dast:status:read', 'dast:results:read', 'findings:retest'] as const;
/** The DAST scopes need the company's DAST triggering on; `findings:retest` (ticket systems) does not. */
export const needsDastTriggering = (scope: string) => scope.startsWith('dast:');
export type DastScope = (typeof dastScopes)[number];

/** What the company's page knows of a key (its entry). */
export interface DastKeyEntry {
  keyHash: string;
  keyId: string;
  slug: string;
  name: string;
  /** spdk_<keyId>_…<last 4>: what lists show. */
  hint: string;
  scopes: DastScope[];
  allowedTargets: string[];
  /** ms since epoch. */
  expiresAt: number;
  createdAt: number;
  createdBy: string;
  revokedAt?: number;
  revokedBy?: string;
  /** The key this one was rolled to; it keeps working until its (shortened) expiresAt. */
  rolledTo?: string;
  rolledFrom?: string;
  version: number;
  ttl: number;
}

/** What a verification reads and writes (the key item). */
export interface DastKeyItem {
  keyHash: string;
  keyId: string;
  slug: string;
  scopes: DastScope[];
  allowedTargets: string[];
  expiresAt: number;
  revokedAt?: number;
  /** The company's enableDastTriggering, kept in step by the company update's transaction. */
  triggeringEnabled: boolean;
  lastUsedAt?: number;
  /** The current rate window (its index: floor(ms / window length)) and the requests counted in it. */
  rateWindow: number;
  rateCount: number;
  ttl: number;
}

const tableName = () => readConfig().TABLE_NAME;
const keyOf = (keyHash: string) => ({ pk: `DASTKEY#${keyHash}`, sk: 'DASTKEY' });
const companyPartition = (slug: string) => `COMPANY#${slug}`;
const entryKey = (slug: string, keyId: string) => ({ pk: companyPartition(slug), sk: `DASTKEY#${keyId}` });

/** Items are kept 30 days after a key stops working, then DynamoDB's TTL removes them. */
export const keptAfterEndMs = 30 * 24 * 3600 * 1000;
export const ttlFor = (endMs: number) => Math.ceil((endMs + keptAfterEndMs) / 1000);

function withoutKeys<T>(raw: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entityType: _e, ...rest } = raw;
  return rest as T;
}

/** The company's record and its keys' entries (newest first), in one consistent Query. */
export async function readCompanyWithKeys(
  slug: string,
): Promise<{ company: CompanyRecord | undefined; entries: DastKeyEntry[] }> {
  let company: CompanyRecord | undefined;
  const entries: DastKeyEntry[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': companyPartition(slug), ':from': 'COMPANY', ':to': 'DASTKEY$' },
    ConsistentRead: true,
  });
  for await (const item of items) {
    if (item.sk === 'COMPANY') company = companyEntity.build(EntityFormatter).format(item);
    else if (typeof item.sk === 'string' && item.sk.startsWith('DASTKEY#')) entries.push(withoutKeys(item));
  }
  return { company, entries: entries.sort((a, b) => b.createdAt - a.createdAt) };
}

/** The key items of these entries (one consistent BatchGet; at most 100). */
export async function readKeyItems(entries: readonly DastKeyEntry[]): Promise<Map<string, DastKeyItem>> {
  if (entries.length === 0) return new Map();
  const items = await batchGetConsistent(entries.map((entry) => keyOf(entry.keyHash)));
  return new Map(items.map((raw) => withoutKeys<DastKeyItem>(raw)).map((item) => [item.keyId, item]));
}

/** A new key's two items. */
export function newKeyWrites(entry: DastKeyEntry, triggeringEnabled: boolean): TransactItem[] {
  const item: DastKeyItem = {
    keyHash: entry.keyHash,
    keyId: entry.keyId,
    slug: entry.slug,
    scopes: entry.scopes,
    allowedTargets: entry.allowedTargets,
    expiresAt: entry.expiresAt,
    triggeringEnabled,
    rateWindow: 0,
    rateCount: 0,
    ttl: entry.ttl,
  };
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keyOf(entry.keyHash), entityType: 'dastKey', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...entryKey(entry.slug, entry.keyId), entityType: 'dastKeyEntry', ...entry },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Keys are created only while the company has not changed since it was read (its switch among the rest). */
export function companyUnchanged(company: CompanyRecord): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: { pk: companyPartition(company.slug), sk: 'COMPANY' },
      ConditionExpression: 'version = :seen',
      ExpressionAttributeValues: { ':seen': company.version },
    },
  };
}

/**
 * The writes that end a key's working life early (revocation, or the end of a roll's grace): the key item, on the
 * condition that it is not revoked yet, and the entry, on the version the caller read.
 */
export function endKeyWrites(
  entry: DastKeyEntry,
  changes: Partial<Pick<DastKeyEntry, 'expiresAt' | 'revokedAt' | 'revokedBy' | 'rolledTo' | 'ttl'>>,
): TransactItem[] {
  const keyChanges: Record<string, unknown> = {};
  if (changes.expiresAt !== undefined) keyChanges.expiresAt = changes.expiresAt;
  if (changes.revokedAt !== undefined) keyChanges.revokedAt = changes.revokedAt;
  if (changes.ttl !== undefined) keyChanges.ttl = changes.ttl;
  const update = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const all = { ...fields, ...extra };
    return {
      UpdateExpression: `SET ${Object.keys(all)
        .map((field) => `#${field} = :${field}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(all).map((field) => [`#${field}`, field])),
      values: Object.fromEntries(Object.entries(all).map(([field, value]) => [`:${field}`, value])),
    };
  };
  const keyUpdate = update(keyChanges);
  const entryUpdate = update(changes, { version: entry.version + 1 });
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keyOf(entry.keyHash),
        UpdateExpression: keyUpdate.UpdateExpression,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeNames: keyUpdate.ExpressionAttributeNames,
        ExpressionAttributeValues: keyUpdate.values,
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: entryKey(entry.slug, entry.keyId),
        UpdateExpression: entryUpdate.UpdateExpression,
        ConditionExpression: '#version = :seen',
        ExpressionAttributeNames: entryUpdate.ExpressionAttributeNames,
        ExpressionAttributeValues: { ...entryUpdate.values, ':seen': entry.version },
      },
    },
  ];
}

/** Sends a transaction of key changes; false when a condition failed (the company or a key changed meanwhile). */
export async function sendKeyChanges(items: TransactItem[]): Promise<boolean> {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (failedConditions(error)) return false;
    throw error;
  }
}

/**
 * The updates that copy a company's enableDastTriggering onto its keys, for the company update's own transaction.
 * Keys whose TTL is near are left out (they stopped working a month ago and may vanish any moment, which would fail
 * the transaction's condition).
 */
export function triggeringSwitchItems(
  entries: readonly DastKeyEntry[],
  enabled: boolean,
  now = Date.now(),
): TransactItem[] {
  return entries
    .filter((entry) => entry.ttl * 1000 > now + 3600_000)
    .map((entry) => ({
      Update: {
        TableName: tableName(),
        Key: keyOf(entry.keyHash),
        UpdateExpression: 'SET triggeringEnabled = :enabled',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':enabled': enabled },
      },
    }));
}

export type KeyUseOutcome = { kind: 'allowed'; key: DastKeyItem } | { kind: 'refused'; key: DastKeyItem | undefined };

/**
 * Records one use of a key, if it may be used now: one conditional UpdateItem whose condition holds every check
 * (exists, not revoked, not expired, company switch on, scope, within this rate window and its limit). It answers
 * the item after the write when allowed, or as it was when refused, so the caller can tell why.
 */
export async function recordKeyUse(input: {
  keyHash: string;
  scope: DastScope;
  now: number;
  rateWindow: number;
  rateLimit: number;
  /** The first use in a new window starts its count at 1 instead of adding to the old window's. */
  startWindow: boolean;
}): Promise<KeyUseOutcome> {
  const values: Record<string, unknown> = {
    ':now': input.now,
    ':true': true,
    ':scope': input.scope,
    ':window': input.rateWindow,
    ':one': 1,
  };
  const checks = [
    'attribute_exists(pk)',
    'attribute_not_exists(revokedAt)',
    'expiresAt > :now',
    'contains(scopes, :scope)',
  ];
  if (needsDastTriggering(input.scope)) checks.push('triggeringEnabled = :true');
  else delete values[':true'];
  let update: string;
  if (input.startWindow) {
    checks.push('rateWindow < :window');
    update = 'SET rateWindow = :window, rateCount = :one, lastUsedAt = :now';
  } else {
    values[':limit'] = input.rateLimit;
    checks.push('rateWindow = :window', 'rateCount < :limit');
    update = 'SET rateCount = rateCount + :one, lastUsedAt = :now';
  }
  try {
    const answer = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(input.keyHash),
        UpdateExpression: update,
        ConditionExpression: checks.join(' AND '),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'allowed', key: withoutKeys(answer.Attributes ?? {}) };
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const old = (error as { Item?: Record<string, unknown> }).Item;
    return { kind: 'refused', key: old ? withoutKeys(unmarshalled(old)) : undefined };
  }
}

/** The document client does not unmarshal the item of a failed condition: it comes in DynamoDB's JSON. */
function unmarshalled(item: Record<string, unknown>): Record<string, unknown> {
  const pk = item.pk as { S?: string } | string | undefined;
  return typeof pk === 'object' && pk !== null ? unmarshall(item as never) : item;
}

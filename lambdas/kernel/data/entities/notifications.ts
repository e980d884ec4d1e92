// Notification rules and what their delivery keeps:
//
// - `NOTIFY_RULES#<slug>` / `RULE#<ruleId>`: a rule (service, lowest severity, cadence, recipients), versioned.
//   Daily rules also carry the index keys `gsi1pk = NOTIFY_DAILY`, `gsi1sk = <slug>#<ruleId>`, so the daily run
//   finds the companies that chose it with one Query (no Scan). `NOTIFY_RULES#<slug>` / `COUNT` counts a
//   company's rules in the same transactions, which is how the cap holds without reading the list.
// - `PUBLISHED#<slug>` / `<at, 13 digits>#<service>#<findingId>`: the publication log, one item per finding
//   published, written in the publishing transaction itself (kept 30 days).
// - `NOTIFY_STATE#<slug>` / `<cadence>`: how far each cadence's delivery has read the log (`cursor`), and the
//   batch it is sending (`pending`), so a retry sends the same batch.
// - `NOTIFY_SENT#<slug>` / `<cadence>#<batch end>#<uid>`: one per recipient and batch, written before the mail
//   goes: a redelivered message finds it and sends nothing more (kept 30 days).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceName } from '../../access/rules.js';
import { readConfig } from '../../config.js';
import type { Severity } from '../../scanners/finding-model.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { isConditionalCheckFailure } from '../conditional.js';
import { claimOnce, releaseClaim } from '../send-claims.js';
import { failedConditions, transactOnVersion, transactWithRetry, type TransactItem } from '../transactions.js';

export const notificationCadences = ['immediate', 'daily'] as const;
export type NotificationCadence = (typeof notificationCadences)[number];
export const recipientModes = ['everyone', 'chosen'] as const;
export type RecipientMode = (typeof recipientModes)[number];

export interface NotificationRule {
  slug: string;
  ruleId: string;
  service: ServiceName;
  /** Findings of this severity or higher are mailed. */
  minSeverity: Severity;
  cadence: NotificationCadence;
  /** Everyone of the company who may view the service, or the users chosen (still only if they may view it). */
  recipientMode: RecipientMode;
  /** The chosen users' ids (empty for everyone). */
  recipients: string[];
  version: number;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
}

export interface PublicationEntry {
  sk: string;
  service: string;
  findingId: string;
  at: number;
}

export interface DeliveryState {
  cursor?: string;
  pending?: { from: string; upTo: string };
}

const tableName = () => readConfig().TABLE_NAME;
const rulesPartition = (slug: string) => `NOTIFY_RULES#${slug}`;
const ruleKey = (slug: string, ruleId: string) => ({ pk: rulesPartition(slug), sk: `RULE#${ruleId}` });
const countKey = (slug: string) => ({ pk: rulesPartition(slug), sk: 'COUNT' });
export const dailyRulesPartition = 'NOTIFY_DAILY';
const publishedPartition = (slug: string) => `PUBLISHED#${slug}`;
const stateKey = (slug: string, cadence: NotificationCadence) => ({ pk: `NOTIFY_STATE#${slug}`, sk: cadence });
const keptSeconds = 30 * 24 * 3600;

/** A log position: every entry written at or before `at` sorts at or before it. */
export const logPosition = (at: number) => `${String(at).padStart(13, '0')}#~`;

function parseRule(raw: Record<string, unknown>): NotificationRule {
  const { pk: _pk, sk: _sk, entityType: _e, gsi1pk: _g1, gsi1sk: _g2, ...rest } = raw;
  return rest as unknown as NotificationRule;
}

/** Every rule of a company (a company has at most a few dozen: one Query). */
export async function listRuleItems(slug: string): Promise<NotificationRule[]> {
  const rules: NotificationRule[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': rulesPartition(slug), ':prefix': 'RULE#' },
    ConsistentRead: true,
  });
  for await (const item of items) rules.push(parseRule(item));
  return rules.sort((a, b) => a.createdAt - b.createdAt || a.ruleId.localeCompare(b.ruleId));
}

/** The companies with at least one daily rule, through the sparse index. */
export async function companiesWithDailyRules(): Promise<string[]> {
  const slugs = new Set<string>();
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': dailyRulesPartition },
  });
  for await (const item of items) slugs.add(String(item.slug));
  return [...slugs];
}

/** Why a rule's write was refused. */
export type RuleRefusal = 'rule' | 'service' | 'count';

/**
 * Writes a new rule (`expectedVersion` undefined: counted, at most `maxRules`) or a new version of one, on the
 * condition that the company has one of `serviceFlags` on (checked in the same transaction: no read of the
 * company). Answers what failed, or undefined.
 */
export async function saveRuleItem(
  rule: NotificationRule,
  options: { expectedVersion?: number; serviceFlags: readonly string[]; maxRules: number },
): Promise<RuleRefusal | undefined> {
  const isNew = options.expectedVersion === undefined;
  const daily = rule.cadence === 'daily' ? { gsi1pk: dailyRulesPartition, gsi1sk: `${rule.slug}#${rule.ruleId}` } : {};
  const flagNames = Object.fromEntries(options.serviceFlags.map((flag, index) => [`#flag${index}`, flag]));
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...ruleKey(rule.slug, rule.ruleId), entityType: 'notificationRule', ...rule, ...daily },
        ConditionExpression: isNew ? 'attribute_not_exists(pk)' : 'version = :seen',
        ...(isNew ? {} : { ExpressionAttributeValues: { ':seen': options.expectedVersion } }),
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: { pk: `COMPANY#${rule.slug}`, sk: 'COMPANY' },
        ConditionExpression: options.serviceFlags.map((_, index) => `#flag${index} = :on`).join(' OR '),
        ExpressionAttributeNames: flagNames,
        ExpressionAttributeValues: { ':on': true },
      },
    },
  ];
  if (isNew) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: countKey(rule.slug),
        UpdateExpression: 'ADD ruleCount :one',
        ConditionExpression: 'attribute_not_exists(ruleCount) OR ruleCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': options.maxRules },
      },
    });
  }
  try {
    await transactWithRetry(items);
    return undefined;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    if (failed.includes(0)) return 'rule';
    return failed.includes(1) ? 'service' : 'count';
  }
}

/** Deletes a rule read at `expectedVersion` and uncounts it; false when it changed or is gone. */
export async function deleteRuleItem(slug: string, ruleId: string, expectedVersion: number): Promise<boolean> {
  return transactOnVersion([
    {
      Delete: {
        TableName: tableName(),
        Key: ruleKey(slug, ruleId),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': expectedVersion },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: countKey(slug),
        UpdateExpression: 'ADD ruleCount :minus',
        ExpressionAttributeValues: { ':minus': -1 },
      },
    },
  ]);
}

/** The log item of a finding published at `at`, for the publishing transaction. */
export function publicationWrite(slug: string, service: string, findingId: string, at: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: publishedPartition(slug),
        sk: `${String(at).padStart(13, '0')}#${service}#${findingId}`,
        entityType: 'publication',
        service,
        findingId,
        at,
        ttl: Math.floor(at / 1000) + keptSeconds,
      },
    },
  };
}

/** Log entries after `after` up to `upTo` (inclusive), oldest first, at most `limit`. */
export async function readPublications(
  slug: string,
  range: { after?: string; upTo?: string; limit: number },
): Promise<PublicationEntry[]> {
  const entries: PublicationEntry[] = [];
  const values: Record<string, unknown> = { ':pk': publishedPartition(slug) };
  let condition = 'pk = :pk';
  if (range.after !== undefined) values[':after'] = range.after;
  if (range.upTo !== undefined) values[':upTo'] = range.upTo;
  if (range.after !== undefined && range.upTo !== undefined) condition += ' AND sk BETWEEN :after AND :upTo';
  else if (range.after !== undefined) condition += ' AND sk > :after';
  else if (range.upTo !== undefined) condition += ' AND sk <= :upTo';
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: condition,
    ExpressionAttributeValues: values,
    ConsistentRead: true,
    // One more: BETWEEN includes its lower end, which the previous batch already sent.
    Limit: range.limit + 1,
  });
  for await (const item of items) {
    if (item.sk === range.after) continue;
    entries.push({
      sk: String(item.sk),
      service: String(item.service),
      findingId: String(item.findingId),
      at: Number(item.at),
    });
    if (entries.length >= range.limit) break;
  }
  return entries;
}

export async function getDeliveryState(slug: string, cadence: NotificationCadence): Promise<DeliveryState> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: stateKey(slug, cadence), ConsistentRead: true }),
  );
  return (answer.Item ?? {}) as DeliveryState;
}

/** Records the batch about to be sent, unless another run recorded one first (false then). */
export async function startDeliveryBatch(
  slug: string,
  cadence: NotificationCadence,
  batch: { from: string; upTo: string },
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stateKey(slug, cadence),
        UpdateExpression: 'SET pending = :batch',
        ConditionExpression: 'attribute_not_exists(pending)',
        ExpressionAttributeValues: { ':batch': batch },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The batch is sent (or there is nothing to send up to `cursor`): the log is read from there on next time. */
export async function finishDeliveryBatch(slug: string, cadence: NotificationCadence, cursor: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: stateKey(slug, cadence),
      UpdateExpression: 'SET #cursor = :cursor REMOVE pending',
      ExpressionAttributeNames: { '#cursor': 'cursor' },
      ExpressionAttributeValues: { ':cursor': cursor },
    }),
  );
}

const sentKey = (slug: string, cadence: NotificationCadence, upTo: string, uid: string) => ({
  pk: `NOTIFY_SENT#${slug}`,
  sk: `${cadence}#${upTo}#${uid}`,
});

/** Claims the mail of one recipient and batch; false when it was claimed (sent) before: send nothing. */
export function claimDigestMail(
  slug: string,
  cadence: NotificationCadence,
  upTo: string,
  uid: string,
  findingCount: number,
): Promise<boolean> {
  return claimOnce(sentKey(slug, cadence, upTo, uid), { entityType: 'notificationSent', findingCount }, keptSeconds);
}

/** Gives a claim back when its mail could not be sent, so the queue's next try sends it. */
export function releaseDigestMail(
  slug: string,
  cadence: NotificationCadence,
  upTo: string,
  uid: string,
): Promise<void> {
  return releaseClaim(sentKey(slug, cadence, upTo, uid));
}

/** The user ids of a company's members (membership items, one Query of the company's partition). */
export async function listMemberUids(slug: string): Promise<string[]> {
  const uids: string[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `COMPANY#${slug}`, ':prefix': 'MEMBER#' },
    ProjectionExpression: 'sk',
  });
  for await (const item of items) uids.push(String(item.sk).slice('MEMBER#'.length));
  return uids;
}

// Webhook endpoints and their deliveries:
//
// - `WEBHOOKS#<slug>` / `ENDPOINT#<endpointId>`: an endpoint (URL, events, format, its signing secret encrypted),
//   versioned. `WEBHOOKS#<slug>` / `COUNT` counts a company's endpoints in the same transactions, which is how the
//   cap holds without reading the list. The company's own record counts its enabled endpoints
//   (`webhookEndpointsOn`), in the same transactions too: the changes of its findings read that record anyway, and
//   put their events in the webhook outbox only while it is above zero (webhooks/webhook-outbox.ts).
// The webhook outbox, which the fan-out reads, is webhook-outbox.ts.
// - `WEBHOOK_DELIVERIES#<slug>#<endpointId>` / `D#<deliveryId>`: one message to one endpoint and what became of it
//   (attempts, the last answer's status, latency and first kilobyte), kept 30 days. While a delivery waits for an
//   attempt it carries the index keys `gsi1pk = WEBHOOK_DUE`, `gsi1sk = <next attempt time>#…`: the schedule finds
//   what is due with one Query (no Scan).
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEventType, WebhookFormat } from '../../../contracts/webhooks.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { isConditionalCheckFailure } from '../conditional.js';
import { queryAll } from '../query-all.js';
import {
  batchGetConsistent,
  failedConditions,
  transactOnVersion,
  transactWithRetry,
  type TransactItem,
} from '../transactions.js';
import { companyItemKey } from './companies.js';

export interface WebhookEndpoint {
  slug: string;
  endpointId: string;
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  description: string;
  enabled: boolean;
  /** Why it was turned off by the portal (five days of failed deliveries), when it was. */
  disabledReason?: string;
  /** The signing secret, encrypted (webhooks/webhook-secret.ts). */
  secretBox: string;
  /** The secret before the last rotation, which still signs until `previousSecretUntil`. */
  previousSecretBox?: string;
  previousSecretUntil?: number;
  /** Since when every attempt to this endpoint failed (none since a success). */
  failingSince?: number;
  version: number;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  slug: string;
  endpointId: string;
  deliveryId: string;
  /** The Standard Webhooks message id, the same on every attempt. */
  webhookId: string;
  eventType: WebhookEventType | 'webhook.test';
  /** The payload as sent (JSON text), so every attempt sends the same bytes. */
  body: string;
  createdAt: number;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAt?: number;
  lastAttemptAt?: number;
  responseStatus?: number;
  latencyMs?: number;
  /** The first kilobyte of the last answer. */
  responseExcerpt?: string;
  /** Why the last attempt got no answer (timeout, refused address…). */
  error?: string;
}

const tableName = () => readConfig().TABLE_NAME;
const endpointsPartition = (slug: string) => `WEBHOOKS#${slug}`;
const endpointKey = (slug: string, endpointId: string) => ({
  pk: endpointsPartition(slug),
  sk: `ENDPOINT#${endpointId}`,
});
const countKey = (slug: string) => ({ pk: endpointsPartition(slug), sk: 'COUNT' });
const deliveriesPartition = (slug: string, endpointId: string) => `WEBHOOK_DELIVERIES#${slug}#${endpointId}`;
const deliveryKey = (slug: string, endpointId: string, deliveryId: string) => ({
  pk: deliveriesPartition(slug, endpointId),
  sk: `D#${deliveryId}`,
});
export const dueDeliveriesPartition = 'WEBHOOK_DUE';
export const overdueSubscribersPartition = 'WEBHOOK_OVERDUE';
const overdueCursorKey = (slug: string) => ({ pk: endpointsPartition(slug), sk: 'OVERDUE_CURSOR' });
const dueSortKey = (at: number, delivery: Pick<WebhookDelivery, 'slug' | 'endpointId' | 'deliveryId'>) =>
  `${String(at).padStart(13, '0')}#${delivery.slug}#${delivery.endpointId}#${delivery.deliveryId}`;
const keptSeconds = 30 * 24 * 3600;

function withoutKeys<T>(raw: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entityType: _e, gsi1pk: _g1, gsi1sk: _g2, ttl: _ttl, ...rest } = raw;
  return rest as T;
}

export async function listEndpointItems(slug: string): Promise<WebhookEndpoint[]> {
  const endpoints: WebhookEndpoint[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': endpointsPartition(slug), ':prefix': 'ENDPOINT#' },
    ConsistentRead: true,
  });
  for await (const item of items) endpoints.push(withoutKeys<WebhookEndpoint>(item));
  return endpoints.sort((a, b) => a.createdAt - b.createdAt || a.endpointId.localeCompare(b.endpointId));
}

export async function getEndpointItem(slug: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: endpointKey(slug, endpointId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<WebhookEndpoint>(Item) : undefined;
}

/** Why an endpoint's write was refused: the version, the cap, or no such company. */
export type EndpointRefusal = 'version' | 'count' | 'company';

/** The company record's count of enabled endpoints moved by `by`, the company existing. */
function enabledCountWrite(slug: string, by: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: companyItemKey(slug),
      UpdateExpression: 'ADD webhookEndpointsOn :by',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

/**
 * transactOnVersion for a write whose last item moves the company's count of enabled endpoints: an endpoint whose
 * company has no record (one written before the count existed, for a slug without a company) is written without it.
 */
async function onVersionCounting(items: TransactItem[]): Promise<boolean> {
  try {
    return await transactOnVersion(items);
  } catch (error) {
    if (!failedConditions(error)?.includes(items.length - 1)) throw error;
    return transactOnVersion(items.slice(0, -1));
  }
}

/**
 * Writes a new endpoint (`expectedVersion` undefined: counted, at most `maxEndpoints`) or a new version of one
 * (`wasEnabled`: whether the version it replaces was on). Answers what failed, or undefined.
 */
export async function saveEndpointItem(
  endpoint: WebhookEndpoint,
  options: { expectedVersion?: number; maxEndpoints: number; wasEnabled?: boolean },
): Promise<EndpointRefusal | undefined> {
  const isNew = options.expectedVersion === undefined;
  const put = {
    Put: {
      TableName: tableName(),
      Item: {
        ...endpointKey(endpoint.slug, endpoint.endpointId),
        entityType: 'webhookEndpoint',
        ...endpoint,
        // Endpoints that want `finding.overdue`, for the schedule that looks for findings past their due date.
        ...(endpoint.events.includes('finding.overdue')
          ? { gsi1pk: overdueSubscribersPartition, gsi1sk: `${endpoint.slug}#${endpoint.endpointId}` }
          : {}),
      },
      ConditionExpression: isNew ? 'attribute_not_exists(pk)' : 'version = :seen',
      ...(isNew ? {} : { ExpressionAttributeValues: { ':seen': options.expectedVersion } }),
    },
  };
  const count = {
    Update: {
      TableName: tableName(),
      Key: countKey(endpoint.slug),
      UpdateExpression: 'ADD endpointCount :one',
      ConditionExpression: 'attribute_not_exists(endpointCount) OR endpointCount < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': options.maxEndpoints },
    },
  };
  const enabledMove = (endpoint.enabled ? 1 : 0) - (isNew ? 0 : options.wasEnabled ? 1 : 0);
  const items: TransactItem[] = isNew ? [put, count] : [put];
  const companyAt = items.length;
  if (enabledMove !== 0) items.push(enabledCountWrite(endpoint.slug, enabledMove));
  try {
    await transactWithRetry(items);
    return undefined;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    if (failed.includes(0)) return 'version';
    return failed.includes(companyAt) ? 'company' : 'count';
  }
}

/**
 * Deletes an endpoint read at `expectedVersion` and uncounts it (from the company's enabled ones too, when it was
 * on); false when it changed or is gone. One transaction when the endpoint is on (the usual case), else two.
 */
export async function deleteEndpointItem(slug: string, endpointId: string, expectedVersion: number): Promise<boolean> {
  for (const enabled of [true, false]) {
    const deleted = await (enabled ? onVersionCounting : transactOnVersion)([
      {
        Delete: {
          TableName: tableName(),
          Key: endpointKey(slug, endpointId),
          ConditionExpression: enabled ? 'version = :seen AND enabled = :on' : 'version = :seen AND enabled <> :on',
          ExpressionAttributeValues: { ':seen': expectedVersion, ':on': true },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: countKey(slug),
          UpdateExpression: 'ADD endpointCount :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
      ...(enabled ? [enabledCountWrite(slug, -1)] : []),
    ]);
    if (deleted) return true;
  }
  return false;
}

/** Notes a failed attempt: the endpoint has been failing since `at`, unless it already was. */
export async function markEndpointFailing(slug: string, endpointId: string, at: number): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(slug, endpointId),
        UpdateExpression: 'SET failingSince = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(failingSince)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Notes a success: the endpoint is failing no more. */
export async function clearEndpointFailing(slug: string, endpointId: string): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(slug, endpointId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(failingSince)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * Turns an endpoint off (a new version), uncounting it from the company's enabled endpoints in the same transaction;
 * true only for the write that did it, so one mail goes out.
 */
export async function disableEndpointItem(slug: string, endpointId: string, reason: string, at: number) {
  return onVersionCounting([
    {
      Update: {
        TableName: tableName(),
        Key: endpointKey(slug, endpointId),
        UpdateExpression:
          'SET enabled = :off, disabledReason = :reason, updatedAt = :at, updatedBy = :by ADD version :one',
        ConditionExpression: 'enabled = :on',
        ExpressionAttributeValues: {
          ':off': false,
          ':on': true,
          ':reason': reason,
          ':at': at,
          ':by': 'the portal',
          ':one': 1,
        },
      },
    },
    enabledCountWrite(slug, -1),
  ]);
}

/** Writes a new delivery, due at once; false when one of that id exists (a fan-out run again). */
export async function putDeliveryItem(delivery: WebhookDelivery): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...deliveryKey(delivery.slug, delivery.endpointId, delivery.deliveryId),
          entityType: 'webhookDelivery',
          ...delivery,
          ...(delivery.state === 'pending' && delivery.nextAttemptAt !== undefined
            ? { gsi1pk: dueDeliveriesPartition, gsi1sk: dueSortKey(delivery.nextAttemptAt, delivery) }
            : {}),
          ttl: Math.floor(delivery.createdAt / 1000) + keptSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export async function getDeliveryItem(
  slug: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(slug, endpointId, deliveryId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<WebhookDelivery>(Item) : undefined;
}

/** An endpoint's deliveries, newest first, one page. */
export async function listDeliveryItems(
  slug: string,
  endpointId: string,
  page: { limit: number; cursor?: string },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor?: string }> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': deliveriesPartition(slug, endpointId), ':prefix': 'D#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ...(page.cursor
        ? { ExclusiveStartKey: { pk: deliveriesPartition(slug, endpointId), sk: `D#${page.cursor}` } }
        : {}),
    }),
  );
  const deliveries = (answer.Items ?? []).map((item) => withoutKeys<WebhookDelivery>(item));
  const last = answer.LastEvaluatedKey?.sk as string | undefined;
  return { deliveries, ...(last ? { nextCursor: last.slice('D#'.length) } : {}) };
}

/**
 * Claims the next attempt of a pending delivery: only if it is still pending after `attempts` attempts and due by
 * `now`. The claim moves it `leaseMs` ahead, so the schedule does not hand it out again while it is being sent.
 */
export async function claimDeliveryAttempt(
  delivery: WebhookDelivery,
  now: number,
  leaseMs: number,
): Promise<WebhookDelivery | undefined> {
  const next = now + leaseMs;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(delivery.slug, delivery.endpointId, delivery.deliveryId),
        UpdateExpression: 'SET attempts = :after, nextAttemptAt = :next, gsi1pk = :due, gsi1sk = :dueKey',
        ConditionExpression: '#state = :pending AND attempts = :seen AND nextAttemptAt <= :now',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':after': delivery.attempts + 1,
          ':seen': delivery.attempts,
          ':pending': 'pending',
          ':now': now,
          ':next': next,
          ':due': dueDeliveriesPartition,
          ':dueKey': dueSortKey(next, delivery),
        },
      }),
    );
    return { ...delivery, attempts: delivery.attempts + 1, nextAttemptAt: next };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

export interface AttemptOutcome {
  at: number;
  responseStatus?: number;
  latencyMs?: number;
  responseExcerpt?: string;
  error?: string;
}

/**
 * Records the outcome of the claimed attempt: delivered, failed for good, or due again at `nextAttemptAt`.
 * Conditional on the attempt count the claim wrote, so a late writer cannot overwrite a newer attempt.
 */
export async function recordDeliveryAttempt(
  delivery: WebhookDelivery,
  outcome: AttemptOutcome,
  state: WebhookDeliveryState,
  nextAttemptAt?: number,
): Promise<void> {
  const values: Record<string, unknown> = {
    ':state': state,
    ':at': outcome.at,
    ':seen': delivery.attempts,
  };
  const sets = ['#state = :state', 'lastAttemptAt = :at'];
  const removes: string[] = [];
  const names: Record<string, string> = { '#state': 'state' };
  for (const field of ['responseStatus', 'latencyMs', 'responseExcerpt', 'error'] as const) {
    // `error` is a reserved word of DynamoDB's expressions: every field goes by a name placeholder.
    names[`#${field}`] = field;
    if (outcome[field] === undefined) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = outcome[field];
    }
  }
  if (state === 'pending' && nextAttemptAt !== undefined) {
    sets.push('nextAttemptAt = :next', 'gsi1pk = :due', 'gsi1sk = :dueKey');
    values[':next'] = nextAttemptAt;
    values[':due'] = dueDeliveriesPartition;
    values[':dueKey'] = dueSortKey(nextAttemptAt, delivery);
  } else {
    removes.push('nextAttemptAt', 'gsi1pk', 'gsi1sk');
  }
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(delivery.slug, delivery.endpointId, delivery.deliveryId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attempts = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Makes a delivery pending again, due at `at` (a redelivery asked for by a person); undefined when it is pending. */
export async function requeueDeliveryItem(delivery: WebhookDelivery, at: number): Promise<WebhookDelivery | undefined> {
  try {
    const answer = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(delivery.slug, delivery.endpointId, delivery.deliveryId),
        UpdateExpression: 'SET #state = :pending, nextAttemptAt = :at, gsi1pk = :due, gsi1sk = :dueKey',
        ConditionExpression: 'attribute_exists(pk) AND #state <> :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':at': at,
          ':due': dueDeliveriesPartition,
          ':dueKey': dueSortKey(at, delivery),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<WebhookDelivery>(answer.Attributes ?? {});
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** An endpoint and one of its deliveries, in one consistent BatchGet. */
export async function getEndpointAndDelivery(
  slug: string,
  endpointId: string,
  deliveryId: string,
): Promise<{ endpoint?: WebhookEndpoint; delivery?: WebhookDelivery }> {
  const endpointAt = endpointKey(slug, endpointId);
  const deliveryAt = deliveryKey(slug, endpointId, deliveryId);
  const items = await batchGetConsistent([endpointAt, deliveryAt]);
  const find = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const endpoint = find(endpointAt);
  const delivery = find(deliveryAt);
  return {
    ...(endpoint ? { endpoint: withoutKeys<WebhookEndpoint>(endpoint) } : {}),
    ...(delivery ? { delivery: withoutKeys<WebhookDelivery>(delivery) } : {}),
  };
}

/** The deliveries due by `now`, oldest first, at most `limit` (their keys, for the queue). */
export async function dueDeliveryRefs(
  now: number,
  limit: number,
): Promise<Array<Pick<WebhookDelivery, 'slug' | 'endpointId' | 'deliveryId' | 'attempts'>>> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':pk': dueDeliveriesPartition, ':upTo': `${String(now).padStart(13, '0')}#~` },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => ({
    slug: String(item.slug),
    endpointId: String(item.endpointId),
    deliveryId: String(item.deliveryId),
    attempts: Number(item.attempts),
  }));
}

/** The companies with an endpoint that subscribed to `finding.overdue` (the sparse index). */
export async function overdueSubscriberSlugs(): Promise<string[]> {
  const slugs = new Set<string>();
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': overdueSubscribersPartition },
    ProjectionExpression: 'slug',
  });
  for await (const item of items) slugs.add(String(item.slug));
  return [...slugs];
}

/** Up to when the company's findings have been checked for becoming overdue. */
export async function getOverdueCursor(slug: string): Promise<number | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: overdueCursorKey(slug), ConsistentRead: true }),
  );
  return typeof Item?.checkedUpTo === 'number' ? Item.checkedUpTo : undefined;
}

export async function setOverdueCursor(slug: string, checkedUpTo: number): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...overdueCursorKey(slug), entityType: 'webhookOverdueCursor', checkedUpTo },
    }),
  );
}

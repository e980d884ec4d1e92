// The webhook outbox: webhook events waiting for the fan-out (webhooks/webhook-fanout.ts), in the sparse index
// `gsi2pk = WEBHOOK_OUTBOX`, oldest first. Two kinds of item carry its keys: an entry of the event log that is a
// webhook event of a company with an enabled endpoint (events.ts), and an outbox entry of its own,
// `WEBHOOK_OUTBOX#<slug>` / `<time>#<id>`, for what is no entry of the log (a bulk update's findings, an import's
// scan.completed), kept a week. Apart from webhooks.ts so that the import function, which writes outbox entries,
// does not bundle the endpoints' and deliveries' records.
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { isConditionalCheckFailure } from '../conditional.js';
import type { TransactItem } from '../transactions.js';
import { eventSortKey, webhookOutboxPartition } from './events.js';

const tableName = () => readConfig().TABLE_NAME;

/** A webhook event waiting for the fan-out: an entry of the event log, or an outbox entry of its own. */
export interface OutboxEvent {
  key: { pk: string; sk: string };
  id: string;
  createdAt: number;
  type: string;
  subject?: unknown;
  before?: unknown;
  after?: unknown;
}

/** The oldest events waiting for the fan-out, at most `limit`. */
export async function pendingOutboxEvents(limit: number): Promise<OutboxEvent[]> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': webhookOutboxPartition },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => ({
    key: { pk: String(item.pk), sk: String(item.sk) },
    id: String(item.id),
    createdAt: Number(item.createdAt),
    type: String(item.type),
    subject: item.subject as unknown,
    before: item.before as unknown,
    after: item.after as unknown,
  }));
}

const outboxKeptSeconds = 7 * 24 * 3600;

/** A webhook event that is no entry of the event log, as the fan-out reads it (OutboxEvent without its key). */
export type OutboxEntry = Omit<OutboxEvent, 'key'> & { slug: string };

/**
 * The write of a webhook event of its own into the outbox, to go in the transaction of the change it tells (a
 * bulk update's finding), or alone (`onlyOnce`: a second write of the same id is refused, see putOutboxEntry).
 */
export function outboxEntryWrite(entry: OutboxEntry, onlyOnce = false): TransactItem {
  const sortKey = eventSortKey(entry.createdAt, entry.id);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: `WEBHOOK_OUTBOX#${entry.slug}`,
        sk: sortKey,
        entityType: 'webhookOutboxEntry',
        ...entry,
        gsi2pk: webhookOutboxPartition,
        gsi2sk: sortKey,
        ttl: Math.floor(entry.createdAt / 1000) + outboxKeptSeconds,
      },
      ...(onlyOnce ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    },
  };
}

/** Puts an outbox entry on its own; false when one of that id and time was written before (a run again). */
export async function putOutboxEntry(entry: OutboxEntry): Promise<boolean> {
  const { Put } = outboxEntryWrite(entry, true);
  try {
    await documentClient.send(new PutCommand(Put as never));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The event has been fanned out: out of the outbox index. */
export async function clearOutboxEvent(key: { pk: string; sk: string }): Promise<void> {
  await documentClient.send(
    new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }),
  );
}

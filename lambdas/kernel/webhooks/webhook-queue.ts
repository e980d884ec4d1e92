// The webhook queue (an SQS FIFO queue, run by the webhook worker, lambdas/webhooks): `fanout` turns the event log's
// pending finding events into deliveries, `deliverEvent` makes the first attempts of one event's deliveries side by
// side, `deliver` one attempt of one delivery (a retry the schedule found due, a test message, a redelivery). Each
// event and each delivery is a message group of its own, so a slow endpoint holds up only its own messages.
import { randomUUID } from 'node:crypto';
import { readConfig } from '../config.js';
import { logger } from '../logger.js';
import { sendFifoMessage } from '../queues/send-message.js';
import type { TransactItem } from '../data/transactions.js';
import { writesOutboxEntry } from './webhook-outbox.js';

export interface QueuedDelivery {
  slug: string;
  endpointId: string;
  deliveryId: string;
  attempts: number;
}

export type WebhookWork =
  | { kind: 'fanout' }
  | ({ kind: 'deliver' } & QueuedDelivery)
  | { kind: 'deliverEvent'; eventId: string; deliveries: QueuedDelivery[] };

/** All fan-outs run one at a time, in one group: two never read the same pending events. */
const fanoutGroup = 'webhook-fanout';

function groupOf(work: WebhookWork): string {
  if (work.kind === 'fanout') return fanoutGroup;
  return work.kind === 'deliver' ? `deliver-${work.deliveryId}` : `event-${work.eventId}`;
}

/** A repeat of the same attempt within five minutes queues nothing more. */
function deduplicationOf(work: WebhookWork): string {
  if (work.kind === 'fanout') return `fanout-${randomUUID()}`;
  return work.kind === 'deliver' ? `${work.deliveryId}-${work.attempts}` : `event-${work.eventId}`;
}

export async function queueWebhookWork(work: WebhookWork): Promise<void> {
  const queueUrl = readConfig().WEBHOOK_QUEUE_URL;
  if (!queueUrl) return;
  await sendFifoMessage(queueUrl, {
    body: JSON.stringify(work),
    groupId: groupOf(work),
    deduplicationId: deduplicationOf(work),
  });
}

/**
 * After a change: when its writes put an entry in the webhook outbox (only a company with an enabled endpoint's do,
 * webhook-outbox.ts), fan it out now; otherwise nothing is queued. A queue that cannot be reached loses nothing: the
 * entry stays pending and the minute's schedule fans it out.
 */
export async function nudgeWebhookFanout(written: readonly TransactItem[]): Promise<void> {
  if (!writesOutboxEntry(written)) return;
  try {
    await queueWebhookWork({ kind: 'fanout' });
  } catch (error) {
    logger.warn('Could not queue the webhook fan-out; the schedule sends it', { error: (error as Error).name });
  }
}

function isQueuedDelivery(value: unknown): value is QueuedDelivery {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.slug === 'string' &&
    typeof item.endpointId === 'string' &&
    typeof item.deliveryId === 'string' &&
    typeof item.attempts === 'number'
  );
}

export function parseWebhookWork(body: string): WebhookWork | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (parsed.kind === 'fanout') return { kind: 'fanout' };
    if (parsed.kind === 'deliver' && isQueuedDelivery(parsed)) {
      const { slug, endpointId, deliveryId, attempts } = parsed;
      return { kind: 'deliver', slug, endpointId, deliveryId, attempts };
    }
    const deliveries = parsed.deliveries;
    if (
      parsed.kind === 'deliverEvent' &&
      typeof parsed.eventId === 'string' &&
      Array.isArray(deliveries) &&
      deliveries.every(isQueuedDelivery)
    ) {
      return { kind: 'deliverEvent', eventId: parsed.eventId, deliveries };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

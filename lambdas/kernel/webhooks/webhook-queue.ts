// The webhook queue (an SQS FIFO queue, run by the webhook worker, lambdas/webhooks): `fanout` turns the event log's
// pending finding events into deliveries, `deliver` makes one attempt of one delivery. Each delivery is its own
// message group, so a slow endpoint holds up only its own messages.
import { randomUUID } from 'node:crypto';
import { readConfig } from '../config.js';
import { logger } from '../logger.js';
import { sendFifoMessage } from '../queues/send-message.js';

export type WebhookWork =
  { kind: 'fanout' } | { kind: 'deliver'; slug: string; endpointId: string; deliveryId: string; attempts: number };

/** All fan-outs run one at a time, in one group: two never read the same pending events. */
const fanoutGroup = 'webhook-fanout';

export async function queueWebhookWork(work: WebhookWork): Promise<void> {
  const queueUrl = readConfig().WEBHOOK_QUEUE_URL;
  if (!queueUrl) return;
  await sendFifoMessage(queueUrl, {
    body: JSON.stringify(work),
    groupId: work.kind === 'fanout' ? fanoutGroup : `deliver-${work.deliveryId}`,
    // A repeat of the same attempt within five minutes queues nothing more.
    deduplicationId: work.kind === 'fanout' ? `fanout-${randomUUID()}` : `${work.deliveryId}-${work.attempts}`,
  });
}

/**
 * After a change that wrote a finding event to the log: fan it out to the company's webhooks now. A queue that
 * cannot be reached loses nothing: the event stays pending and the minute's schedule fans it out.
 */
export async function nudgeWebhookFanout(): Promise<void> {
  try {
    await queueWebhookWork({ kind: 'fanout' });
  } catch (error) {
    logger.warn('Could not queue the webhook fan-out; the schedule sends it', { error: (error as Error).name });
  }
}

export function parseWebhookWork(body: string): WebhookWork | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (parsed.kind === 'fanout') return { kind: 'fanout' };
    if (
      parsed.kind === 'deliver' &&
      typeof parsed.slug === 'string' &&
      typeof parsed.endpointId === 'string' &&
      typeof parsed.deliveryId === 'string' &&
      typeof parsed.attempts === 'number'
    ) {
      const { slug, endpointId, deliveryId, attempts } = parsed;
      return { kind: 'deliver', slug, endpointId, deliveryId, attempts };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

// The webhook worker: runs the webhook queue's work (fan-out of finding events, one attempt of one delivery) and the
// minute's schedule (EventBridge; locally `npm start` sends the same event), which fans out what a lost nudge left
// and queues the deliveries whose retry is due. Work that crashes is a batch item failure, delivered again by the
// queue.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../kernel/logger.js';
import { correlationIdOf, withCorrelationId } from '../kernel/observability/invocation.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';
import { queueDueDeliveries, runDeliveryAttempt } from '../kernel/webhooks/webhook-delivery.js';
import { sendOverdueFindings } from '../kernel/webhooks/overdue-findings.js';
import { fanOutWebhookEvents } from '../kernel/webhooks/webhook-fanout.js';
import { parseWebhookWork } from '../kernel/webhooks/webhook-queue.js';

/** The schedule's event (infra/constructs/webhooks.ts; locally infra/local/stack.ts). */
export interface WebhookScheduleEvent {
  webhooks: 'sweep';
}

const isSchedule = (event: SQSEvent | WebhookScheduleEvent): event is WebhookScheduleEvent =>
  (event as WebhookScheduleEvent).webhooks === 'sweep';

export const handler = observedHandler(
  'webhookWork',
  async (event: SQSEvent | WebhookScheduleEvent): Promise<SQSBatchResponse> => {
    if (isSchedule(event)) {
      const started = (await fanOutWebhookEvents()) + (await sendOverdueFindings());
      const queued = await queueDueDeliveries();
      if (started + queued > 0) logger.info('Webhook schedule ran', { started, queued });
      return { batchItemFailures: [] };
    }
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      // Each message's logs carry the id of the API request that queued it.
      const failed = await withCorrelationId(correlationIdOf(record), () => runRecord(record));
      if (failed) batchItemFailures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures };
  },
);

/** Runs one message's work; true when it failed (the queue delivers it again). */
async function runRecord(record: SQSRecord): Promise<boolean> {
  const work = parseWebhookWork(record.body);
  if (!work) {
    logger.error('Webhook message without work: dropped', { messageId: record.messageId });
    return false;
  }
  try {
    if (work.kind === 'fanout') await fanOutWebhookEvents();
    else if (work.kind === 'deliver') await runDeliveryAttempt(work);
    else await Promise.all(work.deliveries.map((delivery) => runDeliveryAttempt(delivery)));
    return false;
  } catch (error) {
    logger.error('Webhook work failed', { messageId: record.messageId, error: (error as Error).name });
    return true;
  }
}

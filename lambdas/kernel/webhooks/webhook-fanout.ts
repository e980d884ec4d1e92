// The fan-out: webhook events of the outbox become deliveries. Each change writes its event in its own transaction,
// marked in the webhook outbox (events.ts; a bulk update's findings and an import's scan.completed as outbox entries
// of their own, entities/webhooks.ts); a nudge after the change, or the minute's schedule, runs this. The finding is
// read as it is now and shown as its customer sees it: an unpublished finding is never sent. A scan.completed
// carries what the import's end wrote of it (published findings' counts only) and the report's link. Safe to run
// twice: a delivery's id comes from the event and the endpoint, and is written only once.
import { createHash } from 'node:crypto';
import { readConfig } from '../config.js';
import { getFindingItem } from '../data/entities/findings.js';
import { listEndpointItems, type WebhookEndpoint } from '../data/entities/webhooks.js';
import { clearOutboxEvent, pendingOutboxEvents, type OutboxEvent } from '../data/entities/webhook-outbox.js';
import { logger } from '../logger.js';
import { portalUrlOf } from '../notifications/notification-mail.js';
import { loggedCompanyOf, loggedFindingOf, webhookEventOf } from './finding-event-types.js';
import { newDeliveryId, startDelivery } from './webhook-delivery.js';
import { reportLinkOf, webhookFindingView, type WebhookPayload, type WebhookScanView } from './webhook-messages.js';
import { queueWebhookWork } from './webhook-queue.js';

/** Outbox events one run takes; a longer backlog is taken by the next page at once. */
const pageSize = 100;

function reviewOf(event: OutboxEvent): Record<string, unknown> | undefined {
  const after = (event.after ?? {}) as Record<string, unknown>;
  if (typeof after.decision === 'string') return { decision: after.decision };
  const review = after.review as Record<string, unknown> | undefined;
  return review ? { kind: review.kind, ...(review.until !== undefined ? { until: review.until } : {}) } : undefined;
}

/** What a scan.completed entry says (written by the import's end: customer-safe fields only), with the link. */
function scanOf(event: OutboxEvent, portalUrl: string): WebhookScanView | undefined {
  const after = (event.after ?? {}) as Partial<WebhookScanView>;
  if (typeof after.service !== 'string' || !after.counts) return undefined;
  const { new: found, fixed, reopened, open } = after.counts;
  return {
    service: after.service,
    ...(typeof after.tool === 'string' ? { tool: after.tool } : {}),
    finishedAt: String(after.finishedAt),
    counts: { new: found, fixed, reopened, open },
    link: reportLinkOf(portalUrl, after.service),
  };
}

/** The event's data: the finding as its customer sees it now (none when unpublished or gone), or the scan. */
async function dataOf(
  event: OutboxEvent,
  slug: string,
  portalUrl: string,
): Promise<WebhookPayload['data'] | undefined> {
  if (event.type === 'scanCompleted') {
    const scan = scanOf(event, portalUrl);
    return scan ? { company: slug, scan } : undefined;
  }
  const ref = loggedFindingOf(event);
  if (!ref) return undefined;
  const item = await getFindingItem(ref.slug, ref.service, ref.findingId, true);
  const finding = item ? webhookFindingView(item, portalUrl) : undefined;
  if (!finding) return undefined;
  const review = reviewOf(event);
  return { company: slug, finding, ...(review ? { review } : {}) };
}

async function fanOutEvent(
  event: OutboxEvent,
  endpointsOf: (slug: string) => Promise<WebhookEndpoint[]>,
  portalUrl: string,
): Promise<number> {
  const type = webhookEventOf(event);
  const slug = loggedCompanyOf(event);
  if (!type || !slug) return 0;
  const endpoints = (await endpointsOf(slug)).filter((endpoint) => endpoint.enabled && endpoint.events.includes(type));
  if (endpoints.length === 0) return 0;
  const data = await dataOf(event, slug, portalUrl);
  if (!data) return 0;
  const payload: WebhookPayload = { type, timestamp: new Date(event.createdAt).toISOString(), data };
  // An event's deliveries are written side by side (a company has at most 20 endpoints) and queued as one message.
  const deliveries = endpoints.map((endpoint) => {
    const unique = createHash('sha256').update(`${event.id}/${endpoint.endpointId}`).digest('hex').slice(0, 12);
    return { endpoint, deliveryId: newDeliveryId(event.createdAt, unique) };
  });
  const written = await Promise.all(
    deliveries.map(({ endpoint, deliveryId }) => startDelivery(endpoint, payload, deliveryId, Date.now(), false)),
  );
  const started = deliveries.filter((_, index) => written[index]);
  if (started.length === 0) return 0;
  try {
    await queueWebhookWork({
      kind: 'deliverEvent',
      eventId: event.id,
      deliveries: started.map(({ endpoint, deliveryId }) => ({
        slug: endpoint.slug,
        endpointId: endpoint.endpointId,
        deliveryId,
        attempts: 0,
      })),
    });
  } catch (error) {
    // The deliveries are stored and due: the schedule queues them within the minute.
    logger.warn('Could not queue webhook deliveries; the schedule sends them', { error: (error as Error).name });
  }
  return started.length;
}

/** Fans out every event in the outbox; answers how many deliveries were started. */
export async function fanOutWebhookEvents(): Promise<number> {
  const portalUrl = portalUrlOf(readConfig());
  const endpoints = new Map<string, Promise<WebhookEndpoint[]>>();
  const endpointsOf = (slug: string) => {
    let list = endpoints.get(slug);
    if (!list) {
      list = listEndpointItems(slug);
      endpoints.set(slug, list);
    }
    return list;
  };
  let started = 0;
  for (;;) {
    const events = await pendingOutboxEvents(pageSize);
    // Ten events at a time: each is written and queued on its own, so their order does not matter.
    for (let start = 0; start < events.length; start += 10) {
      const counts = await Promise.all(
        events.slice(start, start + 10).map(async (event) => {
          const count = await fanOutEvent(event, endpointsOf, portalUrl);
          await clearOutboxEvent(event.key);
          return count;
        }),
      );
      started += counts.reduce((sum, count) => sum + count, 0);
    }
    if (events.length < pageSize) return started;
  }
}

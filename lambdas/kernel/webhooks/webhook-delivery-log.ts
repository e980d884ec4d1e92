// What a company's administrators do with deliveries: read an endpoint's log (each delivery's event, attempts, last
// answer's status, latency and first kilobyte), send a test message, and redeliver one (the same `webhook-id`).
import type { Caller } from '../access/caller.js';
import {
  getEndpointAndDelivery,
  listDeliveryItems,
  requeueDeliveryItem,
  type WebhookDelivery,
} from '../data/entities/webhooks.js';
import { ConflictError, InvalidArgumentError, NotFoundError } from '../errors.js';
import { newDeliveryId, queueDeliveryAttempt, startDelivery } from './webhook-delivery.js';
import { assertWebhookCompany, endpointNotFound, readEndpointAs } from './webhook-endpoints.js';

export type WebhookDeliveryView = Omit<WebhookDelivery, 'slug' | 'endpointId' | 'body'>;

const deliveryView = ({ slug: _slug, endpointId: _endpoint, body: _body, ...view }: WebhookDelivery) => view;

export async function listWebhookDeliveriesAs(
  caller: Caller,
  slug: string,
  endpointId: string,
  page: { limit: number; cursor?: string },
): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor?: string }> {
  await readEndpointAs(caller, slug, endpointId);
  const { deliveries, nextCursor } = await listDeliveryItems(slug, endpointId, page);
  return { deliveries: deliveries.map(deliveryView), ...(nextCursor ? { nextCursor } : {}) };
}

/** Queues a `webhook.test` message to the endpoint; answers its delivery (pending). */
export async function sendTestWebhookAs(caller: Caller, slug: string, endpointId: string) {
  const endpoint = await readEndpointAs(caller, slug, endpointId);
  if (!endpoint.enabled) throw new InvalidArgumentError('endpointId: the endpoint is turned off; turn it on first');
  const now = Date.now();
  const delivery = await startDelivery(
    endpoint,
    {
      type: 'webhook.test',
      timestamp: new Date(now).toISOString(),
      data: { company: slug, message: 'A test message from the portal: this endpoint receives its webhooks.' },
    },
    newDeliveryId(now),
    now,
  );
  if (!delivery) throw new ConflictError('A test message was sent at the same moment; try again.');
  return deliveryView(delivery);
}

/** Sends a delivered or failed delivery again, as it was (same body and `webhook-id`). */
export async function redeliverWebhookAs(caller: Caller, slug: string, endpointId: string, deliveryId: string) {
  assertWebhookCompany(caller, slug);
  // The endpoint and the delivery in one read.
  const { endpoint, delivery } = await getEndpointAndDelivery(slug, endpointId, deliveryId);
  if (!endpoint) throw new NotFoundError(endpointNotFound);
  if (!endpoint.enabled) throw new InvalidArgumentError('endpointId: the endpoint is turned off; turn it on first');
  if (!delivery) throw new NotFoundError('deliveryId: this endpoint has no such delivery');
  const requeued = await requeueDeliveryItem(delivery, Date.now());
  if (!requeued) throw new ConflictError('This delivery is still being sent; wait for its outcome.');
  await queueDeliveryAttempt(requeued);
  return deliveryView(requeued);
}

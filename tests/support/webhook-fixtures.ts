// Webhook endpoints and deliveries put straight into the table (as createWebhookEndpoint and a fan-out leave them),
// for tests that need one to change, list or redeliver. Their URL is a documentation address: a send is refused
// before it leaves the machine.
import { randomBytes } from 'node:crypto';
import {
  deleteEndpointItem,
  listEndpointItems,
  putDeliveryItem,
  saveEndpointItem,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../lambdas/kernel/data/entities/webhooks.js';
import { isDemoWebhookEndpoint } from '../../infra/local/demo-webhooks.js';
import { newDeliveryId } from '../../lambdas/kernel/webhooks/webhook-delivery.js';
import { newWebhookSecret, sealWebhookSecret } from '../../lambdas/kernel/webhooks/webhook-secret.js';

export async function seedWebhookEndpoint(
  slug: string,
  fields: Partial<WebhookEndpoint> = {},
): Promise<WebhookEndpoint & { secret: string }> {
  // Keep room under the cap for the tests that create endpoints through the call (the demo's endpoint stays).
  const existing = (await listEndpointItems(slug)).filter((endpoint) => !isDemoWebhookEndpoint(endpoint));
  for (const old of existing.slice(0, Math.max(0, existing.length - 10))) {
    await deleteEndpointItem(slug, old.endpointId, old.version);
  }
  const endpointId = randomBytes(9).toString('base64url');
  const secret = newWebhookSecret();
  const now = Date.now();
  const endpoint: WebhookEndpoint = {
    slug,
    endpointId,
    url: 'https://192.0.2.10/portal-webhooks',
    events: ['finding.published'],
    format: 'standard',
    description: 'Seeded endpoint',
    enabled: true,
    secretBox: await sealWebhookSecret(secret, slug, endpointId),
    version: 1,
    createdAt: now,
    createdBy: 'seed@example.com',
    updatedAt: now,
    updatedBy: 'seed@example.com',
    ...fields,
  };
  const refusal = await saveEndpointItem(endpoint, { maxEndpoints: 1000 });
  if (refusal) throw new Error(`Could not seed a webhook endpoint: ${refusal}`);
  return { ...endpoint, secret };
}

/** A delivery of the endpoint that has failed for good (so it may be redelivered). */
export async function seedWebhookDelivery(
  endpoint: Pick<WebhookEndpoint, 'slug' | 'endpointId'>,
  fields: Partial<WebhookDelivery> = {},
): Promise<WebhookDelivery> {
  const now = Date.now();
  const deliveryId = newDeliveryId(now);
  const delivery: WebhookDelivery = {
    slug: endpoint.slug,
    endpointId: endpoint.endpointId,
    deliveryId,
    webhookId: `msg_${deliveryId}`,
    eventType: 'webhook.test',
    body: JSON.stringify({ type: 'webhook.test', timestamp: new Date(now).toISOString(), data: {} }),
    createdAt: now,
    state: 'failed',
    attempts: 8,
    ...fields,
  };
  await putDeliveryItem(delivery);
  return delivery;
}

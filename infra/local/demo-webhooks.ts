// A demo webhook endpoint, once: Acme's finding events go to the local webhook inbox (webhook-inbox.ts), so the
// Integrations page shows an endpoint with real deliveries and the inbox shows what a receiver gets. Made through
// the product's own rules (createWebhookEndpointAs); its secret is handed to the inbox only, never printed. Seeded
// before the demo's publications, review requests and decisions, whose events are then delivered, and with one
// test message.
import { demoAnalystCaller } from './demo-caller.js';
import { webhookEventTypes } from '../../lambdas/contracts/webhooks.js';
import { createWebhookEndpointAs, listWebhookEndpointsAs } from '../../lambdas/kernel/webhooks/webhook-endpoints.js';
import { sendTestWebhookAs } from '../../lambdas/kernel/webhooks/webhook-delivery-log.js';
import type { WebhookInbox } from './webhook-inbox.js';

export const demoWebhookCompany = 'acme';
const demoDescription = "The local stack's webhook inbox";

/** Whether an endpoint is the demo's own (tests that make room under the cap leave it alone). */
export const isDemoWebhookEndpoint = (endpoint: { description: string }) =>
  endpoint.description.startsWith(demoDescription);

export async function seedDemoWebhooks(analyst: { uid: string; email: string }, inbox: WebhookInbox): Promise<void> {
  const caller = demoAnalystCaller(analyst);
  if ((await listWebhookEndpointsAs(caller, demoWebhookCompany)).length > 0) return;
  const { endpoint, secret } = await createWebhookEndpointAs(caller, demoWebhookCompany, {
    url: `${inbox.url}/${demoWebhookCompany}`,
    events: [...webhookEventTypes],
    format: 'standard',
    description: `${demoDescription}: see what it received at ${inbox.url}`,
  });
  inbox.keepSecret(demoWebhookCompany, secret);
  await sendTestWebhookAs(caller, demoWebhookCompany, endpoint.endpointId);
}

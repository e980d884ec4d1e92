// The demo's webhook endpoint as a newcomer meets it after `npm start`: Acme's administrator finds it on the
// Integrations page's calls, its deliveries answered 204 by the local webhook inbox, which verified each signature
// with the `standardwebhooks` library.
import { describe, expect, inject, it } from 'vitest';
import { isDemoWebhookEndpoint } from '../../infra/local/demo-webhooks.js';
import type { InboxDelivery } from '../../infra/local/webhook-inbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createDemoLookalike } from '../support/users.js';

const { webhookInboxUrl } = inject('localStack');

type Endpoint = { endpointId: string; url: string; format: string; events: string[]; description: string };
type Delivery = { deliveryId: string; eventType: string; state: string; responseStatus?: number; webhookId: string };

describe('the demo webhook endpoint', () => {
  it("Acme's administrator sees it deliver signed events to the local inbox", async () => {
    const manager = signedInCaller(await createDemoLookalike('manager@acme.example'));
    const listed = await manager('listWebhookEndpoints', { slug: 'acme' });
    expect(listed.statusCode).toBe(200);
    const demo = (listed.body.result.endpoints as Endpoint[]).find(isDemoWebhookEndpoint);
    expect(demo, 'the demo endpoint is listed').toBeDefined();
    expect(demo!.url).toBe(`${webhookInboxUrl}/acme`);
    expect(demo!.format).toBe('standard');
    expect(demo!.events).toContain('finding.published');

    // A test message, as the page's Send test sends it, delivered by the worker and answered 204 by the inbox.
    const sent = await manager('sendTestWebhook', { slug: 'acme', endpointId: demo!.endpointId });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    const deliveryId = sent.body.result.deliveryId as string;
    let test: Delivery | undefined;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const deliveries = await manager('listWebhookDeliveries', { slug: 'acme', endpointId: demo!.endpointId });
      expect(deliveries.statusCode).toBe(200);
      test = (deliveries.body.result.deliveries as Delivery[]).find((delivery) => delivery.deliveryId === deliveryId);
      if (test?.state === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(test).toMatchObject({ eventType: 'webhook.test', state: 'delivered', responseStatus: 204 });

    const inbox = (await (await fetch(`${webhookInboxUrl}/deliveries.json`)).json()) as { deliveries: InboxDelivery[] };
    const received = inbox.deliveries.find((delivery) => delivery.webhookId === test!.webhookId);
    expect(received).toMatchObject({ inbox: 'acme', type: 'webhook.test', verified: true });
  });
});

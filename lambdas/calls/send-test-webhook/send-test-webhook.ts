// sendTestWebhook (level 3, the company's own; analysts of level 7 any company): queues a `webhook.test` message to
// an endpoint; its outcome shows in the delivery log.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { sendTestWebhookAs } from '../../kernel/webhooks/webhook-delivery-log.js';
import { companySlug, endpointId, webhookDeliveryDoc } from '../shared/webhook-schemas.js';

export const sendTestWebhook = defineSignedInCall({
  name: 'sendTestWebhook',
  input: z.strictObject({ slug: companySlug, endpointId }),
  output: webhookDeliveryDoc,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, endpointId: id }, { caller }) => sendTestWebhookAs(caller, slug, id),
});

// redeliverWebhook (level 3, the company's own; analysts of level 7 any company): sends a delivered or failed
// delivery again, with the same body and `webhook-id`.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { redeliverWebhookAs } from '../../kernel/webhooks/webhook-delivery-log.js';
import { companySlug, deliveryId, endpointId, webhookDeliveryDoc } from '../shared/webhook-schemas.js';

export const redeliverWebhook = defineSignedInCall({
  name: 'redeliverWebhook',
  input: z.strictObject({ slug: companySlug, endpointId, deliveryId }),
  output: webhookDeliveryDoc,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, endpointId: id, deliveryId: delivery }, { caller }) => redeliverWebhookAs(caller, slug, id, delivery),
});

// listWebhookDeliveries (level 3, the company's own; analysts of level 7 any company): an endpoint's deliveries,
// newest first, a page at a time.
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listWebhookDeliveriesAs } from '../../kernel/webhooks/webhook-delivery-log.js';
import { companySlug, endpointId, webhookDeliveryDoc } from '../shared/webhook-schemas.js';

export const listWebhookDeliveries = defineSignedInCall({
  name: 'listWebhookDeliveries',
  input: z.strictObject({
    slug: companySlug,
    endpointId,
    limit: z._default(z.int().check(z.minimum(1, 'must be 1 to 100'), z.maximum(100, 'must be 1 to 100')), 50),
    cursor: z.optional(pageCursor),
  }),
  output: z.object({ deliveries: z.array(webhookDeliveryDoc), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, endpointId: id, limit, cursor }, { caller }) =>
    listWebhookDeliveriesAs(caller, slug, id, { limit, ...(cursor ? { cursor } : {}) }),
});

// listWebhookEndpoints (level 3, the company's own; analysts of level 7 any company): a company's endpoints,
// without their secrets.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listWebhookEndpointsAs } from '../../kernel/webhooks/webhook-endpoints.js';
import { companySlug, webhookEndpointDoc } from '../shared/webhook-schemas.js';

export const listWebhookEndpoints = defineSignedInCall({
  name: 'listWebhookEndpoints',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ endpoints: z.array(webhookEndpointDoc) }),
  access: levelAtLeast(menuLevels.administration),
  run: async ({ slug }, { caller }) => ({ endpoints: await listWebhookEndpointsAs(caller, slug) }),
});

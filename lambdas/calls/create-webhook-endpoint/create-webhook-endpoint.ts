// createWebhookEndpoint (level 3, the company's own; analysts of level 7 any company): a new endpoint and its
// signing secret, answered this once. A forbidden URL, an unknown event or a 21st endpoint writes nothing.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createWebhookEndpointAs } from '../../kernel/webhooks/webhook-endpoints.js';
import { companySlug, endpointFields, webhookSecretAnswer } from '../shared/webhook-schemas.js';

export const createWebhookEndpoint = defineSignedInCall({
  name: 'createWebhookEndpoint',
  input: z.strictObject({ slug: companySlug, ...endpointFields }),
  output: webhookSecretAnswer,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, ...input }, { caller }) => createWebhookEndpointAs(caller, slug, input),
});

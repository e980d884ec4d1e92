// rotateWebhookSecret (level 3, the company's own; analysts of level 7 any company): a new signing secret, answered
// once; the old one still signs beside it for 24 hours.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { rotateWebhookSecretAs } from '../../kernel/webhooks/webhook-endpoints.js';
import { companySlug, endpointId, recordVersion, webhookSecretAnswer } from '../shared/webhook-schemas.js';

export const rotateWebhookSecret = defineSignedInCall({
  name: 'rotateWebhookSecret',
  input: z.strictObject({ slug: companySlug, endpointId, expectedVersion: recordVersion }),
  output: webhookSecretAnswer,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, endpointId: id, expectedVersion }, { caller }) =>
    rotateWebhookSecretAs(caller, slug, id, expectedVersion),
});

// updateWebhookEndpoint (level 3, the company's own; analysts of level 7 any company): a new version of an
// endpoint's URL, events, format, description and on/off, conditional on the version the editor saw.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateWebhookEndpointAs } from '../../kernel/webhooks/webhook-endpoints.js';
import {
  companySlug,
  endpointFields,
  endpointId,
  recordVersion,
  webhookEndpointDoc,
} from '../shared/webhook-schemas.js';

export const updateWebhookEndpoint = defineSignedInCall({
  name: 'updateWebhookEndpoint',
  input: z.strictObject({
    slug: companySlug,
    endpointId,
    expectedVersion: recordVersion,
    enabled: z._default(z.boolean(), true),
    ...endpointFields,
  }),
  output: webhookEndpointDoc,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, ...input }, { caller }) => updateWebhookEndpointAs(caller, slug, input),
});

// deleteWebhookEndpoint (level 3, the company's own; analysts of level 7 any company): removes an endpoint and its
// delivery log, conditional on the version the editor saw.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { deleteWebhookEndpointAs } from '../../kernel/webhooks/webhook-endpoints.js';
import { companySlug, endpointId, recordVersion } from '../shared/webhook-schemas.js';

export const deleteWebhookEndpoint = defineSignedInCall({
  name: 'deleteWebhookEndpoint',
  input: z.strictObject({ slug: companySlug, endpointId, expectedVersion: recordVersion }),
  output: z.object({ deleted: z.boolean() }),
  access: levelAtLeast(menuLevels.administration),
  run: async ({ slug, endpointId: id, expectedVersion }, { caller }) => {
    await deleteWebhookEndpointAs(caller, slug, id, expectedVersion);
    return { deleted: true };
  },
});

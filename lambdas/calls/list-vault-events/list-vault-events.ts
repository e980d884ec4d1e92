// listVaultEvents: the vault's audit log for platform administrators (level 9), newest first: what happened to
// which link, when, and a keyed hash of the address; never content, keys or file names.
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listAuditEvents } from '../../kernel/vault/vault-links.js';
import { pageLimit } from '../shared/schemas.js';

export const listVaultEvents = defineSignedInCall({
  name: 'listVaultEvents',
  input: z.strictObject({ cursor: z.optional(pageCursor), limit: z.optional(pageLimit) }),
  output: z.object({
    items: z.array(
      z.object({
        linkId: z.string(),
        kind: z.enum(['share', 'request']),
        event: z.enum([
          'created',
          'landing_viewed',
          'revealed',
          'claim_denied',
          'fulfilled',
          'collected',
          'revoked',
          'expired',
        ]),
        at: z.number(),
        addressKey: z.string(),
        actorSub: z.optional(z.string()),
        companySlug: z.optional(z.string()),
        size: z.optional(z.number()),
      }),
    ),
    nextCursor: z.optional(z.string()),
  }),
  access: levelAtLeast(9),
  run: ({ cursor, limit }) => listAuditEvents({ cursor, limit: limit ?? 50 }),
});

// getVaultLink: the landing of a share or request link (public). It consumes nothing, so mail scanners and
// chat previews that fetch a link burn nothing; it is recorded in the audit, and throttled per address.
import * as z from 'zod/mini';
import { publicAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { viewVaultLanding } from '../../kernel/vault/vault-links.js';
import { vaultLinkId, vaultStatus } from '../shared/vault-schemas.js';

export const getVaultLink = definePublicCall({
  name: 'getVaultLink',
  input: z.strictObject({ linkId: vaultLinkId }),
  output: z.object({
    kind: z.enum(['share', 'request']),
    status: vaultStatus,
    available: z.boolean(),
    expiresAt: z.number(),
    viewsLeft: z.optional(z.number()),
    label: z.optional(z.string()),
    publicKey: z.optional(z.string()),
  }),
  access: publicAccess,
  run: ({ linkId }, { request }) => viewVaultLanding(linkId, request),
});

// createVaultRequest: a request link. The analyst's browser made an ECDH P-256 key pair and keeps the private
// key; the server stores the public key, the question (label) and the expiry.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createVaultRequest as createRequest } from '../../kernel/vault/vault-links.js';
import { vaultExpiresIn, vaultPublicKey } from '../shared/vault-schemas.js';

export const createVaultRequest = defineSignedInCall({
  name: 'createVaultRequest',
  input: z.strictObject({
    publicKey: vaultPublicKey,
    /** What the analyst asks for, shown to the person who answers. */
    label: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'is required: say what you need'),
        z.maxLength(200, 'must be at most 200 characters'),
      ),
    expiresIn: vaultExpiresIn,
    companySlug: z.optional(companySlug),
  }),
  output: z.object({ linkId: z.string(), expiresAt: z.number(), fingerprint: z.string() }),
  access: levelAtLeast(menuLevels.vaultLinks),
  run: (input, { caller, request }) => createRequest(caller, input, request),
});

// createVaultLink: stores a share link's ciphertext, which the analyst's browser encrypted with a key that
// stays in the link's fragment. The server gets only the ciphertext and the hash of the key's verifier.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createShareLink } from '../../kernel/vault/vault-links.js';
import { companySlug } from '../shared/schemas.js';
import { decodeBase64, vaultCiphertext, vaultExpiresIn, vaultLabel, vaultMaxViews } from '../shared/vault-schemas.js';

export const createVaultLink = defineSignedInCall({
  name: 'createVaultLink',
  input: z.strictObject({
    ciphertext: vaultCiphertext,
    /** SHA-256 (hex) of the verifier the link's key derives; a reveal must present the verifier. */
    verifierHash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hash in hex')),
    expiresIn: vaultExpiresIn,
    maxViews: z._default(vaultMaxViews, 1),
    companySlug: z.optional(companySlug),
    label: z.optional(vaultLabel),
  }),
  output: z.object({ linkId: z.string(), expiresAt: z.number() }),
  access: levelAtLeast(menuLevels.vaultLinks),
  run: (input, { caller, request }) =>
    createShareLink(caller, { ...input, ciphertext: decodeBase64(input.ciphertext) }, request),
});

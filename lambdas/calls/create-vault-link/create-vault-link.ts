// createVaultLink: stores a share link's ciphertext, which the analyst's browser encrypted with a key that
// stays in the link's fragment. The server gets only the ciphertext and the hash of the key's verifier: inline up
// to 300 KB, or, for a larger file, its size, answered with a presigned POST the browser sends the ciphertext to.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createShareLink } from '../../kernel/vault/vault-links.js';
import { InvalidArgumentError } from '../../kernel/errors.js';
import {
  decodeBase64,
  vaultCiphertext,
  vaultExpiresIn,
  vaultLabel,
  vaultMaxViews,
  vaultObjectSize,
} from '../shared/vault-schemas.js';

export const createVaultLink = defineSignedInCall({
  name: 'createVaultLink',
  input: z.strictObject({
    /** iv || AES-GCM ciphertext, base64, up to 300 KB: kept inline. */
    ciphertext: z.optional(vaultCiphertext),
    /** Instead of ciphertext, for more than 300 KB: its exact size in bytes; the answer says where to upload it. */
    ciphertextSize: z.optional(vaultObjectSize),
    /** SHA-256 (hex) of the verifier the link's key derives; a reveal must present the verifier. */
    verifierHash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hash in hex')),
    expiresIn: vaultExpiresIn,
    maxViews: z._default(vaultMaxViews, 1),
    companySlug: z.optional(companySlug),
    label: z.optional(vaultLabel),
  }),
  output: z.object({
    linkId: z.string(),
    expiresAt: z.number(),
    /** For ciphertextSize: POST the ciphertext here as multipart form data, every field, then `file` last. */
    upload: z.optional(z.object({ url: z.string(), fields: z.record(z.string(), z.string()) })),
  }),
  access: levelAtLeast(menuLevels.vaultLinks),
  run: ({ ciphertext, ciphertextSize, ...input }, { caller, request }) => {
    if ((ciphertext === undefined) === (ciphertextSize === undefined)) {
      throw new InvalidArgumentError('ciphertext or ciphertextSize: give exactly one of them');
    }
    const sealed = ciphertext !== undefined ? { inline: decodeBase64(ciphertext) } : { objectSize: ciphertextSize! };
    return createShareLink(caller, { ...input, ciphertext: sealed }, request);
  },
});

// claimVaultLink: Reveal (public). Takes one view of a share link in one conditional write, only for a caller
// who presents the verifier of the link's key; a wrong key, an expired, revoked or used-up link consumes nothing.
import * as z from 'zod/mini';
import { publicAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { claimShareLink } from '../../kernel/vault/vault-links.js';
import { encodeBase64, vaultLinkId } from '../shared/vault-schemas.js';

export const claimVaultLink = definePublicCall({
  name: 'claimVaultLink',
  input: z.strictObject({
    linkId: vaultLinkId,
    /** 256 bits the link's key derives (HKDF), base64url. */
    verifier: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the verifier of the link key')),
  }),
  output: z.object({
    /** The sealed secret, base64, when it was kept inline. */
    ciphertext: z.optional(z.string()),
    /** A sealed file in the bucket: a GET of it that works for 60 seconds, and its size. */
    download: z.optional(z.object({ url: z.string(), size: z.number() })),
    viewsLeft: z.number(),
  }),
  access: publicAccess,
  async run(input, { request }) {
    const claimed = await claimShareLink(input, request);
    return 'ciphertext' in claimed
      ? { ciphertext: encodeBase64(claimed.ciphertext), viewsLeft: claimed.viewsLeft }
      : claimed;
  },
});

// collectVaultRequest: the reply to a request, for the analyst who asked only; it leaves the server with this call.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { collectVaultRequest as collect } from '../../kernel/vault/vault-links.js';
import { encodeBase64, vaultLinkId } from '../shared/vault-schemas.js';

export const collectVaultRequest = defineSignedInCall({
  name: 'collectVaultRequest',
  input: z.strictObject({ linkId: vaultLinkId }),
  output: z.object({ ephemeralPublicKey: z.string(), ciphertext: z.string(), publicKey: z.string() }),
  access: levelAtLeast(menuLevels.vaultLinks),
  async run({ linkId }, { caller, request }) {
    const reply = await collect(caller, linkId, request);
    return { ...reply, ciphertext: encodeBase64(reply.ciphertext) };
  },
});

// fulfilVaultRequest: the answer to a request link (public). The responder's browser encrypted it to the
// analyst's public key; it is stored once (a conditional write) and the analyst is mailed that it came.
import * as z from 'zod/mini';
import { publicAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { fulfilVaultRequest as fulfil } from '../../kernel/vault/vault-links.js';
import { decodeBase64, vaultCiphertext, vaultLinkId, vaultPublicKey } from '../shared/vault-schemas.js';

export const fulfilVaultRequest = definePublicCall({
  name: 'fulfilVaultRequest',
  input: z.strictObject({ linkId: vaultLinkId, ephemeralPublicKey: vaultPublicKey, ciphertext: vaultCiphertext }),
  output: z.object({ fulfilledAt: z.number() }),
  access: publicAccess,
  run: (input, { request }) => fulfil({ ...input, ciphertext: decodeBase64(input.ciphertext) }, request),
});

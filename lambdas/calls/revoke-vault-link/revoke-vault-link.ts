// revokeVaultLink: withdraws one of the caller's links; what it held (ciphertext or reply) is removed.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { revokeVaultLink as revoke } from '../../kernel/vault/vault-links.js';
import { vaultLinkId, vaultLinkRow } from '../shared/vault-schemas.js';

export const revokeVaultLink = defineSignedInCall({
  name: 'revokeVaultLink',
  input: z.strictObject({ linkId: vaultLinkId }),
  output: vaultLinkRow,
  access: levelAtLeast(menuLevels.vaultLinks),
  run: ({ linkId }, { caller, request }) => revoke(caller, linkId, request),
});

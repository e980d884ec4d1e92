// listVaultLinks: the caller's own share and request links, newest first, with their status; never content.
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listMyVaultLinks } from '../../kernel/vault/vault-links.js';
import { pageLimit } from '../shared/schemas.js';
import { vaultLinkRow } from '../shared/vault-schemas.js';

export const listVaultLinks = defineSignedInCall({
  name: 'listVaultLinks',
  input: z.strictObject({ cursor: z.optional(pageCursor), limit: z.optional(pageLimit) }),
  output: z.object({ items: z.array(vaultLinkRow), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(menuLevels.vaultLinks),
  run: ({ cursor, limit }, { caller }) => listMyVaultLinks(caller, { cursor, limit: limit ?? 50 }),
});

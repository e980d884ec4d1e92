// The vault's calls: share and request links.
// One API function answers them on AWS (lambdas/api/functions/vault.ts); the registry lists every group.
import type { AnyCall } from '../../kernel/call.js';
import { createVaultLink } from '../create-vault-link/create-vault-link.js';
import { listVaultLinks } from '../list-vault-links/list-vault-links.js';
import { revokeVaultLink } from '../revoke-vault-link/revoke-vault-link.js';
import { getVaultLink } from '../get-vault-link/get-vault-link.js';
import { claimVaultLink } from '../claim-vault-link/claim-vault-link.js';
import { createVaultRequest } from '../create-vault-request/create-vault-request.js';
import { fulfilVaultRequest } from '../fulfil-vault-request/fulfil-vault-request.js';
import { collectVaultRequest } from '../collect-vault-request/collect-vault-request.js';
import { listVaultEvents } from '../list-vault-events/list-vault-events.js';

export const vaultCalls: readonly AnyCall[] = [
  // vault share and request links
  createVaultLink,
  listVaultLinks,
  revokeVaultLink,
  getVaultLink,
  claimVaultLink,
  createVaultRequest,
  fulfilVaultRequest,
  collectVaultRequest,
  listVaultEvents,
];

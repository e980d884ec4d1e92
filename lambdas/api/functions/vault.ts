// The vault function: share and request links (lambdas/calls/groups/vault.ts).
import { vaultCalls } from '../../calls/groups/vault.js';
import { makeApiFunction } from '../api-function.js';

export const handler = makeApiFunction('vaultApi', vaultCalls);

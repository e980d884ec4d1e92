// listDastKeys (level 3 with the company's DAST triggering on, or analysts of level 7): a company's DAST API keys,
// newest first, with their last use; never their text.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listDastKeysAs } from '../../kernel/dast-keys/dast-keys.js';
import { dastKeyDoc } from '../shared/dast-key-schemas.js';

export const listDastKeys = defineSignedInCall({
  name: 'listDastKeys',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ dastKeys: z.array(dastKeyDoc) }),
  access: levelAtLeast(menuLevels.dastKeys),
  run: async ({ slug }, { caller }) => ({ dastKeys: await listDastKeysAs(caller, slug) }),
});

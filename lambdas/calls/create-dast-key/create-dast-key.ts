// createDastKey (level 3 with the company's DAST triggering on, or analysts of level 7): a new DAST API key with a
// name, scopes, allowed targets and an expiry; its text is in this answer only.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createDastKeyAs } from '../../kernel/dast-keys/dast-keys.js';
import { dastKeyDoc, dastKeyFields } from '../shared/dast-key-schemas.js';

export const createDastKey = defineSignedInCall({
  name: 'createDastKey',
  input: z.strictObject({ slug: companySlug, ...dastKeyFields }),
  output: z.object({ key: z.string(), dastKey: dastKeyDoc }),
  access: levelAtLeast(menuLevels.dastKeys),
  // A new key is a credential: it needs a fresh sign-in proof (step-up).
  freshProof: true,
  run: ({ slug, ...input }, { caller }) => createDastKeyAs(caller, slug, input),
});

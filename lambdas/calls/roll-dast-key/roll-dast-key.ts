// rollDastKey (as createDastKey): a new key in place of an old one, which keeps working for a grace period.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { rollDastKeyAs } from '../../kernel/dast-keys/dast-keys.js';
import { dastKeyDoc, dastKeyId } from '../shared/dast-key-schemas.js';

export const rollDastKey = defineSignedInCall({
  name: 'rollDastKey',
  input: z.strictObject({
    slug: companySlug,
    keyId: dastKeyId,
    graceHours: z.number(),
    expiresInDays: z.optional(z.number()),
  }),
  output: z.object({ key: z.string(), dastKey: dastKeyDoc, previous: dastKeyDoc }),
  access: levelAtLeast(menuLevels.dastKeys),
  // A new key is a credential: it needs a fresh sign-in proof (step-up).
  freshProof: true,
  run: ({ slug, ...input }, { caller }) => rollDastKeyAs(caller, slug, input),
});

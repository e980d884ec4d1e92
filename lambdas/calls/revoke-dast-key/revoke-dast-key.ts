// revokeDastKey (as createDastKey): the key stops working at once.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { revokeDastKeyAs } from '../../kernel/dast-keys/dast-keys.js';
import { dastKeyDoc, dastKeyId } from '../shared/dast-key-schemas.js';

export const revokeDastKey = defineSignedInCall({
  name: 'revokeDastKey',
  input: z.strictObject({ slug: companySlug, keyId: dastKeyId }),
  output: dastKeyDoc,
  access: levelAtLeast(menuLevels.dastKeys),
  run: ({ slug, keyId }, { caller }) => revokeDastKeyAs(caller, slug, keyId),
});

// removeMailIdentity (level 9): removes a sending identity that no kind of mail is sent from.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { removeMailIdentityAs } from '../../kernel/mail/mail-settings.js';
import { mailIdentity } from '../shared/mail-identity-schemas.js';

export const removeMailIdentity = defineSignedInCall({
  name: 'removeMailIdentity',
  input: z.strictObject({ identity: mailIdentity }),
  output: z.object({ removed: z.string() }),
  access: levelAtLeast(9),
  run: async (input, { caller }) => {
    await removeMailIdentityAs(caller, input.identity);
    return { removed: input.identity };
  },
});

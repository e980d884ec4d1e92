// addMailIdentity (level 9): asks SES to verify a domain (DKIM records to publish) or an address.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { addMailIdentityAs } from '../../kernel/mail/mail-settings.js';
import { mailIdentity, mailIdentityDoc } from '../shared/mail-identity-schemas.js';

export const addMailIdentity = defineSignedInCall({
  name: 'addMailIdentity',
  input: z.strictObject({ identity: mailIdentity }),
  output: mailIdentityDoc,
  access: levelAtLeast(9),
  run: (input, { caller }) => addMailIdentityAs(caller, input.identity),
});

// listMailIdentities (level 9): the sending identities as SES holds them (status, DKIM records to publish) and
// which one sends which mail.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listMailIdentitiesAndSettings } from '../../kernel/mail/mail-settings.js';
import { mailIdentityDoc, mailSettingsDoc } from '../shared/mail-identity-schemas.js';

export const listMailIdentities = defineSignedInCall({
  name: 'listMailIdentities',
  input: z.strictObject({}),
  output: z.object({ identities: z.array(mailIdentityDoc), settings: mailSettingsDoc }),
  access: levelAtLeast(9),
  run: () => listMailIdentitiesAndSettings(),
});

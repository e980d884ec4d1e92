// updateMailSettings (level 9): the From address of each kind of mail (under a verified identity; empty: MAIL_FROM)
// and the Secrets Manager reference of another mail provider's credentials, on the version the editor read.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateMailSettingsAs } from '../../kernel/mail/mail-settings.js';
import { mailSettingsDoc, secretReference, senderAddress } from '../shared/mail-identity-schemas.js';

const sender = z.optional(z.union([z.literal(''), senderAddress]));

export const updateMailSettings = defineSignedInCall({
  name: 'updateMailSettings',
  input: z.strictObject({
    /** 0 when nothing was saved yet. */
    version: z.int().check(z.minimum(0, 'must be a record version')),
    senders: z.strictObject({ signIn: sender, invitation: sender, notification: sender }),
    providerSecretRef: z.optional(secretReference),
  }),
  output: mailSettingsDoc,
  access: levelAtLeast(9),
  run: (input, { caller }) => updateMailSettingsAs(caller, input),
});

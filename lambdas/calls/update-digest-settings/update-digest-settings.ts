// updateDigestSettings (signed in): turns the caller's weekly digest of one company on or off (Settings).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { setWeeklyDigestAs } from '../../kernel/notifications/weekly-digest-settings.js';
import { digestSetting } from '../shared/digest-schemas.js';

export const updateDigestSettings = defineSignedInCall({
  name: 'updateDigestSettings',
  input: z.strictObject({ slug: companySlug, weekly: z.boolean({ error: 'must be true or false' }) }),
  output: digestSetting,
  access: { ...signedIn, describe: 'members of the company, and analysts of level 7 or more' },
  run: ({ slug, weekly }, { caller }) => setWeeklyDigestAs(caller, slug, weekly),
});

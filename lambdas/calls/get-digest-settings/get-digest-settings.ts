// getDigestSettings (signed in): whether the caller gets the weekly digest of each of the companies named (the
// Settings page names the companies of the session's company list).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { maxDigestCompanies, weeklyDigestSettingsAs } from '../../kernel/notifications/weekly-digest-settings.js';
import { digestSetting } from '../shared/digest-schemas.js';

export const getDigestSettings = defineSignedInCall({
  name: 'getDigestSettings',
  input: z.strictObject({
    slugs: z
      .array(companySlug)
      .check(
        z.minLength(1, 'must name at least one company'),
        z.maxLength(maxDigestCompanies, `must name at most ${maxDigestCompanies} companies`),
      ),
  }),
  output: z.object({ companies: z.array(digestSetting) }),
  access: { ...signedIn, describe: 'members of the companies named, and analysts of level 7 or more' },
  run: async ({ slugs }, { caller }) => ({ companies: await weeklyDigestSettingsAs(caller, slugs) }),
});

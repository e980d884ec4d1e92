// removeCompanyUser (level 3, own companies; 7 and above, any): takes the company from a member.
import * as z from 'zod/mini';
import { canAccessCompany, levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { changeAccess } from '../../kernel/users/access-changes.js';
import { assertMayChangeAccess } from '../../kernel/users/access-policy.js';
import { targetUser } from '../../kernel/users/target-user.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';
import { companySlug, recordVersion } from '../shared/schemas.js';

export const removeCompanyUser = defineSignedInCall({
  name: 'removeCompanyUser',
  input: z.strictObject({
    slug: companySlug,
    uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')),
    version: recordVersion,
  }),
  output: z.object({ removed: z.boolean() }),
  access: levelAtLeast(3),
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ slug, version }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
    const { access: target } = await targetUser(ahead, slug);
    const companies = target.companies.filter((company) => company !== slug);
    assertMayChangeAccess(caller, target, {});
    await changeAccess(
      caller,
      target,
      version,
      { companies },
      {
        eventType: 'companyUserRemoved',
        summary: `Removed ${target.email} from ${slug}`,
        company: { slug },
      },
    );
    return { removed: true };
  },
});

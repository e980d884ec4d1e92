// removeCompanyUser (level 3 in that company; analysts of level 7 and above, any): takes this company's
// membership from a member whose level here is not above the remover's; their other companies stay.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { canAccessCompany, levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { membershipChange, writeAccess } from '../../kernel/users/access-changes.js';
import { assertMayChangeMembership } from '../../kernel/users/access-policy.js';
import { targetUser } from '../../kernel/users/target-user.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';
import { recordVersion } from '../shared/schemas.js';

export const removeCompanyUser = defineSignedInCall({
  name: 'removeCompanyUser',
  input: z.strictObject({
    slug: companySlug,
    uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')),
    version: recordVersion,
  }),
  output: z.object({ removed: z.boolean() }),
  access: levelAtLeast(menuLevels.manageUsers),
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ slug, version }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug, menuLevels.manageUsers)) throw new PermissionDeniedError(companyDenied);
    const { access: target } = await targetUser(ahead, slug);
    assertMayChangeMembership(caller, slug, target, {});
    await writeAccess(caller, target, version, membershipChange(target, slug, 'remove'), {
      eventType: 'companyUserRemoved',
      summary: `Removed ${target.email} from ${slug}`,
      company: { slug },
    });
    return { removed: true };
  },
});

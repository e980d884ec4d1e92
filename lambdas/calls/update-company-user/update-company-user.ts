// updateCompanyUser (level 3 in that company; analysts of level 7 and above, any): a member's level in this
// company (never above the editor's own level here) and enabled services here, conditional on the version
// the editor saw. The member's other companies are left exactly as they are.
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
import { toMemberRow } from '../../kernel/users/user-rows.js';
import { accessLevel, memberRow, recordVersion, serviceList } from '../shared/schemas.js';

export const updateCompanyUser = defineSignedInCall({
  name: 'updateCompanyUser',
  input: z.strictObject({
    slug: companySlug,
    uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')),
    version: recordVersion,
    accessLevel: z.optional(accessLevel),
    servicesEnabled: z.optional(serviceList),
  }),
  output: memberRow,
  access: levelAtLeast(menuLevels.manageUsers),
  // Changing a member's access level needs a fresh sign-in proof (step-up); their services alone do not.
  freshProof: (input) => input.accessLevel !== undefined,
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ slug, uid: _uid, version, ...change }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug, menuLevels.manageUsers)) throw new PermissionDeniedError(companyDenied);
    const { access: target, user } = await targetUser(ahead, slug);
    assertMayChangeMembership(caller, slug, target, change);
    const next = await writeAccess(caller, target, version, membershipChange(target, slug, change), {
      eventType: 'companyUserUpdated',
      summary: `Changed ${target.email}'s access in ${slug}`,
      company: { slug },
    });
    return toMemberRow(next, user, slug);
  },
});

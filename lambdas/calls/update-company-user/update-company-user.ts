// updateCompanyUser (level 3, own companies; 7 and above, any): a member's level (never above the
// editor's own) and enabled services, conditional on the version the editor saw.
import * as z from 'zod/mini';
import { canAccessCompany, levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { changeAccess } from '../../kernel/users/access-changes.js';
import { assertMayChangeAccess } from '../../kernel/users/access-policy.js';
import { targetUser } from '../../kernel/users/target-user.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';
import { toUserRow } from '../../kernel/users/user-rows.js';
import { accessLevel, companySlug, recordVersion, serviceList, userRow } from '../shared/schemas.js';

export const updateCompanyUser = defineSignedInCall({
  name: 'updateCompanyUser',
  input: z.strictObject({
    slug: companySlug,
    uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')),
    version: recordVersion,
    accessLevel: z.optional(accessLevel),
    servicesEnabled: z.optional(serviceList),
  }),
  output: userRow,
  access: levelAtLeast(3),
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ slug, uid, version, ...change }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
    const { access: target, user } = await targetUser(ahead, slug);
    assertMayChangeAccess(caller, target, change);
    const next = await changeAccess(caller, target, version, change, {
      eventType: 'companyUserUpdated',
      summary: `Changed ${target.email}'s access in ${slug}`,
      company: { slug },
    });
    return toUserRow(next, user);
  },
});

// updateUserAccess (level 9): user type, level, companies and services of any user, conditional on the
// version the editor saw; the change sets _synced so the user's token refreshes.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { changeAccess } from '../../kernel/users/access-changes.js';
import { assertMayChangeAccess } from '../../kernel/users/access-policy.js';
import { targetUser } from '../../kernel/users/target-user.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';
import { toUserRow } from '../../kernel/users/user-rows.js';
import { accessLevel, recordVersion, serviceList, userRow } from '../shared/schemas.js';

export const updateUserAccess = defineSignedInCall({
  name: 'updateUserAccess',
  input: z.strictObject({
    uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')),
    version: recordVersion,
    userType: z.optional(z.enum(['analyst', 'customer'])),
    accessLevel: z.optional(accessLevel),
    companies: z.optional(z.array(companySlug).check(z.maxLength(100, 'at most 100 companies'))),
    servicesEnabled: z.optional(serviceList),
    servicesManaged: z.optional(serviceList),
  }),
  output: userRow,
  access: levelAtLeast(9),
  // Changing someone's access needs a fresh sign-in proof (step-up).
  freshProof: true,
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ uid, version, ...change }, { caller, ahead }) {
    const { access: target, user } = await targetUser(ahead);
    assertMayChangeAccess(caller, target, change);
    const next = await changeAccess(caller, target, version, change, {
      eventType: 'userAccessUpdated',
      summary: `Changed ${target.email}'s access`,
    });
    return toUserRow(next, user);
  },
});

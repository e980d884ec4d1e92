// signOutEverywhere (level 9): ends every session of a user. _revoked makes the server refuse their
// current tokens at once; revoking their refresh tokens stops any renewal.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { changeAccess } from '../../kernel/users/access-changes.js';
import { assertMayChangeAccess } from '../../kernel/users/access-policy.js';
import { signOutIdentityEverywhere } from '../../kernel/users/identity-provider.js';
import { targetUser } from '../../kernel/users/target-user.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';

export const signOutEverywhere = defineSignedInCall({
  name: 'signOutEverywhere',
  input: z.strictObject({ uid: z.string().check(z.minLength(1, 'is required'), z.maxLength(64, 'is not a user id')) }),
  output: z.object({ revokedAt: z.number() }),
  access: levelAtLeast(9),
  readAhead: ({ uid }) => loadUserRecords(uid),
  async run({ uid }, { caller, ahead }) {
    const { access: target } = await targetUser(ahead);
    assertMayChangeAccess(caller, target, {});
    const next = await changeAccess(
      caller,
      target,
      target.version,
      {},
      {
        revoke: true,
        eventType: 'userSignedOutEverywhere',
        summary: `Signed ${target.email} out everywhere`,
      },
    );
    await signOutIdentityEverywhere(uid);
    return { revokedAt: next.claims._revoked ?? Date.now() };
  },
});

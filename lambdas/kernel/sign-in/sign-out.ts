// Signing out on the server: a sign-out that only cleared the browser would leave a copied ID token good
// until it expires, because the API's JWT check knows nothing of sign-outs. Recording `_revoked` on the
// caller's access record makes the server refuse every token signed in before it (call-handler.ts
// `authenticate`), at once and on the read every signed-in call already makes.
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Caller } from '../access/caller.js';
import { userAccessEntity } from '../data/entities/users.js';

/**
 * Ends every session of the caller, as Cognito's GlobalSignOut does for their refresh tokens, and returns
 * the new `_revoked`. auth_time has whole seconds and `_revoked` milliseconds: a sign-in completed within
 * the same second as the sign-out counts as before it. The caller's own token is always refused, even
 * when the server's clock is a little behind the one that stamped it.
 */
export async function revokeOwnSessions(caller: Caller, now = Date.now()): Promise<number> {
  const revokedAt = Math.max(now, caller.authTime + 1);
  await userAccessEntity
    .build(UpdateItemCommand)
    // A map in an update is merged key by key: only claims._revoked changes. No version bump: nothing an
    // editor sees changed, and watchSession reports _revoked itself, so open tabs sign out within 15 s.
    .item({ uid: caller.uid, claims: { _revoked: revokedAt } })
    .options({ condition: { attr: 'uid', exists: true } })
    .send();
  return revokedAt;
}

// signOut (any signed-in user, on themselves only): the web's Sign out. It ends the caller's sessions on
// the server before the browser forgets its tokens and Amplify's global sign-out revokes the refresh
// tokens, so a token copied from the browser stops working at once instead of when it expires.
import * as z from 'zod/mini';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { revokeOwnSessions } from '../../kernel/sign-in/sign-out.js';

export const signOut = defineSignedInCall({
  name: 'signOut',
  input: z.strictObject({}),
  output: z.object({ revokedAt: z.number() }),
  access: signedIn,
  endsCallerSessions: true,
  async run(_input, { caller }) {
    return { revokedAt: await revokeOwnSessions(caller) };
  },
});

// getSession: the signed-in user's own records, as the server sees them.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getSessionInput, getSessionOutput } from './contract.js';

export const getSession = defineSignedInCall({
  name: 'getSession',
  input: getSessionInput,
  output: getSessionOutput,
  access: signedIn,
  async run(_input, { caller }) {
    return {
      user: caller.user ?? { uid: caller.uid, email: caller.email },
      userAccess: caller.access,
      userPreferences: { defaultCompany: caller.preferences?.defaultCompany },
    };
  },
});

// watchSession: what the web polls to notice changes of access and preferences; it costs the one read
// every signed-in call makes anyway.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { watchSessionInput, watchSessionOutput } from './contract.js';

export const watchSession = defineSignedInCall({
  name: 'watchSession',
  input: watchSessionInput,
  output: watchSessionOutput,
  access: signedIn,
  async run(_input, { caller }) {
    return {
      accessVersion: caller.access.version,
      _revoked: caller.access.claims._revoked,
      _synced: caller.access.claims._synced,
      defaultCompany: caller.preferences?.defaultCompany,
      preferencesUpdatedAt: caller.preferences?.updatedAt,
    };
  },
});

// watchSession: what the web polls to notice changes of access, preferences and the service catalogue:
// the read every signed-in call makes, and one Query of the catalogue.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listPlatformServices } from '../../kernel/platform/platform-services.js';
import { watchSessionInput, watchSessionOutput } from './contract.js';

export const watchSession = defineSignedInCall({
  name: 'watchSession',
  input: watchSessionInput,
  output: watchSessionOutput,
  access: signedIn,
  async run(_input, { caller }) {
    const catalogue = await listPlatformServices();
    return {
      accessVersion: caller.access.version,
      _revoked: caller.access.claims._revoked,
      _synced: caller.access.claims._synced,
      defaultCompany: caller.preferences?.defaultCompany,
      preferencesUpdatedAt: caller.preferences?.updatedAt,
      servicesUpdatedAt: Math.max(0, ...catalogue.map((service) => service.updatedAt ?? 0)),
    };
  },
});

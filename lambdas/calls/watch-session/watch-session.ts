// watchSession: what the web polls to notice changes of access, preferences, the service catalogue and
// the selected company: the read every signed-in call makes, one Query of the catalogue, and the
// company's record when one is selected (at most 3 requests; nothing else needs polling).
import { canAccessCompany, signedIn } from '../../kernel/access/rules.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listPlatformServices } from '../../kernel/platform/platform-services.js';
import { watchSessionInput, watchSessionOutput } from './contract.js';

export const watchSession = defineSignedInCall({
  name: 'watchSession',
  input: watchSessionInput,
  output: watchSessionOutput,
  access: signedIn,
  // Neither read needs the caller's records: all three requests go out together.
  readAhead: ({ company: slug }) =>
    Promise.all([listPlatformServices(), slug ? getCompanyRecord(slug) : Promise.resolve(undefined)]),
  async run({ company: slug }, { caller, ahead }) {
    const [catalogue, record] = await ahead;
    const company = slug && canAccessCompany(caller.access, slug) ? record : undefined;
    return {
      accessVersion: caller.access.version,
      _revoked: caller.access.claims._revoked,
      _synced: caller.access.claims._synced,
      defaultCompany: caller.preferences?.defaultCompany,
      preferencesUpdatedAt: caller.preferences?.updatedAt,
      servicesUpdatedAt: Math.max(0, ...catalogue.map((service) => service.updatedAt ?? 0)),
      // Not accessible reads the same whether the company is gone or the caller lost it.
      ...(slug ? { company: { slug, accessible: company !== undefined, version: company?.version } } : {}),
    };
  },
});

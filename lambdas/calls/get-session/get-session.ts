// getSession: the session context of spec section 3: who the caller is, what their access record says in
// the selected company, the companies they may select and the selected one (spec section 4's rule), the
// offered services and the invitations waiting for their answer.
import { accessIn, selectCompany, signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { selectableCompanies } from '../../kernel/companies/company-access.js';
import { listPlatformServices } from '../../kernel/platform/platform-services.js';
import { getSessionInput, getSessionOutput } from './contract.js';

export const getSession = defineSignedInCall({
  name: 'getSession',
  input: getSessionInput,
  output: getSessionOutput,
  access: signedIn,
  // The catalogue is the same for everyone: read together with the caller's records. Which companies the
  // caller may select depends on those records, so that read follows them.
  readAhead: () => listPlatformServices(),
  async run(_input, { caller, ahead }) {
    const [companies, catalogue] = await Promise.all([selectableCompanies(caller), ahead]);
    const company = selectCompany(
      companies.map((record) => record.slug),
      caller.preferences?.defaultCompany,
    );
    return {
      user: caller.user ?? { uid: caller.uid, email: caller.email },
      // The selected company's level and services (a customer holds one per company; none selected, none held).
      userAccess: company ? accessIn(caller.access, company) : accessIn(caller.access, ''),
      userPreferences: {
        defaultCompany: caller.preferences?.defaultCompany,
        colorScheme: caller.preferences?.colorScheme,
      },
      companyList: companies.map(({ slug, companyName }) => ({ slug, companyName })),
      company: company ?? null,
      companyDoc: companies.find((record) => record.slug === company) ?? null,
      offeredServices: catalogue.filter((service) => service.offered).map((service) => service.name),
      invitations: (caller.invitations ?? []).map(
        ({ slug, companyName, accessLevel, invitedByName, invitedBy, invitedAt, expiresAt }) => ({
          slug,
          companyName,
          accessLevel,
          invitedBy: invitedByName ?? invitedBy,
          invitedAt,
          expiresAt,
        }),
      ),
    };
  },
});

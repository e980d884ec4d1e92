// setDefaultCompany: the company switch of the user menu, saved as users_preferences.defaultCompany.
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { accessIn, signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { accessibleCompany } from '../../kernel/companies/company-access.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { userPreferencesEntity } from '../../kernel/data/entities/users.js';
import { eventWrite } from '../../kernel/events/events.js';
import { setDefaultCompanyInput, setDefaultCompanyOutput } from './contract.js';

export const setDefaultCompany = defineSignedInCall({
  name: 'setDefaultCompany',
  input: setDefaultCompanyInput,
  output: setDefaultCompanyOutput,
  access: { ...signedIn, describe: 'members of the company, and analysts of level 7 or more' },
  readAhead: ({ slug }) => getCompanyRecord(slug),
  async run({ slug }, { caller, ahead }) {
    const company = await accessibleCompany(caller, slug, ahead);
    const before = caller.preferences?.defaultCompany;
    const now = Date.now();
    await execute(
      userPreferencesEntity.build(UpdateTransaction).item({ uid: caller.uid, defaultCompany: slug, updatedAt: now }),
      eventWrite(
        caller,
        {
          type: 'defaultCompanyChanged',
          summary: `Switched to ${company.companyName}`,
          subject: { company: { slug, companyName: company.companyName } },
          before,
          after: slug,
        },
        now,
      ),
    );
    // A customer's level and services differ per company: the session takes the new company's with it.
    return { defaultCompany: slug, companyDoc: company, userAccess: accessIn(caller.access, slug) };
  },
});

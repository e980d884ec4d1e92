// getCompany: a company's record, for its members and for analysts who see every company.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { accessibleCompany } from '../../kernel/companies/company-access.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { getCompanyInput, getCompanyOutput } from './contract.js';

export const getCompany = defineSignedInCall({
  name: 'getCompany',
  input: getCompanyInput,
  output: getCompanyOutput,
  access: { ...signedIn, describe: 'members of the company, and analysts of level 7 or more' },
  readAhead: ({ slug }) => getCompanyRecord(slug),
  run: ({ slug }, { caller, ahead }) => accessibleCompany(caller, slug, ahead),
});

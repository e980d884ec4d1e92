// updateCompany (level 7): name and service flags, conditional on the version the editor saw.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateCompanyAs } from '../../kernel/companies/company-admin.js';
import { companyDoc, companyFlagsInput, companyName, recordVersion } from '../shared/schemas.js';

export const updateCompany = defineSignedInCall({
  name: 'updateCompany',
  input: z.strictObject({
    slug: companySlug,
    version: recordVersion,
    companyName: z.optional(companyName),
    flags: z.optional(companyFlagsInput),
  }),
  output: companyDoc,
  access: levelAtLeast(7),
  run: (input, { caller }) => updateCompanyAs(caller, input),
});

// createCompany (level 7): a new company with its service flags; an existing slug is never overwritten.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createCompanyAs } from '../../kernel/companies/company-admin.js';
import { companyDoc, companyFlagsInput, companyName } from '../shared/schemas.js';

export const createCompany = defineSignedInCall({
  name: 'createCompany',
  input: z.strictObject({ slug: companySlug, companyName, flags: z.optional(companyFlagsInput) }),
  output: companyDoc,
  access: levelAtLeast(7),
  run: (input, { caller }) => createCompanyAs(caller, { ...input, flags: input.flags ?? {} }),
});

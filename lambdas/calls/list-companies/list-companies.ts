// listCompanies (level 7): every company, by slug, a page at a time, optionally by slug prefix.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listCompaniesPage } from '../../kernel/companies/company-admin.js';
import { companyDoc, pageCursor, pageLimit } from '../shared/schemas.js';

export const listCompanies = defineSignedInCall({
  name: 'listCompanies',
  input: z.strictObject({
    cursor: z.optional(pageCursor),
    limit: z.optional(pageLimit),
    prefix: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(40, 'must be at most 40 characters'))),
  }),
  output: z.object({ companies: z.array(companyDoc), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(7),
  readAhead: ({ cursor, limit, prefix }) =>
    listCompaniesPage({ cursor, limit: limit ?? 50, prefix: prefix || undefined }),
  run: (_input, { ahead }) => ahead,
});

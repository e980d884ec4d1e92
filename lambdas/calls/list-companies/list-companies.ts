// listCompanies (level 7): every company, by slug (either way), a page at a time, optionally only those
// whose row holds the filter text (name, slug, enabled services, last editor).
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listCompaniesPage } from '../../kernel/companies/company-admin.js';
import { filterKey } from '../../kernel/search/search-text.js';
import { companyDoc, listDescending, listFilter, pageLimit } from '../shared/schemas.js';

export const listCompanies = defineSignedInCall({
  name: 'listCompanies',
  input: z.strictObject({
    filter: z.optional(listFilter),
    descending: z.optional(listDescending),
    cursor: z.optional(pageCursor),
    limit: z.optional(pageLimit),
  }),
  output: z.object({ companies: z.array(companyDoc), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(7),
  readAhead: ({ filter, descending, cursor, limit }) =>
    listCompaniesPage({ filter: filterKey(filter), descending, cursor, limit: limit ?? 50 }),
  run: (_input, { ahead }) => ahead,
});

// listCompanyUsers (level 3 in that company; analysts of level 7 and above, any): a company's members by
// e-mail (either way), a page at a time, optionally only those whose row holds the filter text. Each row is
// the member as this company holds them: their level and services here, no other company of theirs.
import * as z from 'zod/mini';
import { companySlug, pageCursor } from '../../contracts/scope.js';
import { canAccessCompany, levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { filterKey } from '../../kernel/search/search-text.js';
import { listMembersPage } from '../../kernel/users/user-rows.js';
import { listDescending, listFilter, memberRow } from '../shared/schemas.js';

export const listCompanyUsers = defineSignedInCall({
  name: 'listCompanyUsers',
  input: z.strictObject({
    slug: companySlug,
    filter: z.optional(listFilter),
    descending: z.optional(listDescending),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.int().check(z.minimum(1, 'must be 1 to 50'), z.maximum(50, 'must be 1 to 50'))),
  }),
  output: z.object({ users: z.array(memberRow), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(menuLevels.manageUsers),
  readAhead: ({ slug, filter, descending, cursor, limit }) =>
    listMembersPage(slug, { filter: filterKey(filter), descending, cursor, limit: limit ?? 50 }),
  async run({ slug }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug, menuLevels.manageUsers)) throw new PermissionDeniedError(companyDenied);
    return ahead;
  },
});

// listUsers (level 9): every user, by e-mail (either way), a page at a time, optionally only those whose
// row holds the filter text (e-mail, name, type, level, companies, services; see row-search.ts).
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { filterKey } from '../../kernel/search/search-text.js';
import { listUsersPage } from '../../kernel/users/user-rows.js';
import { listDescending, listFilter, userRow } from '../shared/schemas.js';

export const listUsers = defineSignedInCall({
  name: 'listUsers',
  input: z.strictObject({
    filter: z.optional(listFilter),
    descending: z.optional(listDescending),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.int().check(z.minimum(1, 'must be 1 to 50'), z.maximum(50, 'must be 1 to 50'))),
  }),
  output: z.object({ users: z.array(userRow), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(9),
  readAhead: ({ filter, descending, cursor, limit }) =>
    listUsersPage({ filter: filterKey(filter), descending, cursor, limit: limit ?? 25 }),
  run: (_input, { ahead }) => ahead,
});

// listUsers (level 9): every user, by e-mail, searchable by e-mail prefix and paged on the server.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listUsersPage } from '../../kernel/users/user-rows.js';
import { pageCursor, userRow } from '../shared/schemas.js';

export const listUsers = defineSignedInCall({
  name: 'listUsers',
  input: z.strictObject({
    /** The start of the e-mail address. */
    query: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'must be at most 254 characters'))),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.int().check(z.minimum(1, 'must be 1 to 50'), z.maximum(50, 'must be 1 to 50'))),
  }),
  output: z.object({ users: z.array(userRow), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(9),
  readAhead: ({ query, cursor, limit }) => listUsersPage({ prefix: query || undefined, cursor, limit: limit ?? 25 }),
  run: (_input, { ahead }) => ahead,
});

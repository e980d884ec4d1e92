// listFindingComments: a page of a finding's conversation, oldest first (50 comments; `nextCursor` for the next),
// for the same people as addFindingComment.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { listCommentsAs, readFindingAndCompany } from '../../kernel/findings/finding-comments.js';
import { findingId, serviceScope } from '../../contracts/findings.js';
import { findingComment } from '../../contracts/finding-comments.js';
import { pageCursor } from '../../contracts/scope.js';

export const listFindingComments = defineSignedInCall({
  name: 'listFindingComments',
  input: z.strictObject({ ...serviceScope, findingId, cursor: z.optional(pageCursor) }),
  output: z.object({ comments: z.array(findingComment), nextCursor: z.optional(z.string()) }),
  access: findingReadersAccess,
  // The finding and the company's flags in one BatchGet, beside the caller's records; then one Query.
  readAhead: (input) => readFindingAndCompany(input),
  async run(input, { caller, ahead }) {
    return listCommentsAs(caller, input, ahead);
  },
});

// listReviewQueue: the customers' retest and risk-acceptance requests waiting in every company's queue, oldest first
// (newest with `descending`), a page at a time (optionally of one kind), for the analysts who decide them (level 7
// and up; customers never).
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { listedReview, reviewKinds } from '../../contracts/reviews.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listReviewQueueAs, reviewQueueAccess } from '../../kernel/remediation/finding-reviews.js';
import { listDescending, pageLimit } from '../shared/schemas.js';

export const listReviewQueue = defineSignedInCall({
  name: 'listReviewQueue',
  input: z.strictObject({
    cursor: z.optional(pageCursor),
    kind: z.optional(z.enum(reviewKinds, { error: 'must be retest or riskAcceptance' })),
    limit: z.optional(pageLimit),
    descending: z.optional(listDescending),
  }),
  output: z.object({ reviews: z.array(listedReview), nextCursor: z.optional(z.string()) }),
  access: reviewQueueAccess,
  run: ({ cursor, kind, limit, descending }, { caller }) =>
    listReviewQueueAs(caller, {
      ...(cursor ? { cursor } : {}),
      ...(kind ? { kind } : {}),
      limit: limit ?? 50,
      descending: descending === true,
    }),
});

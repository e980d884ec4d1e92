// listFindingReviews: the review queue of a company's service for the analysts who work on it — customers'
// retest and risk-acceptance requests waiting for a decision, oldest first (at most 1,000; `more` says when
// there are others).
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { listReviewsAs } from '../../kernel/remediation/finding-reviews.js';
import { serviceScope } from '../../contracts/findings.js';
import { queuedReview } from '../../contracts/reviews.js';

export const listFindingReviews = defineSignedInCall({
  name: 'listFindingReviews',
  input: z.strictObject(serviceScope),
  output: z.object({ reviews: z.array(queuedReview), more: z.boolean() }),
  access: serviceFindingsAccess,
  async run({ slug, service }, { caller }) {
    const { items, more } = await listReviewsAs(caller, slug, service);
    return { reviews: items, more };
  },
});

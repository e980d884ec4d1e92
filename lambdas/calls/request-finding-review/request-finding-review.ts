// requestFindingReview: a customer (level 2 or more, of the company, whose report shows the service) marks an
// open, published finding "fixed, please retest" or asks for its risk to be accepted until a date, with a
// note. ABORTED when the finding is not open or a request already waits; NOT_FOUND for a finding the caller
// cannot read. Analysts may ask on a customer's behalf. A risk acceptance asks for a fresh sign-in proof.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { readFindingAndCompany, requestReviewAs } from '../../kernel/remediation/finding-reviews.js';
import { requestFindingReviewInput } from '../shared/review-inputs.js';
import { pendingReview } from '../../contracts/reviews.js';

export const requestFindingReview = defineSignedInCall({
  name: 'requestFindingReview',
  input: requestFindingReviewInput,
  output: z.object({ review: pendingReview }),
  access: findingReadersAccess,
  // Asking for a risk to be accepted is a decision about risk: it needs a fresh sign-in proof (step-up).
  freshProof: (input) => input.kind === 'riskAcceptance',
  // The finding and the company's flags in one BatchGet, beside the caller's records: three requests in all.
  readAhead: (input) => readFindingAndCompany(input),
  async run(input, { caller, ahead }) {
    const review = await requestReviewAs(caller, input, ahead);
    return {
      review: { kind: review.kind, note: review.note, at: review.at, until: review.until, instances: review.instances },
    };
  },
});

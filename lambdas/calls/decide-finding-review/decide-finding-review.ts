// decideFindingReview: an analyst answers a customer's request — a retest: `fixed` (the status becomes fixed)
// or `stillPresent`; a risk acceptance: `accept` (risk_accepted until the date asked) or `decline` — with a
// note the customer reads. `requestedAt` is the request the analyst saw: ABORTED when it was answered or
// changed meanwhile. Accepting a risk asks for a fresh sign-in proof.
import { defineSignedInCall } from '../../kernel/call.js';
import { decideReviewAs } from '../../kernel/remediation/finding-reviews.js';
import { serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import * as z from 'zod/mini';
import { decideFindingReviewInput } from '../shared/review-inputs.js';
import { reviewLogEntry } from '../../contracts/reviews.js';

export const decideFindingReview = defineSignedInCall({
  name: 'decideFindingReview',
  input: decideFindingReviewInput,
  output: z.object({ entry: reviewLogEntry }),
  access: serviceFindingsAccess,
  // Accepting a risk needs a fresh sign-in proof (step-up); the other answers do not.
  freshProof: (input) => input.decision === 'accept',
  run: async (input, { caller }) => ({ entry: await decideReviewAs(caller, input) }),
});

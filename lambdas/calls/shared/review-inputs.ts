// The inputs of the remediation loop's calls (contracts/reviews.ts has the shapes a finding's detail carries).
import * as z from 'zod/mini';
import { findingId, serviceScope } from '../../contracts/findings.js';
import { retestInstanceIds, reviewDecisions, reviewKinds, reviewNote } from '../../contracts/reviews.js';

export const requestFindingReviewInput = z.strictObject({
  ...serviceScope,
  findingId,
  kind: z.enum(reviewKinds, { error: `must be one of ${reviewKinds.join(', ')}` }),
  /** What was done, or why the risk is acceptable: required, so the analyst knows what to check. */
  note: reviewNote.check(z.minLength(1, 'must say what was done or why')),
  /** A risk acceptance's end (ms since 1970), within a year. */
  until: z.optional(z.int().check(z.positive('must be a time'))),
  /** A retest of some instances only (their ids, as the finding's detail gives them): open instances of it. */
  instances: z.optional(retestInstanceIds),
});

export const decideFindingReviewInput = z.strictObject({
  ...serviceScope,
  findingId,
  decision: z.enum(reviewDecisions, { error: `must be one of ${reviewDecisions.join(', ')}` }),
  note: z.optional(reviewNote),
  /** The request's time as the queue showed it. */
  requestedAt: z.int().check(z.positive('must be a time')),
});

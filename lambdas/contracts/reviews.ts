// The shapes of the remediation loop (kernel/remediation/finding-reviews.ts): a customer's request on a
// finding ("fixed, please retest", or accept its risk until a date), the analyst's decision, the queue, and
// the history lines a finding's detail carries.
import * as z from 'zod/mini';

/** Customers of this access level and above take part in the remediation loop (the web shows its buttons). */
export const reviewRequestLevel = 2;

export const reviewKinds = ['retest', 'riskAcceptance'] as const;
export const reviewDecisions = ['fixed', 'stillPresent', 'accept', 'decline'] as const;
export const reviewEvents = [
  'retestRequested',
  'riskAcceptanceRequested',
  'confirmedFixed',
  'stillPresent',
  'riskAccepted',
  'riskAcceptanceDeclined',
] as const;

export const reviewNote = z
  .string()
  .check(z.trim(), z.maxLength(2000, 'must be at most 2000 characters'), z.regex(/^[^\0]*$/, 'must hold no NUL'));

const person = z.object({ email: z.string(), name: z.optional(z.string()) });

/** A retest may name some of the finding's instances (their ids): only those are retested. */
export const maxRetestInstances = 500;
export const retestInstanceIds = z
  .array(z.string().check(z.regex(/^[0-9a-f]{16}$/, 'must be instance ids of the finding')))
  .check(
    z.minLength(1, 'names at least one instance, or is left out for the whole finding'),
    z.maxLength(maxRetestInstances, `names at most ${maxRetestInstances} instances`),
  );

export const pendingReview = z.object({
  kind: z.enum(reviewKinds),
  note: z.string(),
  at: z.number(),
  until: z.optional(z.number()),
  /** The instances a retest is about (absent: the whole finding). */
  instances: z.optional(z.array(z.string())),
});

/** What a customer reads of a pending request (no e-mail address of whoever asked). */
export const customerPendingReview = z.object({ ...pendingReview.shape, byName: z.optional(z.string()) });

export const reviewLogEntry = z.object({
  at: z.number(),
  event: z.enum(reviewEvents),
  by: z.object({ role: z.enum(['customer', 'analyst', 'scan']), name: z.optional(z.string()) }),
  note: z.optional(z.string()),
  until: z.optional(z.number()),
  importId: z.optional(z.string()),
  /** The instances a retest named (its request, and its answer by a scan). */
  instances: z.optional(z.array(z.string())),
});

export const queuedReview = z.object({
  ...pendingReview.shape,
  by: person,
  findingId: z.string(),
  title: z.string(),
  severity: z.string(),
});

/** A request in the analysts' queue across companies (listReviewQueue): with its company and service. */
export const listedReview = z.object({
  ...queuedReview.shape,
  slug: z.string(),
  companyName: z.string(),
  service: z.string(),
});

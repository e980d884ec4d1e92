// The remediation loop. A customer (level 2 or more) marks an open, published finding "fixed, please retest"
// or asks for its risk to be accepted, with a note; the request waits in the service's review queue
// (entities/finding-reviews.ts). An analyst decides it — a retest: fixed, or still present; a risk
// acceptance: accepted until the date asked, or declined — or, for a retest, the next import does: a scan that
// no longer finds it confirms it fixed, one that finds it again says so. Every step is a line of the
// finding's remediation history (`reviewLog`), which its customer reads with the finding.
//
// Each step is one transaction: the finding (conditional on the request read, so two deciders never both
// win), the queue item, the event, the notice of the step's mail, and — when the status changes — the status log
// and the report's counters. After it, the mail is queued for the report worker (notifications/review-notice.ts):
// a request to the analysts who may decide it, a decision to whoever asked.
import { accessIn, canAccessCompany, canDecideEveryReview, hasLevel, menuLevels } from '../access/rules.js';
import type { AccessRule, Caller } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import {
  dequeueReviewWrite,
  queueReviewWrite,
  queuedReviews,
  reviewQueuePage,
  type PendingReview,
  type ReviewKind,
  type ReviewLogEntry,
} from '../data/entities/finding-reviews.js';
import { getFindingItem, type StoredFinding } from '../data/entities/findings.js';
import { isCancelledOnCondition, transactWithRetry, type TransactItem } from '../data/transactions.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { nudgeWebhookFanout } from '../webhooks/webhook-queue.js';
import { companyHasWebhooks } from '../webhooks/webhook-outbox.js';
import { findingUpdate, findingWrites, reportWritesOf, type FindingRef } from '../findings/finding-curation.js';
import { addFieldEdit, addSlaEdit, emptyParts, finishParts } from '../findings/finding-fields.js';
import { reviewNoticeKey, reviewNoticeWrite, type ReviewNotice } from '../data/entities/review-notices.js';
import { queueReviewNotice } from '../notifications/review-notice.js';
import { reviewRequestLevel } from '../../contracts/reviews.js';
import { reviewParts } from './review-writes.js';
import { findingViewerFor } from '../findings/finding-visibility.js';
import { assertServiceAccess } from '../findings/service-access.js';
import { shownInstances } from '../findings/finding-instances.js';
import { readFindingWith, type FindingRead } from '../findings/finding-reads.js';

const oneYear = 365 * 24 * 3600 * 1000;
const notFound = 'findingId: there is no such finding for this company and service';

export type ReviewDecision = 'fixed' | 'stillPresent' | 'accept' | 'decline';
const decisionsOf: Record<ReviewKind, readonly ReviewDecision[]> = {
  retest: ['fixed', 'stillPresent'],
  riskAcceptance: ['accept', 'decline'],
};

const shownTitle = (finding: StoredFinding) => finding.analystTitle || (finding.title as string);
const shownSeverity = (finding: StoredFinding) => (finding.analystSeverity ?? finding.toolSeverity) as string;
const nameOf = (actor: EventActor) => actor.user?.displayName?.trim() || undefined;
const noticeActor = (actor: EventActor): ReviewNotice['actor'] => ({
  uid: actor.uid,
  email: actor.email,
  ...(nameOf(actor) ? { name: nameOf(actor) } : {}),
});
const findingSubject = (ref: FindingRef, finding: StoredFinding) => ({
  company: { slug: ref.slug },
  finding: { slug: ref.slug, service: ref.service, findingId: ref.findingId, title: shownTitle(finding) },
});

/** The finding, its company's record and the company's SLA policy (a waiting request pauses the clock). */
export type FindingAndCompany = FindingRead<{ company: true; policy: true }>;

export const readFindingAndCompany = (ref: FindingRef): Promise<FindingAndCompany> =>
  readFindingWith(ref, { company: true, policy: true });

export interface ReviewRequestInput extends FindingRef {
  kind: ReviewKind;
  note: string;
  until?: number;
  /** A retest of these instances only (their ids). */
  instances?: string[];
}

/**
 * A customer's request on an open, published finding of their company's service (or an analyst's on their
 * behalf). ABORTED when the finding is not open or a request already waits; NOT_FOUND when the caller may
 * not read it. Answers the pending request.
 */
export async function requestReviewAs(
  caller: Caller,
  input: ReviewRequestInput,
  read: Promise<FindingAndCompany> = readFindingAndCompany(input),
  now = Date.now(),
): Promise<PendingReview> {
  const service = input.service as ServiceName;
  if (!canAccessCompany(caller.access, input.slug)) throw new PermissionDeniedError(companyDenied);
  const { company, finding, policy } = await read;
  const viewer = findingViewerFor(caller, input.slug, service, company);
  if (!viewer) throw new PermissionDeniedError(companyDenied);
  if (viewer === 'customer' && !hasLevel(accessIn(caller.access, input.slug), reviewRequestLevel)) {
    throw new PermissionDeniedError(
      `Only users of access level ${reviewRequestLevel} or more may ask for a retest or a risk acceptance.`,
    );
  }
  if (input.kind === 'riskAcceptance') {
    if (input.until === undefined) throw new InvalidArgumentError('until: a risk is accepted until a date');
    if (input.until <= now) throw new InvalidArgumentError('until: must be in the future');
    if (input.until > now + oneYear) throw new InvalidArgumentError('until: must be within a year');
  } else if (input.until !== undefined) {
    throw new InvalidArgumentError('until: only a risk acceptance has an end date');
  }
  if (input.instances && input.kind !== 'retest') {
    throw new InvalidArgumentError('instances: only a retest names instances');
  }
  if (!finding || (viewer === 'customer' && finding.published !== true)) throw new NotFoundError(notFound);
  assertRequestable(finding);
  const instances = input.instances && namedOpenInstances(finding, input.instances);

  const review: PendingReview = {
    kind: input.kind,
    note: input.note,
    at: now,
    by: { email: caller.email, ...(nameOf(caller) ? { name: nameOf(caller) } : {}) },
    ...(input.until !== undefined ? { until: input.until } : {}),
    ...(instances ? { instances } : {}),
  };
  const entry: ReviewLogEntry = {
    at: now,
    event: input.kind === 'retest' ? 'retestRequested' : 'riskAcceptanceRequested',
    by: { role: viewer === 'customer' ? 'customer' : 'analyst', ...(review.by.name ? { name: review.by.name } : {}) },
    note: input.note,
    ...(input.until !== undefined ? { until: input.until } : {}),
    ...(instances ? { instances } : {}),
  };
  const parts = reviewParts(emptyParts(), entry, { set: review });
  // The SLA clock stands still while the request waits.
  addSlaEdit(parts, input, finding, policy, now, true);
  parts.names['#status'] = 'status';
  parts.values[':open'] = 'open';
  parts.conditions.push('#status = :open');
  if (viewer === 'customer') {
    parts.names['#published'] = 'published';
    parts.values[':published'] = true;
    parts.conditions.push('#published = :published');
  }
  const items: TransactItem[] = [
    findingUpdate(input, parts),
    // The clock's pause moves the report's SLA counters.
    ...reportWritesOf(input, [{ finding, parts }], now),
    queueReviewWrite(
      input.slug,
      input.service,
      { ...review, findingId: input.findingId, title: shownTitle(finding), severity: shownSeverity(finding) },
      company?.companyName ?? input.slug,
    ),
    reviewNoticeWrite(input.slug, now, {
      step: 'requested',
      service: input.service,
      findingId: input.findingId,
      title: shownTitle(finding),
      severity: shownSeverity(finding),
      kind: review.kind,
      requestedAt: review.at,
      note: review.note,
      ...(review.until !== undefined ? { until: review.until } : {}),
      requester: review.by,
      actor: noticeActor(caller),
    }),
    eventTransactItem(
      caller,
      {
        type: input.kind === 'retest' ? 'findingRetestRequested' : 'findingRiskAcceptanceRequested',
        summary:
          input.kind === 'retest'
            ? `Asked for a retest of finding ${shownTitle(finding)}`
            : `Asked to accept the risk of finding ${shownTitle(finding)}`,
        subject: findingSubject(input, finding),
        after: { review: { kind: review.kind, at: review.at, until: review.until } },
        webhookOutbox: companyHasWebhooks(company) && finding.published === true,
      },
      now,
    ),
  ];
  try {
    await transactWithRetry(items);
  } catch (error) {
    if (!isCancelledOnCondition(error)) throw error;
    const current = await getFindingItem(input.slug, input.service, input.findingId, true);
    if (!current || (viewer === 'customer' && current.published !== true)) throw new NotFoundError(notFound);
    assertRequestable(current);
    throw new ConflictError('The finding changed while the request was sent; please try again.');
  }
  await queueReviewNotice(input.slug, reviewNoticeKey(now, { ...input, step: 'requested' }));
  await nudgeWebhookFanout(items);
  return review;
}

/** The ids a retest names, each once: open instances of the finding, or INVALID_ARGUMENT naming the field. */
function namedOpenInstances(finding: StoredFinding, ids: readonly string[]): string[] {
  const states = new Map(shownInstances(finding).map((instance) => [instance.id, instance.state]));
  const named = [...new Set(ids)];
  for (const id of named) {
    const state = states.get(id);
    if (!state) throw new InvalidArgumentError(`instances: ${id} is no instance of this finding`);
    if (state === 'fixed') throw new InvalidArgumentError(`instances: ${id} is fixed already`);
  }
  return named;
}

function assertRequestable(finding: StoredFinding): void {
  const pending = finding.review as PendingReview | undefined;
  if (pending) {
    throw new ConflictError(
      pending.kind === 'retest'
        ? 'A retest of this finding is already requested; an analyst will answer it.'
        : 'A risk acceptance of this finding is already requested; an analyst will answer it.',
    );
  }
  if (finding.status !== 'open') {
    throw new ConflictError(`Only an open finding can be sent for review; this one is ${String(finding.status)}.`);
  }
}

export interface ReviewDecisionInput extends FindingRef {
  decision: ReviewDecision;
  note?: string;
  /** The request's time the analyst saw: a request answered or made anew meanwhile is a conflict. */
  requestedAt: number;
}

/**
 * An analyst's decision on a pending request. A retest found fixed sets the status to fixed (unless it named some
 * instances and others are still open: the finding stays open); a risk accepted sets it to risk_accepted until the
 * date the customer asked. Answers the history line written.
 */
export async function decideReviewAs(
  analyst: Caller,
  input: ReviewDecisionInput,
  now = Date.now(),
): Promise<ReviewLogEntry> {
  assertServiceAccess(analyst, input.slug, input.service as ServiceName);
  const { finding, company, policy } = await readFindingAndCompany(input);
  if (!finding) throw new NotFoundError(notFound);
  const pending = finding.review as PendingReview | undefined;
  if (!pending || pending.at !== input.requestedAt) {
    throw new ConflictError('This request was answered or changed meanwhile; reload the queue.');
  }
  if (!decisionsOf[pending.kind].includes(input.decision)) {
    throw new InvalidArgumentError(
      `decision: a ${pending.kind === 'retest' ? 'retest' : 'risk acceptance'} is decided ${decisionsOf[pending.kind].join(' or ')}`,
    );
  }
  const stamp = { by: analyst.email, at: now };
  const parts = emptyParts();
  // A retest of some instances, confirmed while others stay open: the finding stays open. Which instances are gone is
  // the scans' to say (each instance's state follows what the last scan saw, import-run.ts).
  const othersOpen =
    pending.instances !== undefined &&
    shownInstances(finding).some((instance) => instance.state === 'open' && !pending.instances!.includes(instance.id));
  const status =
    input.decision === 'fixed'
      ? othersOpen
        ? undefined
        : { status: 'fixed' as const, ...(input.note ? { note: input.note } : {}) }
      : input.decision === 'accept'
        ? { status: 'risk_accepted' as const, expiresAt: pending.until!, ...(input.note ? { note: input.note } : {}) }
        : undefined;
  if (status && finding.status !== status.status) addFieldEdit(parts, finding, 'status', status, stamp);
  const events = {
    fixed: 'confirmedFixed',
    stillPresent: 'stillPresent',
    accept: 'riskAccepted',
    decline: 'riskAcceptanceDeclined',
  } as const;
  const entry: ReviewLogEntry = {
    at: now,
    event: events[input.decision],
    by: { role: 'analyst', ...(nameOf(analyst) ? { name: nameOf(analyst) } : {}) },
    ...(input.note ? { note: input.note } : {}),
    ...(input.decision === 'accept' ? { until: pending.until } : {}),
    ...(pending.instances ? { instances: pending.instances } : {}),
  };
  reviewParts(parts, entry, { remove: pending });
  // The clock goes on (its due date moved on by the wait), or stops with the status.
  addSlaEdit(parts, input, finding, policy, now, false);
  finishParts(parts, stamp);
  const items: TransactItem[] = [
    ...findingWrites(input, parts, now),
    dequeueReviewWrite(input.slug, input.service, input.findingId),
    reviewNoticeWrite(input.slug, now, {
      step: 'decided',
      service: input.service,
      findingId: input.findingId,
      title: shownTitle(finding),
      severity: shownSeverity(finding),
      kind: pending.kind,
      requestedAt: pending.at,
      note: pending.note,
      ...(pending.until !== undefined ? { until: pending.until } : {}),
      requester: pending.by,
      actor: noticeActor(analyst),
      decision: entry,
    }),
    // The status and the clock's pause move the report's counters (the SLA's among them).
    ...reportWritesOf(input, [{ finding, parts }], now),
    eventTransactItem(
      analyst,
      {
        type: 'findingReviewDecided',
        summary: `${decisionWords[input.decision]} for finding ${shownTitle(finding)}`,
        subject: findingSubject(input, finding),
        before: { status: finding.status, review: { kind: pending.kind, at: pending.at } },
        after: { status: status?.status ?? finding.status, decision: input.decision },
        webhookOutbox: companyHasWebhooks(company) && finding.published === true,
      },
      now,
    ),
  ];
  try {
    await transactWithRetry(items);
  } catch (error) {
    if (!isCancelledOnCondition(error)) throw error;
    throw new ConflictError('This finding changed while the decision was sent; reload the queue.');
  }
  await queueReviewNotice(input.slug, reviewNoticeKey(now, { ...input, step: 'decided' }));
  await nudgeWebhookFanout(items);
  return entry;
}

const decisionWords: Record<ReviewDecision, string> = {
  fixed: 'Confirmed the fix',
  stillPresent: 'Found the issue still present',
  accept: 'Accepted the risk',
  decline: 'Declined the risk acceptance',
};

/** The queue of a company's service for an analyst. */
export async function listReviewsAs(analyst: Caller, slug: string, service: ServiceName) {
  assertServiceAccess(analyst, slug, service);
  return queuedReviews(slug, service);
}

/** The queue of every company's requests: analysts of level 7 and up, who may decide each of them. */
export const reviewQueueAccess = {
  kind: 'signedIn',
  describe: `analysts of access level ${menuLevels.reviewRequests} or more`,
  allows: (caller) => canDecideEveryReview(caller.access),
} as const satisfies AccessRule;

/**
 * A page of the requests waiting in every company's queue, oldest first (or newest), optionally of one kind. Besides the caller's
 * records, one Query of the index (two with `kind`, whose filter may leave a page short).
 */
export async function listReviewQueueAs(
  analyst: Caller,
  page: { cursor?: string; limit: number; kind?: ReviewKind; descending?: boolean },
) {
  if (!canDecideEveryReview(analyst.access)) {
    throw new PermissionDeniedError('Only analysts of access level 7 or more see the review requests.');
  }
  const { items, nextCursor } = await reviewQueuePage({ ...page, maxQueries: 2 });
  return { reviews: items, ...(nextCursor ? { nextCursor } : {}) };
}

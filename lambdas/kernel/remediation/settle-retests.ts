// The retests an import's scan answers (see finding-reviews.ts): kept apart from the analyst's and customer's
// calls so the import's bundle takes only the queue and the finding's update.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../config.js';
import { documentClient } from '../data/client.js';
import {
  dequeueReviewWrite,
  queuedReviews,
  type PendingReview,
  type ReviewLogEntry,
} from '../data/entities/finding-reviews.js';
import { findingKey, getFindingItem } from '../data/entities/findings.js';
import { isCancelledOnCondition, transactWithRetry } from '../data/transactions.js';
import { addSlaEdit, emptyParts, expressionsOf } from '../findings/finding-fields.js';
import type { SlaPolicyUse } from '../sla/finding-sla.js';
import { reviewParts } from './review-writes.js';
import { reviewNoticeKey, reviewNoticeWrite } from '../data/entities/review-notices.js';
import { queueReviewNotice } from '../notifications/review-notice.js';
import { shownInstances } from '../findings/finding-instances.js';

type FindingRef = { slug: string; service: string; findingId: string };

/**
 * After an import's writes: the retests its scan answers are settled. A finding the import marked fixed is
 * confirmed fixed; one the scan found again is still present (it stays open). One Query of the queue (empty
 * most of the time), then one conditional update per settled retest: a redelivered import settles nothing
 * twice. A retest that named instances asks of those only: confirmed once the scan sees none of them (the finding
 * stays open while it sees others), still present while it sees one.
 */
export async function settleRetestsAfterImport(
  scan: { slug: string; service: string; importId: string },
  answer: { fixed: Pick<ReadonlySet<string>, 'has'>; present: Pick<ReadonlySet<string>, 'has'> },
  now = Date.now(),
  /** The company's SLA policy (the import reads it once): a settled retest's clock goes on, or stays stopped. */
  policy?: () => Promise<SlaPolicyUse>,
): Promise<number> {
  const { items } = await queuedReviews(scan.slug, scan.service);
  let settled = 0;
  for (const review of items) {
    if (review.kind !== 'retest') continue;
    const fixed = answer.fixed.has(review.findingId);
    if (!fixed && !answer.present.has(review.findingId)) continue;
    const ref = { slug: scan.slug, service: scan.service, findingId: review.findingId };
    const finding = await getFindingItem(ref.slug, ref.service, ref.findingId, true);
    // A retest of some instances asks of those only: fixed once the scan sees none of them, though it sees others.
    const event =
      fixed || (finding && review.instances && !namedStillOpen(finding, review.instances))
        ? 'confirmedFixed'
        : 'stillPresent';
    const entry: ReviewLogEntry = {
      at: now,
      event,
      by: { role: 'scan' },
      importId: scan.importId,
      ...(review.instances ? { instances: review.instances } : {}),
    };
    const parts = reviewParts(emptyParts(), entry, { remove: review });
    parts.names['#updatedAt'] = 'updatedAt';
    parts.values[':updatedAt'] = now;
    parts.sets.push('#updatedAt = :updatedAt');
    if (finding && policy) addSlaEdit(parts, ref, finding, await policy(), now, false);
    try {
      await transactWithRetry([
        {
          Update: {
            TableName: readConfig().TABLE_NAME,
            Key: findingKey(ref.slug, ref.service, ref.findingId),
            ...expressionsOf(parts),
          },
        },
        dequeueReviewWrite(scan.slug, scan.service, review.findingId),
        // Whoever asked hears of it, as of an analyst's decision.
        reviewNoticeWrite(scan.slug, now, {
          step: 'decided',
          service: scan.service,
          findingId: review.findingId,
          title: review.title,
          severity: review.severity,
          kind: review.kind,
          requestedAt: review.at,
          note: review.note,
          requester: review.by,
          decision: entry,
        }),
      ]);
      settled += 1;
      await queueReviewNotice(scan.slug, reviewNoticeKey(now, { ...ref, step: 'decided' }));
    } catch (error) {
      // Settled already (a redelivery), or decided by an analyst meanwhile: the queue item goes either way.
      if (!isCancelledOnCondition(error)) throw error;
      await dropStaleQueueItem(ref, review.at);
    }
  }
  return settled;
}

/** Whether any instance a retest named is still open (an instance no longer kept counts as gone). */
function namedStillOpen(finding: Record<string, unknown>, named: readonly string[]): boolean {
  const ids = new Set(named);
  return shownInstances(finding).some((instance) => ids.has(instance.id) && instance.state === 'open');
}

/** Removes a queue item whose finding no longer holds that request. */
async function dropStaleQueueItem(ref: FindingRef, at: number): Promise<void> {
  const finding = await getFindingItem(ref.slug, ref.service, ref.findingId, true);
  if ((finding?.review as PendingReview | undefined)?.at === at) return;
  const { Delete } = dequeueReviewWrite(ref.slug, ref.service, ref.findingId);
  await documentClient.send(new DeleteCommand(Delete!));
}

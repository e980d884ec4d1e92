// The review queue of a company's service: one item per finding whose customer asked for a retest ("fixed,
// please retest") or for a risk to be accepted, until an analyst (or, for a retest, the next import) decides.
// Partition `REVIEWS#acme#dast`, sort key `R#<findingId>`: the analyst's queue is one Query, and an import
// reads it once to settle the retests its scan answers. The finding holds the same request (`review`), so a
// customer's detail shows it without a second read; both are written in one transaction.
import { readConfig } from '../../config.js';
import { queryAll } from '../query-all.js';
import type { TransactItem } from '../transactions.js';

export type ReviewKind = 'retest' | 'riskAcceptance';

/** Who asked, by the name the customer sees of them. */
export interface ReviewPerson {
  email: string;
  name?: string;
}

/** A customer's pending request on a finding. */
export interface PendingReview {
  kind: ReviewKind;
  note: string;
  at: number;
  by: ReviewPerson;
  /** For a risk acceptance: until when (ms since 1970). */
  until?: number;
  /** For a retest of some instances: their ids (absent: the whole finding). */
  instances?: string[];
}

/** One line of a finding's remediation history, as its customer reads it. */
export interface ReviewLogEntry {
  at: number;
  event:
    | 'retestRequested'
    | 'riskAcceptanceRequested'
    | 'confirmedFixed'
    | 'stillPresent'
    | 'riskAccepted'
    | 'riskAcceptanceDeclined';
  /** Who: the customer's or analyst's name, or the scan's import. */
  by: { role: 'customer' | 'analyst' | 'scan'; name?: string };
  note?: string;
  until?: number;
  importId?: string;
  /** The instances a retest named. */
  instances?: string[];
}

/** A queue item: the request and what the analyst's list shows of its finding. */
export interface QueuedReview extends PendingReview {
  findingId: string;
  title: string;
  severity: string;
}

export const reviewsPartition = (slug: string, service: string) => `REVIEWS#${slug}#${service}`;
const reviewKey = (slug: string, service: string, findingId: string) => ({
  pk: reviewsPartition(slug, service),
  sk: `R#${findingId}`,
});

const tableName = () => readConfig().TABLE_NAME;

/** The queue item's Put, only while none is there (a second request of the same finding is refused). */
export function queueReviewWrite(slug: string, service: string, review: QueuedReview): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...reviewKey(slug, service, review.findingId), ...review },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The queue item's Delete, once the request is decided. */
export function dequeueReviewWrite(slug: string, service: string, findingId: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: reviewKey(slug, service, findingId) } };
}

/** At most this many requests are listed; a queue longer than that says so (`more`). */
export const maxListedReviews = 1000;

/** The queue of a company's service, oldest request first (read whole: it is short, 1 MB pages). */
export async function queuedReviews(slug: string, service: string): Promise<{ items: QueuedReview[]; more: boolean }> {
  const reviews: QueuedReview[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': reviewsPartition(slug, service) },
  });
  for await (const item of items) {
    const { pk: _pk, sk: _sk, ...review } = item;
    reviews.push(review as QueuedReview);
    // One more than are listed tells that there are more.
    if (reviews.length > maxListedReviews) break;
  }
  reviews.sort((a, b) => a.at - b.at);
  return { items: reviews.slice(0, maxListedReviews), more: reviews.length > maxListedReviews };
}

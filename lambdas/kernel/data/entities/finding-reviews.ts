// The review queue of a company's service: one item per finding whose customer asked for a retest ("fixed,
// please retest") or for a risk to be accepted, until an analyst (or, for a retest, the next import) decides.
// Partition `REVIEWS#acme#dast`, sort key `R#<findingId>`: the analyst's queue is one Query, and an import
// reads it once to settle the retests its scan answers. The finding holds the same request (`review`), so a
// customer's detail shows it without a second read; both are written in one transaction.
//
// Each queue item is also listed in the analysts' queue across every company (`listReviewQueue`): the generic index
// gsi1 under `gsi1pk = REVIEW_QUEUE`, sorted by the request's time, with the company's name kept on the item, so a
// page of that queue is one Query of the index (no Scan, no second read).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
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

/** A queue item as the analysts' queue across companies lists it: the request, its company and service. */
export interface ListedReview extends QueuedReview {
  slug: string;
  service: string;
  companyName: string;
}

export const reviewsPartition = (slug: string, service: string) => `REVIEWS#${slug}#${service}`;
/** The index partition of every company's queue items, oldest request first. */
export const reviewQueuePartition = 'REVIEW_QUEUE';
const reviewQueueSortKey = (review: { at: number; slug: string; service: string; findingId: string }) =>
  `${String(review.at).padStart(13, '0')}#${review.slug}#${review.service}#${review.findingId}`;
const reviewKey = (slug: string, service: string, findingId: string) => ({
  pk: reviewsPartition(slug, service),
  sk: `R#${findingId}`,
});

const tableName = () => readConfig().TABLE_NAME;

/**
 * The queue item's Put, only while none is there (a second request of the same finding is refused). `companyName`
 * is what the analysts' queue across companies shows of the company.
 */
export function queueReviewWrite(
  slug: string,
  service: string,
  review: QueuedReview,
  companyName: string,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...reviewKey(slug, service, review.findingId),
        ...review,
        slug,
        service,
        companyName,
        gsi1pk: reviewQueuePartition,
        gsi1sk: reviewQueueSortKey({ ...review, slug, service }),
      },
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
    reviews.push(queuedReviewOf(item));
    // One more than are listed tells that there are more.
    if (reviews.length > maxListedReviews) break;
  }
  reviews.sort((a, b) => a.at - b.at);
  return { items: reviews.slice(0, maxListedReviews), more: reviews.length > maxListedReviews };
}

/** A stored queue item without its keys and listing attributes. */
function queuedReviewOf(item: Record<string, unknown>): QueuedReview {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    slug: _slug,
    service: _service,
    companyName: _companyName,
    ...review
  } = item;
  return review as unknown as QueuedReview;
}

/** Items a page of the queue across companies reads at most per Query when it keeps one kind only. */
const kindWindow = 200;

/**
 * A page of every company's queue, oldest request first (or newest): one Query of the index, or with `kind`, at most
 * `maxQueries` Queries filtered on it (a filtered page may come back short, with a cursor to go on).
 */
export async function reviewQueuePage(page: {
  cursor?: string;
  limit: number;
  kind?: ReviewKind;
  /** Newest request first. */
  descending?: boolean;
  maxQueries: number;
}): Promise<{ items: ListedReview[]; nextCursor?: string }> {
  let startKey: Record<string, string> | undefined = decodeCursor(page.cursor, {
    attribute: 'gsi1pk',
    value: reviewQueuePartition,
  });
  const items: ListedReview[] = [];
  const queries = page.kind ? Math.max(1, page.maxQueries) : 1;
  for (let query = 0; query < queries; query += 1) {
    const answer = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :queue',
        ExpressionAttributeValues: { ':queue': reviewQueuePartition, ...(page.kind ? { ':kind': page.kind } : {}) },
        ...(page.kind ? { FilterExpression: '#kind = :kind', ExpressionAttributeNames: { '#kind': 'kind' } } : {}),
        Limit: page.kind ? kindWindow : page.limit,
        ScanIndexForward: page.descending !== true,
        ExclusiveStartKey: startKey,
      }),
    );
    const found = answer.Items ?? [];
    const room = page.limit - items.length;
    const kept = found.slice(0, room);
    items.push(...kept.map((item) => ({ ...queuedReviewOf(item), ...listingOf(item) })));
    if (found.length > room) {
      const last = kept[kept.length - 1]!;
      return { items, nextCursor: encodeCursor(indexKeyOf(last)) };
    }
    startKey = answer.LastEvaluatedKey as Record<string, string> | undefined;
    if (!startKey || items.length >= page.limit) break;
  }
  return { items, nextCursor: encodeCursor(startKey) };
}

const listingOf = (item: Record<string, unknown>) => ({
  slug: String(item.slug),
  service: String(item.service),
  companyName: String(item.companyName),
});

const indexKeyOf = (item: Record<string, unknown>) => ({
  gsi1pk: String(item.gsi1pk),
  gsi1sk: String(item.gsi1sk),
  pk: String(item.pk),
  sk: String(item.sk),
});

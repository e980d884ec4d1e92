// What the remediation loop owes in mail: one notice per step that someone must hear of, written in the step's own
// transaction, then mailed by the report worker (notifications/review-mail-delivery.ts).
//
// - `REVIEW_NOTICE#<slug>` / `<at, 13 digits>#<service>#<findingId>#<step>`: a request made (mail the analysts who
//   may decide it) or decided (mail whoever asked), with what the mail says. Kept 30 days.
// - `REVIEW_NOTICE#<slug>` / `<notice>#SENT#<recipient>`: one per recipient, written before the mail goes, so a
//   redelivered message sends nothing twice (`<notice>#EVENT` likewise records the mails' event once). Kept 30 days.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { claimOnce, releaseClaim } from '../send-claims.js';
import type { TransactItem } from '../transactions.js';
import type { ReviewKind, ReviewLogEntry, ReviewPerson } from './finding-reviews.js';

export type ReviewNoticeStep = 'requested' | 'decided';

export interface ReviewNotice {
  step: ReviewNoticeStep;
  service: string;
  findingId: string;
  /** The finding's title and severity as the customer reads them. */
  title: string;
  severity: string;
  kind: ReviewKind;
  /** The request's time, its note and who asked. */
  requestedAt: number;
  note: string;
  until?: number;
  requester: ReviewPerson;
  /** Who acted (the requester, or the analyst who decided): the mails' event is theirs. None for a scan's answer. */
  actor?: { uid: string; email: string; name?: string };
  /** For a decision: its history line (the event, the analyst's note, the date a risk is accepted until). */
  decision?: ReviewLogEntry;
}

const keptSeconds = 30 * 24 * 3600;
const tableName = () => readConfig().TABLE_NAME;
const noticePartition = (slug: string) => `REVIEW_NOTICE#${slug}`;

/** The notice's sort key, which its queue message names. */
export const reviewNoticeKey = (at: number, notice: Pick<ReviewNotice, 'service' | 'findingId' | 'step'>) =>
  `${String(at).padStart(13, '0')}#${notice.service}#${notice.findingId}#${notice.step}`;

/** The notice's Put, to go in the transaction of the step it tells of. */
export function reviewNoticeWrite(slug: string, at: number, notice: ReviewNotice): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: noticePartition(slug),
        sk: reviewNoticeKey(at, notice),
        entityType: 'reviewNotice',
        ...notice,
        ttl: Math.floor(at / 1000) + keptSeconds,
      },
    },
  };
}

export async function getReviewNotice(slug: string, key: string): Promise<ReviewNotice | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: noticePartition(slug), sk: key }, ConsistentRead: true }),
  );
  return Item as ReviewNotice | undefined;
}

const claimKey = (slug: string, key: string, what: string) => ({ pk: noticePartition(slug), sk: `${key}#${what}` });

/** Claims one mail (or the event) of a notice; false when it was claimed before: send nothing. */
export function claimReviewNotice(slug: string, key: string, what: string): Promise<boolean> {
  return claimOnce(claimKey(slug, key, what), { entityType: 'reviewNoticeSent' }, keptSeconds);
}

/** Gives a claim back when its mail could not be sent, so the queue's next try sends it. */
export function releaseReviewNotice(slug: string, key: string, what: string): Promise<void> {
  return releaseClaim(claimKey(slug, key, what));
}

// A finding's conversation: one item per comment, apart from the finding's own item (a finding stays well under
// DynamoDB's item limit however long the talk), in a partition of its own per finding,
// `COMMENTS#acme#dast#<findingId>`, sorted by time (`C#<commentId>`, the id starting with the time): the
// conversation, oldest first, is one Query. Comments are never changed once written. Beside them, the claims of
// the mails a comment sends (`COMMENT_MAILS#<slug>#<commentId>`, one per recipient, gone after 30 days), so a
// redelivered message mails nobody twice.
import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { claimOnce, releaseClaim } from '../send-claims.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { TransactItem } from '../transactions.js';
import type { CommentSide } from '../../../contracts/finding-comments.js';

export interface StoredComment {
  commentId: string;
  body: string;
  side: CommentSide;
  authorUid: string;
  /** The author's name as others saw it when they wrote (their e-mail when they had no plain name). */
  authorName: string;
  /** Never answered: the mails to the other side leave the author out by it. */
  authorEmail: string;
  createdAt: number;
}

const commentsKind = 'COMMENTS#';
export const commentsPartition = (slug: string, service: string, findingId: string) =>
  `${commentsKind}${slug}#${service}#${findingId}`;
const commentKey = (slug: string, service: string, findingId: string, commentId: string) => ({
  pk: commentsPartition(slug, service, findingId),
  sk: `C#${commentId}`,
});

const tableName = () => readConfig().TABLE_NAME;

/** A new comment's id: its time (so ids sort as comments were written) and 8 random hex digits. */
export const newCommentId = (at: number) => `${String(at).padStart(15, '0')}${randomBytes(4).toString('hex')}`;
export const commentIdPattern = /^[0-9]{15}[0-9a-f]{8}$/;

/** The comment's Put, to go in one transaction with its event. */
export function commentWrite(slug: string, service: string, findingId: string, comment: StoredComment): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...commentKey(slug, service, findingId, comment.commentId), ...comment },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const storedOf = (item: Record<string, unknown>): StoredComment => {
  const { pk: _pk, sk: _sk, ...comment } = item;
  return comment as unknown as StoredComment;
};

export async function getComment(
  slug: string,
  service: string,
  findingId: string,
  commentId: string,
): Promise<StoredComment | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: commentKey(slug, service, findingId, commentId),
      ConsistentRead: true,
    }),
  );
  return Item ? storedOf(Item) : undefined;
}

/** A page of the conversation, oldest first; the cursor is the last key read. */
export async function commentsPage(
  slug: string,
  service: string,
  findingId: string,
  page: { cursor?: string; limit: number },
): Promise<{ comments: StoredComment[]; nextCursor?: string }> {
  const partition = commentsPartition(slug, service, findingId);
  const startKey = decodeCursor(page.cursor, { attribute: 'pk', value: partition, kindPrefix: commentsKind });
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :comment)',
      ExpressionAttributeValues: { ':pk': partition, ':comment': 'C#' },
      ExclusiveStartKey: startKey,
      Limit: page.limit,
    }),
  );
  return {
    comments: Items.map(storedOf),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined),
  };
}

/** Every comment of the conversation (for the mail worker: who took part), at most `limit`. */
export async function conversationComments(
  slug: string,
  service: string,
  findingId: string,
  limit = 1000,
): Promise<StoredComment[]> {
  const comments: StoredComment[] = [];
  let cursor: string | undefined;
  do {
    const page = await commentsPage(slug, service, findingId, { cursor, limit: Math.min(200, limit) });
    comments.push(...page.comments);
    cursor = page.nextCursor;
  } while (cursor && comments.length < limit);
  return comments;
}

const claimKey = (slug: string, commentId: string, uid: string) => ({
  pk: `COMMENT_MAILS#${slug}#${commentId}`,
  sk: uid,
});
const claimDays = 30;

/** Claims the comment's mail to one recipient; false when it was claimed (sent) already. */
export function claimCommentMail(slug: string, commentId: string, uid: string, now = Date.now()): Promise<boolean> {
  return claimOnce(claimKey(slug, commentId, uid), {}, claimDays * 24 * 3600, now);
}

/** Gives a claim back when its mail could not be sent (the queue's next delivery tries again). */
export function releaseCommentMail(slug: string, commentId: string, uid: string): Promise<void> {
  return releaseClaim(claimKey(slug, commentId, uid));
}

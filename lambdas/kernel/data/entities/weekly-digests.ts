// The weekly digest's records:
//
// - `WEEKLY_DIGEST#<slug>` / `USER#<uid>`: a user chose the weekly digest of this company (Settings). With the index
//   keys `gsi1pk = WEEKLY_DIGEST`, `gsi1sk = <slug>#<uid>`, so the weekly run finds the companies with
//   subscribers in one Query of a sparse index (no Scan), and a company's run reads its subscribers in one Query
//   of its partition. A user's own choices are a BatchGet of one key per company they belong to.
// - `WEEKLY_DIGEST_SENT#<slug>` / `<week>#<uid>`: one per user, company and week, put (on the condition it does not
//   exist) before the mail goes: a retried run finds it and sends nothing twice (kept 60 days).
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { claimOnce, releaseClaim } from '../send-claims.js';
import { queryAll } from '../query-all.js';
import { batchGetConsistent, type TransactItem } from '../transactions.js';

const tableName = () => readConfig().TABLE_NAME;
export const weeklyDigestIndexPartition = 'WEEKLY_DIGEST';
const subscriptionsPartition = (slug: string) => `WEEKLY_DIGEST#${slug}`;
const subscriptionKey = (slug: string, uid: string) => ({ pk: subscriptionsPartition(slug), sk: `USER#${uid}` });
const sentKey = (slug: string, week: string, uid: string) => ({
  pk: `WEEKLY_DIGEST_SENT#${slug}`,
  sk: `${week}#${uid}`,
});
const sentKeptSeconds = 60 * 24 * 3600;

/** The write that turns a user's weekly digest of a company on (a Put) or off (a Delete), for a transaction. */
export function weeklyDigestWrite(slug: string, uid: string, weekly: boolean, now: number): TransactItem {
  if (!weekly) return { Delete: { TableName: tableName(), Key: subscriptionKey(slug, uid) } };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...subscriptionKey(slug, uid),
        entityType: 'weeklyDigest',
        slug,
        uid,
        since: now,
        gsi1pk: weeklyDigestIndexPartition,
        gsi1sk: `${slug}#${uid}`,
      },
    },
  };
}

/** Turns a user's weekly digest of a company off (the unsubscribe link); nothing happens when it was off. */
export async function removeWeeklyDigest(slug: string, uid: string): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: tableName(), Key: subscriptionKey(slug, uid) }));
}

/** Which of these companies the user gets the weekly digest of (one BatchGet of up to 100 companies). */
export async function weeklyDigestsOf(uid: string, slugs: readonly string[]): Promise<Set<string>> {
  const on = new Set<string>();
  for (let start = 0; start < slugs.length; start += 100) {
    const items = await batchGetConsistent(slugs.slice(start, start + 100).map((slug) => subscriptionKey(slug, uid)));
    for (const item of items) on.add(String(item.slug));
  }
  return on;
}

/** The companies with at least one subscriber, through the sparse index. */
export async function companiesWithWeeklyDigests(): Promise<string[]> {
  const slugs = new Set<string>();
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': weeklyDigestIndexPartition },
    ProjectionExpression: 'slug',
  });
  for await (const item of items) slugs.add(String(item.slug));
  return [...slugs];
}

/** The user ids of a company's subscribers (one Query of its partition). */
export async function weeklyDigestSubscribers(slug: string): Promise<string[]> {
  const uids: string[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': subscriptionsPartition(slug) },
    ProjectionExpression: 'uid',
    ConsistentRead: true,
  });
  for await (const item of items) uids.push(String(item.uid));
  return uids;
}

/** Claims the week's mail of one user and company; false when it was claimed (sent) before: send nothing. */
export function claimWeeklyDigest(slug: string, week: string, uid: string, now = Date.now()): Promise<boolean> {
  return claimOnce(sentKey(slug, week, uid), { entityType: 'weeklyDigestSent' }, sentKeptSeconds, now);
}

/** Gives a claim back when its mail could not be sent, so the queue's next try sends it. */
export function releaseWeeklyDigest(slug: string, week: string, uid: string): Promise<void> {
  return releaseClaim(sentKey(slug, week, uid));
}

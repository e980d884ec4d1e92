// Finding tags (spec section 3's finding_tags): a counter per tag (`FINDING_TAGS` / `TAG#<tag>`, holding
// `tagCount`), and under each tag a reference per finding that carries it (`FINDING_TAG#<tag>` /
// `REF#<slug>#<service>#<findingId>`, holding the slug). Every tag change writes the finding, the counter
// and the reference in one transaction, so the count is exact whatever runs at once. All counters sit in
// one partition, so suggestions are one Query (a tag at 0 stays, filtered out, until used again).
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { queryAll } from '../query-all.js';
import { partitionPageItems } from '../partition-pages.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const tableName = () => readConfig().TABLE_NAME;
export const tagCountersPartition = 'FINDING_TAGS';
const counterKey = (tag: string) => ({ pk: tagCountersPartition, sk: `TAG#${tag}` });
const referenceKey = (tag: string, slug: string, service: string, findingId: string) => ({
  pk: `FINDING_TAG#${tag}`,
  sk: `REF#${slug}#${service}#${findingId}`,
});

/** Moves a tag's count by `delta` (creating the counter on first use). */
export function tagCountWrite(tag: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: counterKey(tag),
      UpdateExpression: 'SET #tag = :tag ADD #tagCount :delta',
      ExpressionAttributeNames: { '#tag': 'tag', '#tagCount': 'tagCount' },
      ExpressionAttributeValues: { ':tag': tag, ':delta': delta },
    },
  };
}

/** The reference of a finding under a tag: added once, removed once (each conditional, so never twice). */
export function tagReferenceWrite(
  tag: string,
  finding: { slug: string; service: string; findingId: string },
  add: boolean,
): TransactItem {
  const Key = referenceKey(tag, finding.slug, finding.service, finding.findingId);
  return add
    ? {
        Put: {
          TableName: tableName(),
          Item: { ...Key, slug: finding.slug, service: finding.service, findingId: finding.findingId, tag },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }
    : { Delete: { TableName: tableName(), Key, ConditionExpression: 'attribute_exists(pk)' } };
}

export interface TagCount {
  tag: string;
  tagCount: number;
}

/** Every tag in use (count above 0) starting with `prefix` (as written), a page (1 MB) at a time. */
export async function tagsInUse(prefix = ''): Promise<TagCount[]> {
  const tags: TagCount[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    FilterExpression: '#tagCount > :zero',
    ProjectionExpression: '#tag, #tagCount',
    ExpressionAttributeNames: { '#tag': 'tag', '#tagCount': 'tagCount' },
    ExpressionAttributeValues: { ':partition': tagCountersPartition, ':prefix': `TAG#${prefix}`, ':zero': 0 },
  });
  for await (const item of items) tags.push({ tag: item.tag as string, tagCount: item.tagCount as number });
  return tags;
}

/** The findings carrying a tag, as their references name them (tests and audits). */
export async function tagReferences(tag: string): Promise<Array<{ slug: string; service: string; findingId: string }>> {
  const references: Array<{ slug: string; service: string; findingId: string }> = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': `FINDING_TAG#${tag}` },
    Limit: partitionPageItems,
  });
  for await (const item of items) {
    references.push({
      slug: item.slug as string,
      service: item.service as string,
      findingId: item.findingId as string,
    });
  }
  return references;
}

// Assets: what a company's scans of one service looked at (subdomains, hosts, ports, URLs, cloud
// resources, accounts), one item per asset key in a partition per company and service, listed by key.
// Imports are the only writers, one at a time per company and service (the queue's message group), so an
// import writes whole items with the first sighting it read before.
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { partitionPageItems } from '../partition-pages.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

export const assetsPartition = (slug: string, service: string) => `ASSETS#${slug}#${service}`;
/** Keys are readable; one too long for a sort key (a long URL) is hashed. */
export const assetSortKey = (key: string) =>
  Buffer.byteLength(key) <= 900 ? `A#${key}` : `A#sha256:${createHash('sha256').update(key).digest('hex')}`;

const tableName = () => readConfig().TABLE_NAME;

export interface AssetState {
  key: string;
  firstSeenAt: number;
  firstImportId: string;
  lastSeenAt: number;
}

export interface StoredAsset extends AssetState {
  kind: string;
  name: string;
  parentKey?: string;
  service: string;
  lastImportId: string;
  detail: Record<string, unknown>;
}

export function assetItem(slug: string, asset: StoredAsset & { searchText: string }): Record<string, unknown> {
  return { pk: assetsPartition(slug, asset.service), sk: assetSortKey(asset.key), ...asset };
}

/** Every asset's first and last sighting, a page at a time. */
export async function* assetStates(slug: string, service: string): AsyncGenerator<AssetState> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': assetsPartition(slug, service) },
    ProjectionExpression: '#key, firstSeenAt, firstImportId, lastSeenAt',
    ExpressionAttributeNames: { '#key': 'key' },
    Limit: partitionPageItems,
  });
  for await (const item of items) yield item as AssetState;
}

export async function getAsset(slug: string, service: string, key: string): Promise<StoredAsset | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: assetsPartition(slug, service), sk: assetSortKey(key) } }),
  );
  return Item ? strip(Item) : undefined;
}

function strip(item: Record<string, unknown>): StoredAsset {
  const { pk: _pk, sk: _sk, searchText: _searchText, ...asset } = item;
  return asset as unknown as StoredAsset;
}

export async function queryAssets(
  slug: string,
  service: string,
  page: { filter?: string; cursor?: string; limit: number },
): Promise<{ items: StoredAsset[]; nextCursor?: string }> {
  const partition = assetsPartition(slug, service);
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :partition',
      ExpressionAttributeValues: { ':partition': partition, ...(page.filter ? { ':text': page.filter } : {}) },
      ...(page.filter ? { FilterExpression: 'contains(searchText, :text)' } : {}),
      Limit: page.filter ? 1000 : page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { attribute: 'pk', value: partition, kindPrefix: 'ASSETS#' }),
    }),
  );
  if (Items.length > page.limit) {
    const kept = Items.slice(0, page.limit);
    const last = kept[kept.length - 1]!;
    return { items: kept.map(strip), nextCursor: encodeCursor({ pk: last.pk as string, sk: last.sk as string }) };
  }
  return { items: Items.map(strip), nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined) };
}

// Bulk updates of findings: one item per update (`BULK#<id>`), holding what to do, to which findings, and
// how far it got. The worker reads it, changes the findings a chunk at a time and writes its progress after
// each chunk, so a retry after a crash goes on from there; the findings themselves remember the last bulk
// update that changed them (`lastBulkId`), so none is changed twice. Kept 30 days (TTL).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkAction } from '../../../contracts/bulk-action.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';

export interface BulkTarget {
  slug: string;
  service: string;
  findingId: string;
}

export interface BulkSkip extends BulkTarget {
  reason: 'conflict' | 'notFound';
}

export type BulkStatus = 'queued' | 'running' | 'done' | 'failed';

export interface StoredBulkUpdate {
  bulkId: string;
  /** The company and service of a selection; absent for a template's refresh (findings of every company). */
  slug?: string;
  service?: string;
  templateId?: string;
  action: BulkAction;
  targets: BulkTarget[];
  status: BulkStatus;
  total: number;
  processed: number;
  changed: number;
  unchanged: number;
  conflicted: BulkSkip[];
  createdAt: number;
  createdByUid: string;
  createdBy: string;
  createdByName?: string;
  finishedAt?: number;
  error?: string;
  attempts: number;
}

const tableName = () => readConfig().TABLE_NAME;
const bulkKey = (bulkId: string) => ({ pk: `BULK#${bulkId}`, sk: 'BULK' });
const keptFor = 30 * 24 * 3600;

export async function putBulkUpdate(bulk: StoredBulkUpdate): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...bulkKey(bulk.bulkId), ...bulk, ttl: Math.floor(bulk.createdAt / 1000) + keptFor },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getBulkUpdateItem(bulkId: string, consistent = false): Promise<StoredBulkUpdate | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: bulkKey(bulkId), ConsistentRead: consistent }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ttl: _ttl, ...bulk } = Item;
  return bulk as StoredBulkUpdate;
}

/** Sets some of a bulk update's fields (progress, status, the end). */
export async function setBulkFields(bulkId: string, fields: Partial<StoredBulkUpdate>): Promise<void> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: bulkKey(bulkId),
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
    }),
  );
}

/** The update that ends a bulk update, to go in a transaction (with the template's usage count). */
export function bulkFinishWrite(bulkId: string, fields: Partial<StoredBulkUpdate>) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    Update: {
      TableName: tableName(),
      Key: bulkKey(bulkId),
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
      // Never twice: a retry after the finish has nothing left to count.
      ConditionExpression: '#status <> :done',
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        '#status': 'status',
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
        ':done': 'done',
      },
    },
  };
}

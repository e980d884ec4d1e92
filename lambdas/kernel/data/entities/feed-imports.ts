// Threat-feed imports: one item per import in its own partition (`FEEDIMPORT#<id>`), found by id alone as
// startFeedImport, getFeedImport and the worker read it.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedImportOutput, FeedKind } from '../../../contracts/exploit-signals.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { updateInStatus } from '../update-in-status.js';

export type FeedImportStatus = FeedImportOutput['status'];

export interface StoredFeedImport extends FeedImportOutput {
  kind: FeedKind;
  /** Where the upload form puts the file, and where the worker reads the copy startFeedImport made. */
  objectKey: string;
  /** How many times the worker started on it. */
  attempts?: number;
  version: number;
}

const keyOf = (feedImportId: string) => ({ pk: `FEEDIMPORT#${feedImportId}`, sk: 'FEEDIMPORT' });
const tableName = () => readConfig().TABLE_NAME;

export async function putNewFeedImport(feedImport: StoredFeedImport): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keyOf(feedImport.feedImportId), ...feedImport },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getFeedImportRecord(
  feedImportId: string,
  consistent = false,
): Promise<StoredFeedImport | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: keyOf(feedImportId), ConsistentRead: consistent }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...feedImport } = Item;
  return feedImport as StoredFeedImport;
}

/**
 * Changes an import's fields (and removes `remove`) if its status is one of `from` (when given). Answers the import
 * after the change, or undefined when the status did not allow it.
 */
export async function updateFeedImport(
  feedImportId: string,
  changes: Partial<Omit<StoredFeedImport, 'feedImportId' | 'kind' | 'createdAt' | 'version'>>,
  options: { from?: readonly FeedImportStatus[]; remove?: ReadonlyArray<'error' | 'feed'> } = {},
): Promise<StoredFeedImport | undefined> {
  const Attributes = await updateInStatus(keyOf(feedImportId), changes, options);
  if (!Attributes) return undefined;
  const { pk: _pk, sk: _sk, ...feedImport } = Attributes;
  return feedImport as unknown as StoredFeedImport;
}

/** Progress only, without a version bump (written every few seconds while an import runs). */
export async function writeFeedImportProgress(
  feedImportId: string,
  progress: StoredFeedImport['progress'],
): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(feedImportId),
      UpdateExpression: 'SET #progress = :progress',
      ExpressionAttributeNames: { '#progress': 'progress' },
      ExpressionAttributeValues: { ':progress': progress },
    }),
  );
}

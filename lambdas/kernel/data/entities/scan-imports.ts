// Scan imports: one item per import (its own partition, so startScanImport and getScanImport find it by id
// alone), listed newest first per company and service through the index. An import that is done is the
// scan it recorded.
import { GetCommand, PutCommand, UpdateCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceName } from '../../access/rules.js';
import type { FormatId, ToolInfo } from '../../scanners/finding-model.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { updateInStatus } from '../update-in-status.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

export type ImportStatus = 'uploading' | 'queued' | 'running' | 'done' | 'failed';

export interface ImportProgress {
  phase?: 'reading' | 'comparing' | 'writing';
  bytesRead: number;
  bytesTotal: number;
  findingsWritten: number;
}

export interface StoredScanImport {
  importId: string;
  slug: string;
  service: ServiceName;
  status: ImportStatus;
  files: Array<{ name: string; contentLength: number; objectKey: string }>;
  format?: FormatId;
  /** The analyst chose the format (else it is detected). */
  formatChosen?: boolean;
  tool?: ToolInfo;
  createdAt: number;
  createdByUid: string;
  createdByEmail: string;
  createdByName?: string;
  startedAt?: number;
  finishedAt?: number;
  progress: ImportProgress;
  counts?: Record<string, unknown>;
  metrics?: Record<string, unknown>;
  warnings?: string[];
  error?: { message: string; line?: number };
  /** How many times the import function started on it (a retry after a crash is the second). */
  attempts?: number;
  version: number;
}

const importKey = (importId: string) => ({ pk: `IMPORT#${importId}`, sk: 'IMPORT' });
export const importsPartition = (slug: string, service: string) => `IMPORTS#${slug}#${service}`;
const importsSortKey = (createdAt: number, importId: string) => `${String(createdAt).padStart(15, '0')}#${importId}`;
const tableName = () => readConfig().TABLE_NAME;

function fromItem(item: Record<string, unknown> | undefined): StoredScanImport | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...scan } = item;
  return scan as unknown as StoredScanImport;
}

export async function putNewScanImport(scan: StoredScanImport): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...importKey(scan.importId),
        gsi1pk: importsPartition(scan.slug, scan.service),
        gsi1sk: importsSortKey(scan.createdAt, scan.importId),
        ...scan,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getScanImport(importId: string, consistent = false): Promise<StoredScanImport | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: importKey(importId), ConsistentRead: consistent }),
  );
  return fromItem(Item);
}

/**
 * Changes an import's fields if its status is one of `from` (when given). Answers the import as it is
 * after the change, or undefined when the status did not allow it.
 */
export async function updateScanImport(
  importId: string,
  changes: Partial<Omit<StoredScanImport, 'importId' | 'slug' | 'service' | 'createdAt' | 'version'>>,
  options: { from?: readonly ImportStatus[]; removeError?: boolean } = {},
): Promise<StoredScanImport | undefined> {
  return fromItem(
    await updateInStatus(importKey(importId), changes, {
      from: options.from,
      remove: options.removeError ? ['error'] : [],
    }),
  );
}

/** Progress only, without a version bump or a read back (written every few seconds while an import runs). */
export async function writeImportProgress(importId: string, progress: ImportProgress): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: importKey(importId),
      UpdateExpression: 'SET #progress = :progress',
      ExpressionAttributeNames: { '#progress': 'progress' },
      ExpressionAttributeValues: { ':progress': progress },
    }),
  );
}

export async function listScanImportsPage(
  slug: string,
  service: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: StoredScanImport[]; nextCursor?: string }> {
  const partition = importsPartition(slug, service);
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': partition },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { attribute: 'gsi1pk', value: partition, kindPrefix: 'IMPORTS#' }),
    }),
  );
  return {
    items: Items.map((item) => fromItem(item)!),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined),
  };
}

/** The key of an import and the reading of its raw item, for batch reads beside other items (agents' uploads). */
export const scanImportItemKey = importKey;
export const parseScanImportItem = fromItem;

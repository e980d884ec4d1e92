// Exports of findings: one item per export (`EXPORT#<id>`), holding what to export (company, service, format,
// the list's filter and order, the view the caller had), how far it got, and where the file is. The report
// worker reads it, writes progress after each page of findings and the file to S3 under a key fixed by the id,
// so a retry after a crash writes the same file again. Kept 7 days (TTL), as the files are (lifecycle rule).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FindingFilter, FindingOrder } from '../../../contracts/finding-filter.js';
import type { ServiceName } from '../../access/rules.js';
import { readConfig } from '../../config.js';
import type { FindingViewer } from '../../findings/finding-visibility.js';
import { documentClient } from '../client.js';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface StoredFindingExport {
  exportId: string;
  slug: string;
  service: ServiceName;
  format: ExportFormat;
  filter?: FindingFilter;
  descending: boolean;
  /** The list's order: by severity (absent), or soonest due first. */
  order?: FindingOrder;
  /** At most this many findings (the first in the list's order). */
  limit: number;
  /** The view the caller had when starting it: a customer's export holds published findings and their fields only. */
  viewer: FindingViewer;
  companyName: string;
  status: ExportStatus;
  /** Findings read so far (of the service's list, before the viewer's rule) and written so far. */
  scanned: number;
  written: number;
  /** More findings matched than `limit`: the file holds the first `limit`. */
  truncated?: boolean;
  objectKey: string;
  fileName: string;
  bytes?: number;
  createdAt: number;
  createdByUid: string;
  createdBy: string;
  startedAt?: number;
  finishedAt?: number;
  error?: string;
}

const tableName = () => readConfig().TABLE_NAME;
const exportKey = (exportId: string) => ({ pk: `EXPORT#${exportId}`, sk: 'EXPORT' });
export const exportKeptSeconds = 7 * 24 * 3600;

export async function putFindingExport(item: StoredFindingExport): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...exportKey(item.exportId), ...item, ttl: Math.floor(item.createdAt / 1000) + exportKeptSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getFindingExportItem(
  exportId: string,
  consistent = false,
): Promise<StoredFindingExport | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: exportKey(exportId), ConsistentRead: consistent }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ttl: _ttl, ...item } = Item;
  return item as StoredFindingExport;
}

/** Sets some of an export's fields (progress, status, the end). An export already done is never changed again. */
export async function setFindingExportFields(exportId: string, fields: Partial<StoredFindingExport>): Promise<void> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKey(exportId),
      UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #status <> :done',
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        '#status': 'status',
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
        ':done': 'done',
      },
    }),
  );
}

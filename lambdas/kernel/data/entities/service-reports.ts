// Service reports: the dashboard figures of a company's service, kept up to date as findings change so that a
// report is one read, never a count. Two items per company and service in `REPORTS#<company>`: the report,
// `SERVICE#<service>` (so a company's overview is one Query of the partition's `SERVICE#` items, of a size that
// does not grow with the findings), and its top assets' counters, `ASSETS#<service>`, that only the service's own
// dashboard reads (with the report, in one BatchGetItem). Counters are flat numeric attributes that a curation's
// transaction moves with ADD (`c_<view>_<status>_<severity>`, `n_|f_|r_<view>_<importId>_<severity>` for new,
// fixed and reopened in an import, `a_<view>_<asset>_<severity>` in the assets item; view `all` or `pub` for
// published findings), and every such move adds 1 to the report's `deltaVersion`. An import rewrites both items
// from the findings themselves (one Query of the service's findings partition, projected), conditional on the
// `deltaVersion` it read, so a curation made while it counted is never lost: it counts again.
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { partitionPageItems } from '../partition-pages.js';
import { isConditionalCheckFailure } from '../conditional.js';
import type { TransactItem } from '../transactions.js';
import { findingsPartition } from './findings.js';

const tableName = () => readConfig().TABLE_NAME;

export const reportsPartition = (slug: string) => `REPORTS#${slug}`;
export const serviceReportKey = (slug: string, service: string) => ({
  pk: reportsPartition(slug),
  sk: `SERVICE#${service}`,
});

/** The item of a service's top assets' counters, beside its report. */
export const reportAssetsKey = (slug: string, service: string) => ({
  pk: reportsPartition(slug),
  sk: `ASSETS#${service}`,
});

/** The stored report: its counters (flat numbers) and the parts only an import rewrites. */
export type StoredServiceReport = Record<string, unknown> & {
  slug: string;
  service: string;
  deltaVersion?: number;
};

export async function getServiceReportItem(
  slug: string,
  service: string,
  consistent = false,
): Promise<StoredServiceReport | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: serviceReportKey(slug, service), ConsistentRead: consistent }),
  );
  return Item as StoredServiceReport | undefined;
}

/** A service's report and its top assets' counters: one BatchGetItem (what a service's dashboard reads). */
export async function getServiceReportWithAssets(
  slug: string,
  service: string,
): Promise<{ report?: StoredServiceReport; assets?: Record<string, unknown> }> {
  const table = tableName();
  const found: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] = [serviceReportKey(slug, service), reportAssetsKey(slug, service)];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    if (attempt > 8) throw new Error('DynamoDB left the report unread eight times in a row');
    const answer = await documentClient.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
    found.push(...(answer.Responses?.[table] ?? []));
    pending = (answer.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return {
    report: found.find((item) => item.sk === serviceReportKey(slug, service).sk) as StoredServiceReport | undefined,
    assets: found.find((item) => item.sk === reportAssetsKey(slug, service).sk),
  };
}

/** Every service's report of a company, without their assets: one Query (five items at most). */
export async function queryServiceReports(slug: string): Promise<StoredServiceReport[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :partition AND begins_with(sk, :reports)',
      ExpressionAttributeValues: { ':partition': reportsPartition(slug), ':reports': 'SERVICE#' },
    }),
  );
  return Items as StoredServiceReport[];
}

/** The condition that no curation moved the report's counters since `readVersion` was read. */
const unmovedSince = (readVersion: number | undefined) =>
  readVersion === undefined
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: 'deltaVersion = :read OR attribute_not_exists(deltaVersion)',
        ExpressionAttributeValues: { ':read': readVersion },
      };

/**
 * Writes a report counted anew, with its assets' counters when given, unless a curation moved its counters since
 * `readVersion` was read. Answers false then: count again.
 */
export async function putServiceReport(
  report: StoredServiceReport,
  readVersion: number | undefined,
  assets?: Record<string, unknown>,
): Promise<boolean> {
  const reportPut = {
    TableName: tableName(),
    Item: { ...report, ...serviceReportKey(report.slug, report.service), deltaVersion: readVersion ?? 0 },
    ...unmovedSince(readVersion),
  };
  try {
    if (!assets) await documentClient.send(new PutCommand(reportPut));
    else {
      const assetsItem = { ...assets, ...reportAssetsKey(report.slug, report.service) };
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: reportPut }, { Put: { TableName: tableName(), Item: assetsItem } }],
        }),
      );
    }
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** One item's counter moves (ADD creates what is missing), and attributes set when missing. */
function counterUpdate(
  key: Record<string, string>,
  moves: ReadonlyArray<[string, number]>,
  at: number,
  names: ReadonlyMap<string, string>,
  bumpVersion: boolean,
): TransactItem {
  const attributeNames: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': at };
  const adds: string[] = [];
  if (bumpVersion) {
    attributeNames['#deltaVersion'] = 'deltaVersion';
    values[':one'] = 1;
    adds.push('#deltaVersion :one');
  }
  moves.forEach(([attribute, by], index) => {
    attributeNames[`#c${index}`] = attribute;
    values[`:c${index}`] = by;
    adds.push(`#c${index} :c${index}`);
  });
  const sets = ['#updatedAt = :now'];
  [...names].forEach(([attribute, value], index) => {
    attributeNames[`#n${index}`] = attribute;
    values[`:n${index}`] = value;
    sets.push(`#n${index} = if_not_exists(#n${index}, :n${index})`);
  });
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The counter moves of a curation, as items of its transaction: the report's (which adds 1 to its
 * `deltaVersion`), and the assets' when an asset's counter (`a_…`) moves, with the names of those assets.
 */
export function serviceReportDeltaWrites(
  slug: string,
  service: string,
  moves: ReadonlyMap<string, number>,
  at: number,
  /** Attributes of the assets item set when missing (the names of the assets whose counters move). */
  names: ReadonlyMap<string, string> = new Map(),
): TransactItem[] {
  const changed = [...moves].filter(([, by]) => by !== 0);
  if (changed.length === 0) return [];
  const ofAssets = changed.filter(([attribute]) => attribute.startsWith('a_'));
  const ofReport = changed.filter(([attribute]) => !attribute.startsWith('a_'));
  return [
    counterUpdate(serviceReportKey(slug, service), ofReport, at, new Map(), true),
    ...(ofAssets.length > 0 ? [counterUpdate(reportAssetsKey(slug, service), ofAssets, at, names, false)] : []),
  ];
}

/** What a report counts of a finding. */
export interface FindingFacts {
  id: string;
  status: string;
  toolSeverity: string;
  analystSeverity?: string;
  published?: boolean;
  firstImportId?: string;
  lastChange?: { importId: string; change: string; at?: number };
  /** What the progress counters follow (reports/progress-counters.ts): when it was found, published, due, fixed. */
  firstSeenAt?: number;
  /** First publication (findings published before it was kept: their SLA clock's start). */
  publishedAt?: number;
  slaStartedAt?: number;
  dueAt?: number;
  slaPausedSince?: number;
  /** The due date it had when it was closed (0: it had none). */
  closedDueAt?: number;
  statusReason?: { status?: string; at?: number };
  assetKey?: string;
  assetName?: string;
  /** What the customers' filter choices are drawn from: the service, Prowler's frameworks and categories. */
  service?: string;
  compliance?: Record<string, unknown>;
  toolTags?: string[];
}

/** Every finding of a company’s service, projected to what a report counts, a page (partitionPageItems) at a time. */
export async function* findingFactsOf(slug: string, service: string): AsyncGenerator<FindingFacts> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service) },
    ProjectionExpression:
      'id, #status, toolSeverity, analystSeverity, published, firstImportId, lastChange, assetKey, assetName, ' +
      'service, compliance, toolTags, firstSeenAt, publishedAt, slaStartedAt, dueAt, slaPausedSince, closedDueAt, ' +
      'statusReason',
    ExpressionAttributeNames: { '#status': 'status' },
    Limit: partitionPageItems,
    ConsistentRead: true,
  });
  for await (const item of items) yield item as FindingFacts;
}

// Service reports: the dashboard figures of a company's service, kept up to date as findings change so that a
// report is one read, never a count. One item per company and service, `REPORTS#<company>` / `SERVICE#<service>`
// (so a company's overview is one Query of its partition). Its counters are flat numeric attributes that a
// curation's transaction moves with ADD (`c_<view>_<status>_<severity>`, `n_|f_|r_<view>_<importId>_<severity>`
// for new, fixed and reopened in an import; view `all` or `pub` for published findings), and every such move
// adds 1 to `deltaVersion`. An import rewrites the whole item from the findings themselves (one Query of the
// service's findings partition, projected), conditional on the `deltaVersion` it read, so a curation made while it
// counted is never lost: it counts again.
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { isConditionalCheckFailure } from '../conditional.js';
import type { TransactItem } from '../transactions.js';
import { findingsPartition } from './findings.js';

const tableName = () => readConfig().TABLE_NAME;

export const reportsPartition = (slug: string) => `REPORTS#${slug}`;
export const serviceReportKey = (slug: string, service: string) => ({
  pk: reportsPartition(slug),
  sk: `SERVICE#${service}`,
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

/** Every service's report of a company: one Query (five items at most). */
export async function queryServiceReports(slug: string): Promise<StoredServiceReport[]> {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :partition',
      ExpressionAttributeValues: { ':partition': reportsPartition(slug) },
    }),
  );
  return Items as StoredServiceReport[];
}

/**
 * Writes a report counted anew, unless a curation moved its counters since `readVersion` was read. Answers
 * false then: count again.
 */
export async function putServiceReport(report: StoredServiceReport, readVersion: number | undefined): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...report, ...serviceReportKey(report.slug, report.service), deltaVersion: readVersion ?? 0 },
        ConditionExpression:
          readVersion === undefined
            ? 'attribute_not_exists(pk)'
            : 'deltaVersion = :read OR attribute_not_exists(deltaVersion)',
        ...(readVersion === undefined ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The counter moves of a curation, as one item of its transaction (ADD creates what is missing). */
export function serviceReportDeltaWrite(
  slug: string,
  service: string,
  moves: ReadonlyMap<string, number>,
  at: number,
  /** Attributes set when missing (the names of the assets whose counters move). */
  names: ReadonlyMap<string, string> = new Map(),
): TransactItem | undefined {
  const changed = [...moves].filter(([, by]) => by !== 0);
  if (changed.length === 0) return undefined;
  const attributeNames: Record<string, string> = { '#deltaVersion': 'deltaVersion', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':one': 1, ':now': at };
  const adds = ['#deltaVersion :one'];
  changed.forEach(([attribute, by], index) => {
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
      Key: serviceReportKey(slug, service),
      UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/** What a report counts of a finding. */
export interface FindingFacts {
  id: string;
  status: string;
  toolSeverity: string;
  analystSeverity?: string;
  published?: boolean;
  firstImportId?: string;
  lastChange?: { importId: string; change: string };
  assetKey?: string;
  assetName?: string;
}

/** Every finding of a company's service, projected to what a report counts, a page (1 MB) at a time. */
export async function* findingFactsOf(slug: string, service: string): AsyncGenerator<FindingFacts> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :partition',
        ExpressionAttributeValues: { ':partition': findingsPartition(slug, service) },
        ProjectionExpression:
          'id, #status, toolSeverity, analystSeverity, published, firstImportId, lastChange, assetKey, assetName',
        ExpressionAttributeNames: { '#status': 'status' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) yield item as FindingFacts;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

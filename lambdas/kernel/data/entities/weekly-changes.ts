// The reads of a company's service's week, for the weekly digest (notifications/weekly-digest-changes.ts). Each is
// bounded by what changed, except the findings partition's, which the digest makes only when an import of the week
// fixed or reopened something (fixed and reopened findings come from imports alone):
//
// - the scan imports of the week: a Query of the imports index (`IMPORTS#<slug>#<service>`) from the week's start;
// - findings whose last import change is in the week: a Query of the findings partition with a filter (DynamoDB
//   reads, and bills, every item of the partition; the filter only trims what is sent back);
// - findings due in the week: a key range of the due-date index (gsi3), open published findings only;
// - findings known exploited since the week's start: the known-exploited index (gsi4, sparse) with a filter.
import { readConfig } from '../../config.js';
import { queryAll } from '../query-all.js';
import { duePartition } from '../../sla/finding-sla.js';
import { findingsPartition, knownExploitedPartition, type StoredFinding } from './findings.js';
import { importsPartition } from './scan-imports.js';

const tableName = () => readConfig().TABLE_NAME;
const padded = (time: number) => String(Math.max(0, Math.floor(time))).padStart(15, '0');

/** What the digest reads of a finding: its shown title and severity, status, publication and what changed when. */
const digestAttributes = {
  names: {
    '#id': 'id',
    '#title': 'title',
    '#analystTitle': 'analystTitle',
    '#toolSeverity': 'toolSeverity',
    '#analystSeverity': 'analystSeverity',
    '#status': 'status',
    '#published': 'published',
    '#history': 'history',
    '#lastChange': 'lastChange',
    '#dueAt': 'dueAt',
    '#knownExploitedAt': 'knownExploitedAt',
  },
  get projection() {
    return Object.keys(this.names).join(', ');
  },
};

async function collect(items: AsyncGenerator<Record<string, unknown>>): Promise<StoredFinding[]> {
  const found: StoredFinding[] = [];
  for await (const item of items) found.push(item as StoredFinding);
  return found;
}

/** Whether an import created since `since` may have fixed or reopened findings (not done, or counted some). */
export async function importsMayHaveFixedOrReopened(slug: string, service: string, since: number): Promise<boolean> {
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition AND gsi1sk >= :since',
    ExpressionAttributeValues: { ':partition': importsPartition(slug, service), ':since': padded(since) },
    ProjectionExpression: '#status, #counts',
    ExpressionAttributeNames: { '#status': 'status', '#counts': 'counts' },
  });
  for await (const item of items) {
    const counts = (item.counts ?? {}) as Record<string, unknown>;
    const fixedOrReopened = Number(counts.fixed ?? 0) + Number(counts.reopened ?? 0);
    // A running or failed import may have written fixes its counts do not hold yet.
    if (item.status !== 'done' || fixedOrReopened > 0) return true;
  }
  return false;
}

/** Published findings whose last import change is at or after `from`. */
export function publishedFindingsChangedSince(slug: string, service: string, from: number): Promise<StoredFinding[]> {
  return collect(
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :partition',
      FilterExpression: '#published = :yes AND #lastChange.#at >= :from',
      ExpressionAttributeNames: { ...digestAttributes.names, '#at': 'at' },
      ExpressionAttributeValues: { ':partition': findingsPartition(slug, service), ':yes': true, ':from': from },
      ProjectionExpression: digestAttributes.projection,
    }),
  );
}

/** Open published findings whose due date is in [from, to): they became overdue in the window. */
export function findingsDueBetween(slug: string, service: string, from: number, to: number): Promise<StoredFinding[]> {
  return collect(
    queryAll({
      TableName: tableName(),
      IndexName: 'gsi3',
      // Running keys are `<due date, 15 digits>#<id>`; '~' sorts after every id.
      KeyConditionExpression: 'gsi3pk = :partition AND gsi3sk BETWEEN :low AND :high',
      ExpressionAttributeNames: digestAttributes.names,
      ExpressionAttributeValues: {
        ':partition': duePartition(slug, service),
        ':low': padded(from),
        ':high': `${padded(to - 1)}#~`,
      },
      ProjectionExpression: digestAttributes.projection,
    }),
  );
}

/** Published findings that became known exploited in [from, to). */
export function findingsKnownExploitedBetween(
  slug: string,
  service: string,
  from: number,
  to: number,
): Promise<StoredFinding[]> {
  return collect(
    queryAll({
      TableName: tableName(),
      IndexName: 'gsi4',
      KeyConditionExpression: 'gsi4pk = :partition',
      FilterExpression: '#published = :yes AND #knownExploitedAt BETWEEN :from AND :last',
      ExpressionAttributeNames: digestAttributes.names,
      ExpressionAttributeValues: {
        ':partition': knownExploitedPartition(slug, service),
        ':yes': true,
        ':from': from,
        ':last': to - 1,
      },
      ProjectionExpression: digestAttributes.projection,
    }),
  );
}

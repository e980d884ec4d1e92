// Findings: one item per identity, in a partition per company and service (`FINDINGS#acme#dast`, sort key
// `F#<identity>`), and on the index by severity, then first seen (`4#000…1732000000000#<identity>`), which
// is the order the lists show. The import writes only what changed; the analyst's fields (analyst
// severity, status other than open/fixed, notes, published) are never in an import's writes.
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import type { Severity } from '../../scanners/finding-model.js';
import { documentClient } from '../client.js';
import { partitionPageItems } from '../partition-pages.js';
import { queryAll } from '../query-all.js';
import { isConditionalCheckFailure } from '../conditional.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import {
  addSlaParts,
  duePartition,
  findingSlaAfter,
  slaFieldNames,
  type ExpressionParts,
  type FindingSlaFields,
  type SlaPolicyUse,
} from '../../sla/finding-sla.js';

export const findingsPartition = (slug: string, service: string) => `FINDINGS#${slug}#${service}`;
export const findingSortKey = (id: string) => `F#${id}`;

export const severityRank: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };
export const findingIndexKey = (severity: Severity, firstSeenAt: number, id: string) =>
  `${severityRank[severity]}#${String(firstSeenAt).padStart(15, '0')}#${id}`;

const tableName = () => readConfig().TABLE_NAME;

export type FindingChangeKind = 'new' | 'changed' | 'fixed' | 'reopened';

export interface FindingChange {
  importId: string;
  at: number;
  change: FindingChangeKind;
  severity: Severity;
}

/** What an import needs to know of a stored finding to compare a new scan with it. */
export interface FindingState {
  id: string;
  status: string;
  sourceHash: string;
  assetKey: string;
  assetParentKey?: string;
  toolSeverity: Severity;
  analystSeverity?: Severity;
  /** The analyst's title, if any: what the search text holds instead of the tool's (finding-search.ts). */
  analystTitle?: string;
  firstSeenAt: number;
  lastChange: FindingChange;
  /** What the SLA clock follows (sla/finding-sla.ts): the shown severity, publication, a waiting review. */
  severity?: Severity;
  published?: boolean;
  review?: unknown;
  slaStartedAt?: number;
  slaPausedMs?: number;
  slaPausedSince?: number;
  dueAt?: number;
  closedDueAt?: number;
  slaPolicyVersion?: number;
  /** A CVE of it is in the KEV catalogue (feeds/exploit-enrichment.ts): it is then on the known-exploited index. */
  knownExploited?: boolean;
  /** When it became known exploited (set by the enrichment, removed when it ceases to be). */
  knownExploitedAt?: number;
  /** `manual` for a finding an analyst wrote by hand (manual-findings.ts): no import compares it. */
  source?: string;
}

/** Everything stored of a finding, as getFinding reads it. */
export type StoredFinding = FindingState & Record<string, unknown>;

const stateAttributes = [
  'id',
  '#status',
  'sourceHash',
  'assetKey',
  'assetParentKey',
  'toolSeverity',
  'analystSeverity',
  'analystTitle',
  'firstSeenAt',
  'lastChange',
  'severity',
  'published',
  'review',
  'knownExploited',
  '#source',
  ...slaFieldNames.filter((name) => !name.startsWith('gsi')),
];

/** Every finding's state, a page (partitionPageItems) at a time; the import holds these in memory while it compares. */
export async function* findingStates(slug: string, service: string): AsyncGenerator<FindingState> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service) },
    ProjectionExpression: stateAttributes.join(', '),
    ExpressionAttributeNames: { '#status': 'status', '#source': 'source' },
    Limit: partitionPageItems,
  });
  for await (const item of items) yield item as FindingState;
}

/** The stored item of a new finding (keys, index keys and the import's fields). */
export function newFindingItem(
  slug: string,
  service: string,
  finding: Record<string, unknown> & { id: string; toolSeverity: Severity; firstSeenAt: number },
): Record<string, unknown> {
  const partition = findingsPartition(slug, service);
  return {
    pk: partition,
    sk: findingSortKey(finding.id),
    gsi1pk: partition,
    gsi1sk: findingIndexKey(finding.toolSeverity, finding.firstSeenAt, finding.id),
    ...finding,
  };
}

export const batchSize = 25;
/** BatchWriteItem requests in flight at once: on AWS each takes ~10–20 ms, so one at a time caps an import. */
export const batchConcurrency = 4;

/**
 * Writes new findings (and asset items), 25 a request and up to four requests at once, retrying what DynamoDB
 * leaves unprocessed with a growing pause. Returns the number of requests sent.
 */
export async function putItems(items: readonly Record<string, unknown>[]): Promise<number> {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += batchSize) {
    // One request may not name a key twice (a file may name an asset again past the parser's memory).
    const unique = new Map(
      items.slice(start, start + batchSize).map((item) => [`${String(item.pk)}\n${String(item.sk)}`, item]),
    );
    batches.push([...unique.values()]);
  }
  let requests = 0;
  const writeBatch = async (batch: Record<string, unknown>[]) => {
    let pending: Record<string, unknown>[] = batch.map((item) => ({ PutRequest: { Item: item } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));
      if (attempt > 10) throw new Error('DynamoDB left writes unprocessed ten times in a row');
      requests += 1;
      const { UnprocessedItems } = await documentClient.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
      );
      pending = UnprocessedItems?.[tableName()] ?? [];
    }
  };
  for (let start = 0; start < batches.length; start += batchConcurrency) {
    await Promise.all(batches.slice(start, start + batchConcurrency).map(writeBatch));
  }
  return requests;
}

/**
 * A known finding seen again with other content (`changed`) or after it was fixed (`reopened`): the
 * tool's fields are replaced, the analyst's are left alone. The index key follows the severity the lists
 * sort by (the analyst's when set, which this write does not touch).
 */
export async function updateFindingFromScan(
  slug: string,
  service: string,
  state: FindingState,
  toolFields: Record<string, unknown> & { toolSeverity: Severity },
  change: FindingChange,
  /** Fields computed from the tool's and the analyst's together (the search text), for the state read. */
  analystDerived: (state: FindingState) => Record<string, unknown> = () => ({}),
  /** The company's SLA policy: a published finding's clock restarts with a new shown severity, or reopens. */
  policy?: SlaPolicyUse,
): Promise<void> {
  const names: Record<string, string> = {
    '#history': 'history',
    '#lastChange': 'lastChange',
    '#version': 'version',
    '#gsi1sk': 'gsi1sk',
    '#severity': 'severity',
    '#updatedAt': 'updatedAt',
  };
  const values: Record<string, unknown> = {
    ':change': change,
    ':entry': [change],
    ':empty': [],
    ':one': 1,
    ':now': change.at,
  };
  const sets = [
    '#history = list_append(if_not_exists(#history, :empty), :entry)',
    '#lastChange = :change',
    '#version = #version + :one',
    '#updatedAt = :now',
  ];
  // A field the scan no longer gives is removed, so nothing of the previous content lingers.
  const removed: string[] = [];
  for (const [field, value] of Object.entries({ ...toolFields, ...analystDerived(state) })) {
    names[`#f_${field}`] = field;
    if (value === undefined) {
      removed.push(`#f_${field}`);
      continue;
    }
    values[`:f_${field}`] = value;
    sets.push(`#f_${field} = :f_${field}`);
  }
  const removes = ['id', 'firstSeenAt', 'firstImportId'].filter((field) => field in toolFields);
  if (removes.length) throw new Error(`updateFindingFromScan: ${removes.join(', ')} never change`);
  const shown = state.analystSeverity ?? toolFields.toolSeverity;
  values[':gsi1sk'] = findingIndexKey(shown, state.firstSeenAt, state.id);
  values[':severity'] = shown;
  sets.push('#gsi1sk = :gsi1sk', '#severity = :severity');
  // A known-exploited finding's place on its index follows the severity too (on the condition it still is one).
  if (state.knownExploited === true) {
    names['#gsi4sk'] = 'gsi4sk';
    sets.push('#gsi4sk = :gsi1sk');
  }
  names['#knownExploited'] = 'knownExploited';
  if (state.knownExploited === true) values[':knownExploited'] = true;
  const exploitedCondition =
    state.knownExploited === true ? '#knownExploited = :knownExploited' : 'attribute_not_exists(#knownExploited)';
  if (change.change === 'reopened') {
    names['#status'] = 'status';
    values[':open'] = 'open';
    // The status moved under any editor of it: its version moves too (finding-fields.ts).
    names['#fvStatus'] = 'fv_status';
    values[':zero'] = 0;
    sets.push('#status = :open', '#fvStatus = if_not_exists(#fvStatus, :zero) + :one');
  }
  // The analyst severity and title this write was computed with: if either changed meanwhile, compute again.
  const severityCondition = state.analystSeverity
    ? 'analystSeverity = :analyst'
    : 'attribute_not_exists(analystSeverity)';
  if (state.analystSeverity) values[':analyst'] = state.analystSeverity;
  const titleCondition = state.analystTitle ? 'analystTitle = :analystTitle' : 'attribute_not_exists(analystTitle)';
  if (state.analystTitle) values[':analystTitle'] = state.analystTitle;
  const slaParts = { sets, removes: removed, conditions: [] as string[], names, values };
  if (policy) {
    const next = {
      severity: shown,
      status: change.change === 'reopened' ? 'open' : state.status,
      published: state.published === true,
      paused: state.review !== undefined,
    };
    addSlaParts(slaParts, state, findingSlaAfter({ slug, service, id: state.id }, state, next, policy, change.at));
  }
  const condition = [severityCondition, titleCondition, exploitedCondition, ...slaParts.conditions].join(' AND ');
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: findingsPartition(slug, service), sk: findingSortKey(state.id) },
        UpdateExpression: `SET ${sets.join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
        ConditionExpression: `attribute_exists(pk) AND ${condition}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const current = await getFindingItem(slug, service, state.id, true);
    if (!current) throw new Error('A finding disappeared while an import updated it');
    await updateFindingFromScan(slug, service, current, toolFields, change, analystDerived, policy);
  }
}

/** An open finding the scan no longer saw on an asset it covered. Only an open finding becomes fixed. */
export async function markFindingFixed(
  slug: string,
  service: string,
  id: string,
  change: FindingChange,
  lastSeenAt: number | undefined,
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: findingsPartition(slug, service), sk: findingSortKey(id) },
        UpdateExpression:
          'SET #status = :fixed, #history = list_append(if_not_exists(#history, :empty), :entry), #lastChange = :change, #version = #version + :one, #updatedAt = :now, #fvStatus = if_not_exists(#fvStatus, :zero) + :one' +
          (lastSeenAt === undefined ? '' : ', #lastSeenAt = :lastSeenAt') +
          // Fixed: no longer due (the clock's start stays, for a reopening); the due date it had is kept (0: none).
          ', #closedDueAt = if_not_exists(#dueAt, :noDueDate) REMOVE #dueAt, gsi3pk, gsi3sk',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#history': 'history',
          '#lastChange': 'lastChange',
          '#version': 'version',
          '#updatedAt': 'updatedAt',
          '#fvStatus': 'fv_status',
          '#dueAt': 'dueAt',
          '#closedDueAt': 'closedDueAt',
          ...(lastSeenAt === undefined ? {} : { '#lastSeenAt': 'lastSeenAt' }),
        },
        ExpressionAttributeValues: {
          ':fixed': 'fixed',
          ':open': 'open',
          ':entry': [change],
          ':empty': [],
          ':change': change,
          ':one': 1,
          ':zero': 0,
          ':noDueDate': 0,
          ':now': change.at,
          ...(lastSeenAt === undefined ? {} : { ':lastSeenAt': lastSeenAt }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A stored item without its table and index keys. */
export function stripFindingKeys(item: Record<string, unknown>): StoredFinding {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    gsi2pk: _gsi2pk,
    gsi2sk: _gsi2sk,
    gsi3pk: _gsi3pk,
    gsi3sk: _gsi3sk,
    gsi4pk: _gsi4pk,
    gsi4sk: _gsi4sk,
    ...finding
  } = item;
  return finding as StoredFinding;
}

export const findingKey = (slug: string, service: string, id: string) => ({
  pk: findingsPartition(slug, service),
  sk: findingSortKey(id),
});

/** The lineage index's keys: findings by the template their texts came from, then its version. */
export const templateLineagePartition = (templateId: string) => `TEMPLATE_FINDINGS#${templateId}`;
export const templateLineageKey = (version: number, slug: string, service: string, id: string) =>
  `${String(version).padStart(9, '0')}#${slug}#${service}#${id}`;

export async function getFindingItem(
  slug: string,
  service: string,
  id: string,
  consistent = false,
): Promise<StoredFinding | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: findingsPartition(slug, service), sk: findingSortKey(id) },
      ConsistentRead: consistent,
    }),
  );
  if (!Item) return undefined;
  return stripFindingKeys(Item);
}

export interface FindingQuery {
  /**
   * Only these severities (shown severity: the analyst's when set). Each run of neighbouring severities in
   * the index order is one key range (critical and high: one; critical and medium: two), read by a key
   * condition of its own, so no item of an unwanted severity is ever read.
   */
  severities?: readonly Severity[];
  /** DynamoDB filter conditions over stored attributes, already written as an expression. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  descending: boolean;
  /**
   * Read the due-date index (gsi3) over these key ranges instead of the severity index (sla/finding-sla.ts's
   * dueKeyRanges); severities then belong in `filter`.
   */
  dueRanges?: ReadonlyArray<{ low: string; high: string }>;
  /**
   * Read the known-exploited index (gsi4, sparse: findings with a CVE in KEV), whose keys are the severity index's;
   * ignored with `dueRanges`, which read the due-date index (the known-exploited test is then a filter).
   */
  knownExploited?: boolean;
  cursor?: string;
  limit: number;
  /**
   * Queries the page may spend on its key ranges before it answers with what it found (and a cursor to go
   * on). listFindings spends one more request on its caller, and a page may spend 3.
   * @default 2
   */
  maxQueries?: number;
}

/** Items a filtered page reads at most (DynamoDB's Limit counts items read, not matches). */
export const findingSearchWindow = 1000;

/** A key range of the severity index: from `low` to `high`, both inclusive. */
interface SeverityRange {
  low: string;
  high: string;
}

/**
 * The index key ranges of the wanted severities, in the order a page reads them. Keys of severity r are
 * `r#<first seen>#<id>`: `r#` sorts before each of them and `r#~` after ('~' after every digit), and no key
 * equals either, so a range's bounds are never a finding.
 */
export function severityRanges(severities: readonly Severity[] | undefined, descending: boolean): SeverityRange[] {
  const ranks = [...new Set((severities ?? []).map((severity) => severityRank[severity]))].sort((a, b) => a - b);
  if (!ranks.length) ranks.push(0, 1, 2, 3, 4);
  const ranges: Array<{ lowest: number; highest: number }> = [];
  for (const rank of ranks) {
    const last = ranges[ranges.length - 1];
    if (last && last.highest === rank - 1) last.highest = rank;
    else ranges.push({ lowest: rank, highest: rank });
  }
  const keyRanges = ranges.map(({ lowest, highest }) => ({ low: `${lowest}#`, high: `${highest}#~` }));
  return descending ? keyRanges.reverse() : keyRanges;
}

/**
 * The index a findings page reads: by severity (gsi1), by due date (gsi3, sparse: open published findings), or by
 * severity among the known-exploited findings (gsi4, sparse).
 */
interface PageIndex {
  name: 'gsi1' | 'gsi3' | 'gsi4';
  partitionAttribute: 'gsi1pk' | 'gsi3pk' | 'gsi4pk';
  sortAttribute: 'gsi1sk' | 'gsi3sk' | 'gsi4sk';
  partition: string;
  kindPrefix: string;
}

/**
 * Where a page starts: the ranges still to read and, when the cursor lies inside the first of them, the key
 * to continue after. A cursor outside every range (a page that ended where a range ended, or a forged one)
 * starts the next range from its beginning: DynamoDB is never given a start key outside its key condition.
 */
function pageStart(
  index: PageIndex,
  ranges: readonly SeverityRange[],
  cursorKey: Record<string, string> | undefined,
  descending: boolean,
): { ranges: SeverityRange[]; startKey?: Record<string, string> } {
  const at = cursorKey?.[index.sortAttribute];
  if (at === undefined) return { ranges: [...ranges] };
  const ahead = ranges.filter((range) => (descending ? range.low < at : range.high > at));
  const first = ahead[0];
  return first && first.low < at && at < first.high ? { ranges: ahead, startKey: cursorKey } : { ranges: ahead };
}

/** A cursor that starts a page at the beginning of this range (see pageStart). */
function rangeCursor(pk: string, index: PageIndex, range: SeverityRange, descending: boolean): string | undefined {
  const sortKey = descending ? range.high : range.low;
  return encodeCursor({
    pk,
    sk: findingSortKey(''),
    [index.partitionAttribute]: index.partition,
    [index.sortAttribute]: sortKey,
  });
}

const indexKeyOf = (index: PageIndex, item: Record<string, unknown>) => ({
  pk: item.pk as string,
  sk: item.sk as string,
  [index.partitionAttribute]: item[index.partitionAttribute] as string,
  [index.sortAttribute]: item[index.sortAttribute] as string,
});

/**
 * One page of a service's findings in severity order (or, with `dueRanges`, in due-date order from the due-date
 * index): one Query per key range, in order, at most `maxQueries`. An unfiltered Query reads only the rows the
 * page still needs; a filtered page reads up to the search window in all and keeps the first `limit` matches, so
 * it may hold fewer and still carry a cursor (the rest of the list is not searched yet), as the other lists do.
 */
export async function queryFindings(
  slug: string,
  service: string,
  query: FindingQuery,
): Promise<{ items: StoredFinding[]; nextCursor?: string }> {
  const pk = findingsPartition(slug, service);
  const index: PageIndex = query.dueRanges
    ? {
        name: 'gsi3',
        partitionAttribute: 'gsi3pk',
        sortAttribute: 'gsi3sk',
        partition: duePartition(slug, service),
        kindPrefix: 'DUE#',
      }
    : query.knownExploited
      ? {
          name: 'gsi4',
          partitionAttribute: 'gsi4pk',
          sortAttribute: 'gsi4sk',
          partition: knownExploitedPartition(slug, service),
          kindPrefix: 'EXPLOITED#',
        }
      : { name: 'gsi1', partitionAttribute: 'gsi1pk', sortAttribute: 'gsi1sk', partition: pk, kindPrefix: 'FINDINGS#' };
  // The due-date order is soonest first whatever `descending` says (it orders severities).
  const descending = query.dueRanges ? false : query.descending;
  const maxQueries = Math.max(1, query.maxQueries ?? 2);
  const cursorKey = decodeCursor(query.cursor, {
    attribute: index.partitionAttribute,
    value: index.partition,
    kindPrefix: index.kindPrefix,
  });
  const ranges = query.dueRanges ?? severityRanges(query.severities, descending);
  const start = pageStart(index, ranges, cursorKey, descending);
  const items: StoredFinding[] = [];
  let startKey = start.startKey;
  let window = findingSearchWindow;
  let queries = 0;
  for (const [rangeIndex, range] of start.ranges.entries()) {
    const room = query.limit - items.length;
    const {
      Items = [],
      LastEvaluatedKey,
      ScannedCount,
    } = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: `${index.partitionAttribute} = :partition AND ${index.sortAttribute} BETWEEN :low AND :high`,
        ExpressionAttributeValues: {
          ':partition': index.partition,
          ':low': range.low,
          ':high': range.high,
          ...query.filter?.values,
        },
        ...(query.filter && Object.keys(query.filter.names).length
          ? { ExpressionAttributeNames: query.filter.names }
          : {}),
        ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
        ScanIndexForward: !descending,
        Limit: query.filter ? window : room,
        ExclusiveStartKey: startKey,
      }),
    );
    queries += 1;
    startKey = undefined;
    window -= ScannedCount ?? Items.length;
    if (Items.length > room) {
      const kept = Items.slice(0, room);
      items.push(...kept.map(stripFindingKeys));
      return { items, nextCursor: encodeCursor(indexKeyOf(index, kept[kept.length - 1]!)) };
    }
    items.push(...Items.map(stripFindingKeys));
    if (LastEvaluatedKey) return { items, nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string>) };
    const next = start.ranges[rangeIndex + 1];
    if (!next) return { items };
    if (items.length === query.limit || queries === maxQueries || (query.filter && window <= 0)) {
      return { items, nextCursor: rangeCursor(pk, index, next, descending) };
    }
  }
  return { items };
}

/**
 * A page of the findings whose texts came from a template, oldest version first (`belowVersion`: only
 * those on an older version than it). One Query of the sparse lineage index.
 */
export async function queryTemplateFindings(
  templateId: string,
  page: { belowVersion?: number; cursor?: string; limit: number },
): Promise<{ items: StoredFinding[]; nextCursor?: string }> {
  const partition = templateLineagePartition(templateId);
  const values: Record<string, unknown> = { ':partition': partition };
  let keyCondition = 'gsi2pk = :partition';
  if (page.belowVersion !== undefined) {
    keyCondition += ' AND gsi2sk < :below';
    values[':below'] = String(page.belowVersion).padStart(9, '0');
  }
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: keyCondition,
      ExpressionAttributeValues: values,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { attribute: 'gsi2pk', value: partition }),
    }),
  );
  return {
    // The company and service as the lineage key names them (the finding's own partition).
    items: Items.map((item) => {
      const [, slug, service] = String(item.gsi2sk).split('#');
      return { ...stripFindingKeys(item), slug, service };
    }),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined),
  };
}

/**
 * Gives a finding written before the subnet filter its sortable address (asset-address.ts), unless it has one or
 * is gone. Answers whether it wrote.
 */
export async function setFindingAddress(slug: string, service: string, id: string, address: string): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: findingKey(slug, service, id),
        UpdateExpression: 'SET assetAddress = :address',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(assetAddress)',
        ExpressionAttributeValues: { ':address': address },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** What a finding's search text is built from, and the text stored (finding-search.ts; the backfill reads these). */
export interface FindingSearchFields {
  id: string;
  title?: string;
  analystTitle?: string;
  ruleId?: string;
  assetName?: string;
  assetKey?: string;
  tool?: string;
  cve?: string[];
  searchText?: string;
  sourceHash?: string;
}

/** Every finding of a company's service, projected to its search text's fields, a page at a time. */
export async function* findingSearchFieldsOf(slug: string, service: string): AsyncGenerator<FindingSearchFields> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service) },
    ProjectionExpression: 'id, title, analystTitle, ruleId, assetName, assetKey, tool, cve, searchText, sourceHash',
    Limit: partitionPageItems,
  });
  for await (const item of items) yield item as FindingSearchFields;
}

/**
 * Sets a finding's search text, unless its search text, analyst title or tool fields (`sourceHash`) changed since
 * `read` was read: an edit or an import meanwhile wrote the right one. Answers whether it wrote.
 */
export async function setFindingSearchText(
  slug: string,
  service: string,
  read: FindingSearchFields,
  text: string,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':text': text };
  const same = (attribute: string, value: string | undefined) => {
    if (value === undefined) return `attribute_not_exists(${attribute})`;
    values[`:${attribute}`] = value;
    return `${attribute} = :${attribute}`;
  };
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: findingKey(slug, service, read.id),
        UpdateExpression: 'SET searchText = :text',
        ConditionExpression: [
          'attribute_exists(pk)',
          same('searchText', read.searchText),
          same('analystTitle', read.analystTitle),
          same('sourceHash', read.sourceHash),
        ].join(' AND '),
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * The findings of a company's service with a due date that is not from this policy version, a page at a time,
 * from the due-date index (the background re-dating after a policy change reads these).
 */
export async function* findingsDueOffVersion(
  slug: string,
  service: string,
  version: number,
): AsyncGenerator<StoredFinding> {
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :partition',
    FilterExpression: 'attribute_not_exists(slaPolicyVersion) OR slaPolicyVersion <> :version',
    ExpressionAttributeValues: { ':partition': duePartition(slug, service), ':version': version },
    Limit: partitionPageItems,
  });
  for await (const item of items) yield stripFindingKeys(item);
}

/** Sends `parts` to an existing finding; answers false when a condition (what the writer read) no longer holds. */
async function updateFindingIfUnchanged(
  slug: string,
  service: string,
  id: string,
  parts: ExpressionParts,
): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: findingKey(slug, service, id),
        UpdateExpression: [
          parts.sets.length ? `SET ${parts.sets.join(', ')}` : '',
          parts.removes.length ? `REMOVE ${parts.removes.join(', ')}` : '',
        ]
          .join(' ')
          .trim(),
        ConditionExpression: ['attribute_exists(pk)', ...parts.conditions].join(' AND '),
        ExpressionAttributeNames: parts.names,
        ExpressionAttributeValues: parts.values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes a finding's SLA attributes computed from `read` (sla/finding-sla.ts), unless what the computation read
 * changed meanwhile or the finding is gone. Answers whether it wrote (true also when nothing was to change).
 * `publishedAt`: the first publication the clock was started from, in the same write (the SLA backfill, the demo).
 */
export async function setFindingSla(
  slug: string,
  service: string,
  read: StoredFinding,
  after: FindingSlaFields,
  publishedAt?: number,
): Promise<boolean> {
  const parts: ExpressionParts = { sets: [], removes: [], conditions: [], names: {}, values: {} };
  if (!addSlaParts(parts, read, after)) return true;
  if (publishedAt !== undefined) {
    parts.names['#publishedAt'] = 'publishedAt';
    parts.values[':publishedAt'] = publishedAt;
    parts.sets.push('#publishedAt = :publishedAt');
  }
  return updateFindingIfUnchanged(slug, service, read.id, parts);
}

/** The known-exploited index's partition (gsi4, sparse): a company's service's findings with a CVE in KEV. */
export const knownExploitedPartition = (slug: string, service: string) => `EXPLOITED#${slug}#${service}`;

/** Every published finding of a company's service without an SLA clock, a page at a time (the SLA backfill). */
export async function* publishedWithoutClock(slug: string, service: string): AsyncGenerator<StoredFinding> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    FilterExpression: 'published = :published AND attribute_not_exists(slaStartedAt)',
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service), ':published': true },
    Limit: partitionPageItems,
  });
  for await (const item of items) yield stripFindingKeys(item);
}

/** The texts ZAP wrote of a finding, as the prose backfill reads and rewrites them (findings/backfill-scanner-prose.ts). */
export interface FindingProseFields {
  id: string;
  description?: string;
  remediation?: string;
  evidence?: Record<string, unknown>;
  instances?: Record<string, unknown>[];
}

const proseNames = {
  '#description': 'description',
  '#remediation': 'remediation',
  '#evidence': 'evidence',
  '#instances': 'instances',
};

/** Every ZAP finding of a company's service, projected to its texts, a page at a time. */
export async function* zapFindingProseOf(slug: string, service: string): AsyncGenerator<FindingProseFields> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    FilterExpression: 'tool = :zap',
    ExpressionAttributeNames: proseNames,
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service), ':zap': 'zap' },
    ProjectionExpression: 'id, #description, #remediation, #evidence, #instances',
    Limit: partitionPageItems,
  });
  for await (const item of items) yield item as FindingProseFields;
}

/**
 * Writes a finding's texts (an undefined description or remediation is removed), unless any of them changed since
 * `read` was read: an import or an edit meanwhile wrote its own. Answers whether it wrote.
 */
export async function setFindingProse(
  slug: string,
  service: string,
  read: FindingProseFields,
  next: Omit<FindingProseFields, 'id'>,
): Promise<boolean> {
  const parts: ExpressionParts = { sets: [], removes: [], conditions: [], names: { ...proseNames }, values: {} };
  for (const field of ['description', 'remediation', 'evidence', 'instances'] as const) {
    const before = read[field];
    if (before === undefined) parts.conditions.push(`attribute_not_exists(#${field})`);
    else {
      parts.values[`:read_${field}`] = before;
      parts.conditions.push(`#${field} = :read_${field}`);
    }
    const after = next[field];
    if (after === undefined) {
      if (before !== undefined) parts.removes.push(`#${field}`);
    } else {
      parts.values[`:next_${field}`] = after;
      parts.sets.push(`#${field} = :next_${field}`);
    }
  }
  return updateFindingIfUnchanged(slug, service, read.id, parts);
}

/** Every finding of a company's service that names a CVE, a page at a time (the exploit enrichment reads these). */
export async function* findingsWithCves(slug: string, service: string): AsyncGenerator<StoredFinding> {
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    FilterExpression: 'size(cve) > :none',
    ExpressionAttributeValues: { ':partition': findingsPartition(slug, service), ':none': 0 },
    Limit: partitionPageItems,
  });
  for await (const item of items) yield stripFindingKeys(item);
}

/** A finding's exploit signals as stored (feeds/exploit-signals.ts); absent fields are removed. */
export interface ExploitSignalFields {
  knownExploited?: true;
  epssScore?: number;
  exploitSignals?: unknown[];
}

/**
 * Writes a finding's exploit signals and what follows from them: its place on the known-exploited index (in the
 * severity index's order) and its SLA (`sla`, computed from `read` with the new signals). Conditional on what the
 * computation read (its CVEs, shown severity, whether it was known exploited, and the SLA's facts), so a concurrent
 * import or edit is never overwritten; answers false then (read it again), true once written.
 */
export async function setFindingExploitSignals(
  slug: string,
  service: string,
  read: StoredFinding,
  signals: ExploitSignalFields,
  sla: FindingSlaFields | undefined,
  now = Date.now(),
): Promise<boolean> {
  const parts: ExpressionParts = { sets: [], removes: [], conditions: [], names: {}, values: {} };
  const put = (name: string, value: unknown) => {
    parts.names[`#ex_${name}`] = name;
    if (value === undefined) parts.removes.push(`#ex_${name}`);
    else {
      parts.values[`:ex_${name}`] = value;
      parts.sets.push(`#ex_${name} = :ex_${name}`);
    }
  };
  const shown = read.analystSeverity ?? read.toolSeverity;
  put('knownExploited', signals.knownExploited);
  put('epssScore', signals.epssScore);
  put('exploitSignals', signals.exploitSignals);
  // When it became known exploited (the weekly digest's "newly known exploited"); kept while it stays so.
  put(
    'knownExploitedAt',
    signals.knownExploited ? (read.knownExploited === true ? read.knownExploitedAt : now) : undefined,
  );
  put('gsi4pk', signals.knownExploited ? knownExploitedPartition(slug, service) : undefined);
  put('gsi4sk', signals.knownExploited ? findingIndexKey(shown, read.firstSeenAt, read.id) : undefined);
  const same = (name: string, value: unknown) => {
    parts.names[`#exRead_${name}`] = name;
    if (value === undefined) parts.conditions.push(`attribute_not_exists(#exRead_${name})`);
    else {
      parts.values[`:exRead_${name}`] = value;
      parts.conditions.push(`#exRead_${name} = :exRead_${name}`);
    }
  };
  same('cve', read.cve);
  same('knownExploited', read.knownExploited);
  same('toolSeverity', read.toolSeverity);
  same('analystSeverity', read.analystSeverity);
  if (sla) addSlaParts(parts, read, sla);
  return updateFindingIfUnchanged(slug, service, read.id, parts);
}

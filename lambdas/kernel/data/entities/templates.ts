// Finding templates: one item per template (`TEMPLATE#<id>`), and every template in one index partition
// (`TEMPLATES`) sorted by its last change (`<updatedAt, 15 digits>#<id>`). That order serves the library's
// list (most recently changed first) and is the search index's change marker: one Query for the keys
// above the newest change it has seen tells it what to refresh, with no counter item every write contends
// on. Each editable field carries its own version (`fieldVersions`), so two editors of different fields
// never conflict; a write is conditional on the version of the field it changes.
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const templateListPartition = 'TEMPLATES';
export const templateKey = (templateId: string) => ({ pk: `TEMPLATE#${templateId}`, sk: 'TEMPLATE' });
/** The index sort key: when the template last changed, then its id (two changes of one millisecond). */
export const templateChangeKey = (updatedAt: number, templateId: string) =>
  `${String(updatedAt).padStart(15, '0')}#${templateId}`;

const tableName = () => readConfig().TABLE_NAME;

/** A stored template, without its keys. */
export type StoredTemplate = Record<string, unknown> & {
  templateId: string;
  version: number;
  fieldVersions: Record<string, number>;
  updatedAt: number;
  /** When it last changed in any way (a use too): the time in its index key. */
  changedAt?: number;
};

export function stripTemplateKeys(item: Record<string, unknown>): StoredTemplate {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...template } = item;
  return template as StoredTemplate;
}

export async function getTemplateItem(templateId: string, consistent = false): Promise<StoredTemplate | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: templateKey(templateId), ConsistentRead: consistent }),
  );
  return Item ? stripTemplateKeys(Item) : undefined;
}

/** The put of a new template (never over an existing id), to go in one transaction with its event. */
export function newTemplateWrite(template: StoredTemplate): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...templateKey(template.templateId),
        gsi1pk: templateListPartition,
        gsi1sk: templateChangeKey(template.updatedAt, template.templateId),
        ...template,
        changedAt: template.updatedAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The update of some of a template's fields, each conditional on the version its editor saw (`expected`,
 * field name -> version); every field changed gets its version raised by one, and so does the record's.
 */
export function templateFieldsWrite(
  templateId: string,
  changes: Record<string, { value: unknown; expectedVersion: number }>,
  at: { updatedAt: number; updatedBy: string },
): TransactItem {
  const names: Record<string, string> = {
    '#version': 'version',
    '#fieldVersions': 'fieldVersions',
    '#updatedAt': 'updatedAt',
    '#updatedBy': 'updatedBy',
    '#gsi1sk': 'gsi1sk',
    '#changedAt': 'changedAt',
  };
  const values: Record<string, unknown> = {
    ':one': 1,
    ':updatedAt': at.updatedAt,
    ':updatedBy': at.updatedBy,
    ':gsi1sk': templateChangeKey(at.updatedAt, templateId),
  };
  const sets = [
    '#version = #version + :one',
    '#updatedAt = :updatedAt',
    '#updatedBy = :updatedBy',
    '#gsi1sk = :gsi1sk',
    '#changedAt = :updatedAt',
  ];
  const conditions = ['attribute_exists(pk)'];
  Object.entries(changes).forEach(([field, change], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = change.value;
    values[`:e${index}`] = change.expectedVersion;
    sets.push(`#f${index} = :v${index}`, `#fieldVersions.#f${index} = #fieldVersions.#f${index} + :one`);
    conditions.push(`#fieldVersions.#f${index} = :e${index}`);
  });
  return {
    Update: {
      TableName: tableName(),
      Key: templateKey(templateId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Adds to a template's usage count (applying it to findings); no editor's version is involved. */
export function templateUsageWrite(templateId: string, uses: number, updatedAt: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: templateKey(templateId),
      UpdateExpression: 'SET #usageCount = #usageCount + :uses, #gsi1sk = :gsi1sk, #changedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#usageCount': 'usageCount', '#gsi1sk': 'gsi1sk', '#changedAt': 'changedAt' },
      ExpressionAttributeValues: {
        ':uses': uses,
        ':gsi1sk': templateChangeKey(updatedAt, templateId),
        ':at': updatedAt,
      },
    },
  };
}

/** One transaction of template writes and the events that record them. */
export async function writeTemplateTransaction(items: TransactItem[]): Promise<void> {
  await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
}

/** A page of the library, most recently changed first (or oldest first): one Query. */
export async function queryTemplates(page: {
  cursor?: string;
  limit: number;
  descending: boolean;
}): Promise<{ items: StoredTemplate[]; nextCursor?: string }> {
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': templateListPartition },
      ScanIndexForward: !page.descending,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { attribute: 'gsi1pk', value: templateListPartition }),
    }),
  );
  return {
    items: Items.map(stripTemplateKeys),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined),
  };
}

/**
 * Every template whose last change is at or after `since` (ms), oldest change first, a page (1 MB) at a
 * time: the search index's full load (since 0) and its refreshes.
 */
export async function* templatesChangedSince(since: number): AsyncGenerator<StoredTemplate> {
  const items = queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition AND gsi1sk >= :since',
    ExpressionAttributeValues: {
      ':partition': templateListPartition,
      ':since': String(Math.max(0, since)).padStart(15, '0'),
    },
  });
  for await (const item of items) yield stripTemplateKeys(item);
}

// A page of one list partition, optionally narrowed by a text filter that DynamoDB applies (a Query's
// FilterExpression over the search text stored on the listed items). DynamoDB filters after reading and
// its Limit counts items read, not matches: a filtered Query reads up to `searchWindow` items and keeps
// the first `limit` matches; the cursor then points just past the last row returned, or past the last
// item read. So a filtered page may hold fewer rows than asked, even none, and still carry a cursor: the
// rest of the list has not been searched yet. The caller says how many Queries the page may spend (the
// lists that read their rows again afterwards have room for one).
import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { EntityParser } from 'dynamodb-toolbox/entity/actions/parse';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { decodeCursor, encodeCursor } from './cursor.js';
import { portalTable } from './table.js';

/** Items a filtered Query reads at most (DynamoDB also stops at 1 MB read). */
export const searchWindow = 1000;

export interface ListPartition {
  /** The partition's key value: `pk`, or `gsi1pk` with the index. */
  partition: string;
  index?: 'gsi1';
}

export interface ListPageRequest {
  cursor?: string;
  limit: number;
  /** Against the sort key's order. */
  descending?: boolean;
  /** A normalised filter (search-text.ts filterKey) and the stored attributes it may be part of. */
  filter?: { text: string; attributes: readonly string[] };
  /** Queries a filtered page may spend before it answers with what it found (an unfiltered page spends one). */
  maxQueries?: number;
}

export interface ListPage<Item> {
  items: Item[];
  nextCursor?: string;
}

type StoredKey = Record<string, string | number>;

/** The key a page continues after, of a listed item (table key, and index key when listing the index). */
function listedKeyOf(entity: Entity, item: object, index: 'gsi1' | undefined): StoredKey {
  const { item: stored } = entity.build(EntityParser).parse(item) as { item: Record<string, unknown> };
  const names = index ? ['pk', 'sk', 'gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
  return Object.fromEntries(names.map((name) => [name, stored[name] as string]));
}

export async function listPartitionPage<E extends Entity>(
  entity: E,
  where: ListPartition,
  request: ListPageRequest,
): Promise<ListPage<FormattedItem<E>>> {
  const { filter } = request;
  const condition = filter ? { or: filter.attributes.map((attr) => ({ attr, contains: filter.text })) } : undefined;
  const queries = filter ? Math.max(1, request.maxQueries ?? 1) : 1;
  const items: FormattedItem<E>[] = [];
  let startKey: StoredKey | undefined = decodeCursor(request.cursor, {
    attribute: where.index ? 'gsi1pk' : 'pk',
    value: where.partition,
  });
  for (let query = 0; query < queries; query += 1) {
    const { Items = [], LastEvaluatedKey } = await portalTable
      .build(QueryCommand)
      .entities(entity)
      .query({ partition: where.partition, ...(where.index ? { index: where.index } : {}) })
      .options({
        limit: filter ? searchWindow : request.limit,
        reverse: request.descending === true,
        exclusiveStartKey: startKey,
        ...(condition ? { filters: { [entity.entityName]: condition } } : {}),
      } as never)
      .send();
    const found = Items as FormattedItem<E>[];
    const room = request.limit - items.length;
    if (found.length > room) {
      const kept = found.slice(0, room);
      items.push(...kept);
      return { items, nextCursor: encodeCursor(listedKeyOf(entity, kept[kept.length - 1]!, where.index)) };
    }
    items.push(...found);
    startKey = LastEvaluatedKey as StoredKey | undefined;
    if (!startKey || items.length === request.limit) break;
  }
  return { items, nextCursor: encodeCursor(startKey) };
}

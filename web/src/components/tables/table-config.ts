// What a page's *-config.tsx declares about its table (the Cloudscape demos' table-config pattern): the
// columns, which one the server orders the list by, the page sizes offered, and the rows' name. The
// shared table (server-table.tsx) and its preferences are driven from it.
import type { TableProps } from '@cloudscape-design/components/table';

export interface TableColumn<Item> extends TableProps.ColumnDefinition<Item> {
  id: string;
  /** Text: it also names the column in the preferences. */
  header: string;
  /** Shown whatever the preferences say (the column that names the row). */
  alwaysVisible?: boolean;
  /** Hidden until a person shows it in the preferences. */
  hiddenByDefault?: boolean;
}

export interface TableConfig<Item> {
  /** Names the table's preferences in this browser (localStorage `portal.tables.<id>`). */
  id: string;
  columns: readonly TableColumn<Item>[];
  /**
   * The column the list is ordered by on the server (by its key): it sorts either way at any time, by
   * asking the server. The other sortable columns sort once every row is loaded (the list ends, often
   * after a filter), as sorting part of a list would mislead.
   */
  orderColumn: string;
  /** The server's order of that column by default (events: newest first). */
  orderDescending?: boolean;
  /** Rows a page, offered in the preferences. */
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Rows asked for per call: the call's maximum, at least the largest page size. */
  fetchSize: number;
  /** The rows' name, plural, for counts and empty states: 'users'. */
  noun: string;
}

export interface TablePreferencesValue {
  pageSize: number;
  contentDisplay: readonly { id: string; visible: boolean }[];
  wrapLines: boolean;
  stripedRows: boolean;
}

/** The preferences gear's props (table-preferences.tsx, and the gear it loads on its own). */
export interface TablePreferencesProps<Item> {
  config: TableConfig<Item>;
  preferences: TablePreferencesValue;
  onChange: (preferences: TablePreferencesValue) => void;
}

export function defaultTablePreferences<Item>(config: TableConfig<Item>): TablePreferencesValue {
  return {
    pageSize: config.defaultPageSize,
    contentDisplay: config.columns.map((column) => ({ id: column.id, visible: !column.hiddenByDefault })),
    wrapLines: true,
    stripedRows: false,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored preferences as far as they still fit the table: a page size it offers, its columns in the stored
 * order (new columns appended as their defaults say, unknown ones dropped, the always visible shown).
 */
export function readTablePreferences<Item>(
  config: TableConfig<Item>,
  stored: unknown,
  defaults: TablePreferencesValue,
): TablePreferencesValue {
  if (!isRecord(stored)) return defaults;
  const known = new Map(config.columns.map((column) => [column.id, column]));
  const storedColumns = Array.isArray(stored.contentDisplay) ? stored.contentDisplay.filter(isRecord) : [];
  const kept: { id: string; visible: boolean }[] = [];
  for (const entry of storedColumns) {
    const column = typeof entry.id === 'string' ? known.get(entry.id) : undefined;
    if (!column || kept.some((listed) => listed.id === column.id)) continue;
    kept.push({ id: column.id, visible: column.alwaysVisible === true || entry.visible === true });
  }
  const added = defaults.contentDisplay.filter((entry) => !kept.some((listed) => listed.id === entry.id));
  return {
    pageSize:
      typeof stored.pageSize === 'number' && config.pageSizes.includes(stored.pageSize)
        ? stored.pageSize
        : defaults.pageSize,
    contentDisplay: [...kept, ...added],
    wrapLines: typeof stored.wrapLines === 'boolean' ? stored.wrapLines : defaults.wrapLines,
    stripedRows: typeof stored.stripedRows === 'boolean' ? stored.stripedRows : defaults.stripedRows,
  };
}

/**
 * The order of a list's key as DynamoDB sorts it (by code unit, close to its byte order), for the order
 * column: loaded rows then sort exactly as the server pages them (localeCompare would not).
 */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Everything a table over a server list needs, in one hook: its preferences (remembered per table in this
// browser), the filter text (debounced, then sent to the server, which matches it against what the rows
// show), the order (the server's key column, either way), the pages (useServerPages), and the collection
// hooks over the loaded rows (sorting, pagination, selection; loaded rows are narrowed at once with the
// server's own rule, so an edited row that no longer matches leaves). A small list that comes whole in
// one answer (filtering: 'client') is filtered and sorted here instead.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCollection, type UseCollectionResult } from '@cloudscape-design/collection-hooks';
import type { TableProps } from '@cloudscape-design/components/table';
import { filterKey } from '../../../../lambdas/kernel/search/search-text';
import type { TableConfig, TablePreferencesValue } from './table-config';
import { useTablePreferences } from './table-preferences';
import { useServerPages, type ServerPage, type ServerPagesState } from './use-server-pages';

export interface ServerListRequest {
  cursor?: string;
  /** Normalised filter text; undefined lists everything. */
  filter?: string;
  /** The list against its key's order. */
  descending: boolean;
}

export interface ServerTableOptions<Item> {
  config: TableConfig<Item>;
  /** One page of the list. Keep it stable (useCallback): a new function reads the list again. */
  fetchPage: (request: ServerListRequest) => Promise<ServerPage<Item>>;
  keyOf: (item: Item) => string;
  /** Whether a row holds the filter text: the server's own rule (lambdas/kernel/search/row-search.ts). */
  matches: (item: Item, filter: string) => boolean;
  /** 'server' (the default): filter and order go to the server. 'client': the list comes whole in one answer. */
  filtering?: 'server' | 'client';
  failureText: string;
  /** Selected rows stay selected when the page, the filter or the rows change (multi-selection). */
  keepSelection?: boolean;
}

export interface ServerTableState<Item> {
  config: TableConfig<Item>;
  preferences: TablePreferencesValue;
  setPreferences: (preferences: TablePreferencesValue) => void;
  pages: ServerPagesState<Item>;
  collection: UseCollectionResult<Item>;
  /** The columns as the table may sort them now. */
  columnDefinitions: TableProps.ColumnDefinition<Item>[];
  onSortingChange: NonNullable<TableProps<Item>['onSortingChange']>;
  onFilteringChange: (filteringText: string) => void;
  /** The filter text as typed, trimmed. */
  filteringText: string;
  /** Typed text the server has not answered yet. */
  searching: boolean;
  clearFilter: () => void;
  /**
   * Sorts by the server's order again (call it when the page's own filters change: a new list may come back
   * partial, which only the key column sorts).
   */
  restoreOrder: () => void;
  selectedItem: Item | undefined;
  /** Every selected row (more than one with multi-selection). */
  selectedItems: readonly Item[];
  clearSelection: () => void;
}

/** Typing pauses this long before the text goes to the server. */
export const filterDelayMs = 300;

export function useServerTable<Item>(options: ServerTableOptions<Item>): ServerTableState<Item> {
  const { config, fetchPage, keyOf, matches, failureText } = options;
  const onServer = (options.filtering ?? 'server') === 'server';
  const [preferences, setPreferences] = useTablePreferences(config);
  const [descending, setDescending] = useState(config.orderDescending === true);
  const [appliedFilter, setAppliedFilter] = useState<string | undefined>(undefined);

  const serverFilter = onServer ? appliedFilter : undefined;
  const serverDescending = onServer ? descending : config.orderDescending === true;
  const fetchList = useCallback(
    (cursor: string | undefined) => fetchPage({ cursor, filter: serverFilter, descending: serverDescending }),
    [fetchPage, serverFilter, serverDescending],
  );
  const pages = useServerPages(fetchList, keyOf, failureText, { fillTo: preferences.pageSize });

  const orderColumn = config.columns.find((column) => column.id === config.orderColumn);
  const collection = useCollection(pages.items, {
    filtering: { filteringFunction: (item, text) => matches(item, text) },
    sorting: orderColumn ? { defaultState: { sortingColumn: orderColumn, isDescending: descending } } : {},
    pagination: { pageSize: preferences.pageSize },
    selection: { trackBy: keyOf, keepSelection: options.keepSelection === true },
  });

  const typed = collection.filterProps.filteringText;
  useEffect(() => {
    const timer = window.setTimeout(() => setAppliedFilter(filterKey(typed)), filterDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);

  // Other columns sort the loaded rows, which is only honest once every row is loaded.
  const complete = !pages.loading && !pages.hasMore;
  const columnDefinitions = useMemo(
    () =>
      config.columns.map((column) => {
        const { alwaysVisible: _shown, hiddenByDefault: _hidden, ...definition } = column;
        if (column.id === config.orderColumn || complete) return definition;
        const { sortingField: _field, sortingComparator: _comparator, ...unsortable } = definition;
        return unsortable;
      }),
    [config, complete],
  );

  const collectionActions = collection.actions;
  const setSorting = useCallback(
    (state: Parameters<typeof collectionActions.setSorting>[0]) => collectionActions.setSorting(state),
    [collectionActions],
  );
  const setFiltering = useCallback((text: string) => collectionActions.setFiltering(text), [collectionActions]);
  const onSortingChange = useCallback<NonNullable<TableProps<Item>['onSortingChange']>>(
    ({ detail }) => {
      const onOrderColumn = detail.sortingColumn.sortingField === orderColumn?.sortingField;
      // The key column's direction is the server's: it reads the list again in that order.
      if (onOrderColumn && onServer) setDescending(detail.isDescending === true);
      setSorting({ sortingColumn: detail.sortingColumn, isDescending: detail.isDescending });
    },
    [orderColumn, onServer, setSorting],
  );

  const restoreOrder = useCallback(() => {
    if (
      onServer &&
      orderColumn &&
      collection.collectionProps.sortingColumn?.sortingField !== orderColumn.sortingField
    ) {
      setSorting({ sortingColumn: orderColumn, isDescending: descending });
    }
  }, [onServer, orderColumn, collection.collectionProps.sortingColumn, descending, setSorting]);

  const onFilteringChange = useCallback(
    (text: string) => {
      // A new filter may bring a partial list back, which only the key column sorts.
      restoreOrder();
      setFiltering(text);
      // Clearing needs no pause: the whole list comes back at once.
      if (filterKey(text) === undefined) setAppliedFilter(undefined);
    },
    [restoreOrder, setFiltering],
  );

  const clearFilter = useCallback(() => onFilteringChange(''), [onFilteringChange]);
  const clearSelection = useCallback(() => collectionActions.setSelectedItems([]), [collectionActions]);
  const selectedItems = collection.collectionProps.selectedItems ?? [];

  return {
    config,
    preferences,
    setPreferences,
    pages,
    collection,
    columnDefinitions,
    onSortingChange,
    onFilteringChange,
    filteringText: typed.trim(),
    searching: onServer && filterKey(typed) !== appliedFilter,
    clearFilter,
    restoreOrder,
    selectedItem: selectedItems[0],
    selectedItems,
    clearSelection,
  };
}

// The table of an administration page over a list the server pages (useServerPages): the load error
// with 'Try again', a header with the count (a '+' while the server has more) and a refresh button
// beside the page's own actions, an optional text filter and the open-ended pagination. The page keeps
// its columns (its *-config.tsx), its texts and its actions.
import type { ReactNode } from 'react';
import {
  useCollection,
  type UseCollectionOptions,
  type UseCollectionResult,
} from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { TableEmptyState } from '../empty-states/table-empty-state';
import { LoadErrorAlert } from './load-error-alert';
import { ServerPagination } from './server-pagination';
import { selectionLabels } from './table-labels';
import type { ServerPagesState } from './use-server-pages';

/** The count in a table header: what is loaded, '+' while the server has more; nothing while loading. */
export function loadedCount(count: number, loading: boolean, hasMore: boolean): string | undefined {
  return loading ? undefined : `(${count}${hasMore ? '+' : ''})`;
}

export interface ServerCollectionOptions<Item> {
  trackBy: keyof Item & string;
  defaultSorting: NonNullable<UseCollectionOptions<Item>['sorting']>['defaultState'];
  /** What the table shows with nothing listed. */
  empty: ReactNode;
  /** Why nothing matches the filter text (the no-match state offers to clear it). */
  noMatchText?: string;
  filteringFunction?: NonNullable<UseCollectionOptions<Item>['filtering']>['filteringFunction'];
  filteringFields?: string[];
  /** Rows a page; without it, one page. */
  pageSize?: number;
}

/** useCollection over loaded items, single selection, with the shared empty and no-match states. */
export function useServerCollection<Item>(
  items: readonly Item[],
  options: ServerCollectionOptions<Item>,
): UseCollectionResult<Item> {
  const { trackBy, defaultSorting, empty, noMatchText, filteringFunction, filteringFields, pageSize } = options;
  const collection = useCollection(items, {
    filtering: {
      empty,
      ...(filteringFunction ? { filteringFunction } : {}),
      ...(filteringFields ? { fields: filteringFields } : {}),
      ...(noMatchText
        ? {
            noMatch: (
              <TableEmptyState
                title="No matches"
                subtitle={noMatchText}
                action={<Button onClick={() => collection.actions.setFiltering('')}>Clear filter</Button>}
              />
            ),
          }
        : {}),
    },
    sorting: { defaultState: defaultSorting },
    ...(pageSize ? { pagination: { pageSize } } : {}),
    selection: { trackBy },
  });
  return collection;
}

export interface ServerTableProps<Item> {
  pages: ServerPagesState<Item>;
  collection: UseCollectionResult<Item>;
  columnDefinitions: TableProps<Item>['columnDefinitions'];
  trackBy: keyof Item & string;
  /** The table's accessible name; its selection controls are named after `nameOf(item)`. */
  tableLabel: string;
  nameOf: (item: Item) => string;
  loadingText: string;
  /** The header's text. */
  title: ReactNode;
  description?: string;
  /** The refresh button's accessible name. */
  refreshLabel: string;
  /** The page's own buttons (keyed), after the refresh button: a list, each spaced as its own. */
  actions: ReactNode[];
  /** A text filter, with this placeholder (and accessible name). */
  filterText?: string;
  /** With a text filter: counts say 'so far' while the server has more (the filter text goes to the server). */
  countSoFar?: boolean;
  /** Pages of the collection, the server's next batch fetched past the last loaded page. */
  paginated?: boolean;
  resizableColumns?: boolean;
}

export function ServerTable<Item>({
  pages,
  collection,
  columnDefinitions,
  trackBy,
  tableLabel,
  nameOf,
  loadingText,
  title,
  description,
  refreshLabel,
  actions,
  filterText,
  countSoFar,
  paginated,
  resizableColumns,
}: ServerTableProps<Item>) {
  const {
    items,
    actions: collectionActions,
    filteredItemsCount,
    collectionProps,
    filterProps,
    paginationProps,
  } = collection;
  const countText = `${filteredItemsCount ?? 0} ${filteredItemsCount === 1 ? 'match' : 'matches'}${countSoFar && pages.hasMore ? ' so far' : ''}`;
  return (
    <SpaceBetween size="l">
      {pages.error ? <LoadErrorAlert message={pages.error} onRetry={pages.reload} /> : null}
      <Table
        {...collectionProps}
        items={items}
        columnDefinitions={columnDefinitions}
        trackBy={trackBy}
        selectionType="single"
        loading={pages.loading}
        loadingText={loadingText}
        ariaLabels={selectionLabels<Item>(tableLabel, nameOf)}
        resizableColumns={resizableColumns}
        wrapLines
        header={
          <Header
            variant="h2"
            counter={loadedCount(pages.items.length, pages.loading, pages.hasMore)}
            description={description}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="refresh" ariaLabel={refreshLabel} onClick={pages.reload} disabled={pages.loading} />
                {actions}
              </SpaceBetween>
            }
          >
            {title}
          </Header>
        }
        filter={
          filterText ? (
            <TextFilter
              {...filterProps}
              filteringPlaceholder={filterText}
              filteringAriaLabel={filterText}
              filteringClearAriaLabel="Clear filter"
              countText={countText}
            />
          ) : undefined
        }
        pagination={
          paginated ? (
            <ServerPagination
              paginationProps={paginationProps}
              hasMore={pages.hasMore}
              loadingMore={pages.loadingMore}
              loadMore={pages.loadMore}
              setCurrentPage={(page) => collectionActions.setCurrentPage(page)}
            />
          ) : undefined
        }
      />
    </SpaceBetween>
  );
}

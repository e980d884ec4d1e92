// The one table of every list page (useServerTable's state): the load error with 'Try again'; a header
// with the count ('+' while the server has more) and a refresh button beside the page's own actions; the
// text filter with its count; open-ended pagination; the preferences gear; and empty states that say
// what happened ('No users match "xyz"' with Clear filter, or the page's own state for an empty list).
// The page keeps its columns (its *-config.tsx), its texts and its actions; later list pages copy this.
import type { ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { TableEmptyState, TableNoMatchState } from '../empty-states/table-empty-state';
import { LoadErrorAlert } from './load-error-alert';
import { ServerPagination } from './server-pagination';
import { selectionLabels } from './table-labels';
import { TablePreferences } from './table-preferences';
import styles from './table-filters.module.css';
import type { ServerTableState } from './use-server-table';

/** '(12)', or '(50+)' while the server has more; nothing while loading. */
export function countText(count: number, hasMore: boolean): string {
  return `${count}${hasMore ? '+' : ''}`;
}

/** The text filter's count: '1 match', '12 matches', '50+ matches', or 'No matches so far'. */
export function matchesText(count: number, hasMore: boolean): string {
  if (count === 0 && hasMore) return 'No matches so far';
  return `${countText(count, hasMore)} ${count === 1 && !hasMore ? 'match' : 'matches'}`;
}

export interface ServerTableProps<Item> {
  table: ServerTableState<Item>;
  /** The table's accessible name. */
  tableLabel: string;
  /** With row selection: each row's control is named 'Select <nameOf(item)>'. */
  nameOf?: (item: Item) => string;
  /** With `nameOf`: one row at a time (the default), or several. */
  selectionType?: 'single' | 'multi';
  /** The header's counter in place of the rows' count ('(3/50)' with a selection). */
  counter?: string;
  loadingText: string;
  /** The header's text. */
  title: ReactNode;
  description?: string;
  /** The refresh button's accessible name. */
  refreshLabel: string;
  /** The page's own controls (keyed), after the refresh button. */
  actions?: ReactNode[];
  /** The text filter's placeholder and accessible name ('Find users'). */
  filterLabel: string;
  /** What the table shows when the list is empty (no filter): say why, and what to do. */
  empty: ReactNode;
  /**
   * Controls beside the text filter that narrow the list on the server too (findings: severity, status,
   * asset…): whether any narrows it now, and how to clear them all (with the text).
   */
  extraFilters?: ExtraFilters;
}

export interface ExtraFilters {
  controls: ReactNode;
  active: boolean;
  clear: () => void;
}

export function ServerTable<Item>({
  table,
  tableLabel,
  nameOf,
  selectionType = 'single',
  counter,
  loadingText,
  title,
  description,
  refreshLabel,
  actions = [],
  filterLabel,
  empty,
  extraFilters,
}: ServerTableProps<Item>) {
  const { config, pages, collection, preferences } = table;
  const { items, filteredItemsCount, collectionProps, paginationProps, actions: collectionActions } = collection;
  const matched = filteredItemsCount ?? 0;
  // Blank while the first rows, a new filter's answer, or a search that has found nothing yet, are on the way.
  const loading = pages.loading || table.searching || (pages.loadingMore && items.length === 0);
  const searchFurther = pages.hasMore ? () => void pages.loadMore() : undefined;

  let emptyState = empty;
  if (pages.error) {
    emptyState = <TableEmptyState title={`No ${config.noun} to show`} subtitle="The message above says why." />;
  } else if (table.filteringText || extraFilters?.active) {
    emptyState = (
      <TableNoMatchState
        noun={config.noun}
        filteringText={table.filteringText}
        withOtherFilters={extraFilters?.active === true}
        onClearFilter={() => {
          table.clearFilter();
          extraFilters?.clear();
        }}
        onSearchFurther={searchFurther}
      />
    );
  } else if (pages.hasMore) {
    emptyState = (
      <TableEmptyState
        title={`No ${config.noun} here yet`}
        action={<Button onClick={searchFurther}>Load more</Button>}
      />
    );
  }

  const textFilter = (
    <TextFilter
      filteringText={collection.filterProps.filteringText}
      onChange={({ detail }) => table.onFilteringChange(detail.filteringText)}
      filteringPlaceholder={filterLabel}
      filteringAriaLabel={filterLabel}
      filteringClearAriaLabel="Clear filter text"
      countText={loading ? undefined : matchesText(matched, pages.hasMore)}
    />
  );

  return (
    <SpaceBetween size="l">
      {pages.error ? <LoadErrorAlert message={pages.error} onRetry={pages.reload} /> : null}
      <Table
        {...collectionProps}
        onSortingChange={table.onSortingChange}
        items={items}
        empty={emptyState}
        columnDefinitions={table.columnDefinitions}
        columnDisplay={preferences.contentDisplay}
        wrapLines={preferences.wrapLines}
        stripedRows={preferences.stripedRows}
        resizableColumns
        {...(nameOf
          ? { selectionType, ariaLabels: selectionLabels<Item>(tableLabel, nameOf) }
          : { selectionType: undefined, ariaLabels: { tableLabel } })}
        loading={loading}
        loadingText={loadingText}
        header={
          <Header
            variant="h2"
            counter={loading ? undefined : (counter ?? `(${countText(matched, pages.hasMore)})`)}
            description={description}
            actions={
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Button iconName="refresh" ariaLabel={refreshLabel} onClick={pages.reload} disabled={pages.loading} />
                {actions}
              </SpaceBetween>
            }
          >
            {title}
          </Header>
        }
        filter={
          extraFilters ? (
            <div className={styles.filters}>
              <div className={styles['text-filter']}>{textFilter}</div>
              {extraFilters.controls}
            </div>
          ) : (
            textFilter
          )
        }
        pagination={
          <ServerPagination
            paginationProps={paginationProps}
            hasMore={pages.hasMore}
            loadingMore={pages.loadingMore}
            loadMore={pages.loadMore}
            setCurrentPage={(page) => collectionActions.setCurrentPage(page)}
          />
        }
        preferences={<TablePreferences config={config} preferences={preferences} onChange={table.setPreferences} />}
      />
    </SpaceBetween>
  );
}

// The Home page's events tables: the signed-in user's own, and everyone's (level 9), which also says who
// acted. Both are listed by the server newest first (either way) and filtered there by type, summary and
// author (row-search.ts).
import { eventSearchText } from '../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../lambdas/kernel/search/search-text';
import { CellText, IdentifierText } from '../../components/tables/cell-text';
import { compareKeys, type TableColumn, type TableConfig } from '../../components/tables/table-config';
import type { EventRecord } from './use-events';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const whenColumn: TableColumn<EventRecord> = {
  id: 'createdAt',
  header: 'When',
  cell: (event) => <time dateTime={new Date(event.createdAt).toISOString()}>{dateTime.format(event.createdAt)}</time>,
  sortingField: 'createdAt',
  // The server's order: by time, then id (events of the same millisecond).
  sortingComparator: (a, b) => a.createdAt - b.createdAt || compareKeys(a.id, b.id),
  width: 200,
  alwaysVisible: true,
};

const typeColumn: TableColumn<EventRecord> = {
  id: 'type',
  header: 'Type',
  cell: (event) => <IdentifierText value={event.type} />,
  sortingField: 'type',
  width: 180,
};

const byColumn: TableColumn<EventRecord> = {
  id: 'createdByEmail',
  header: 'By',
  cell: (event) => <IdentifierText value={event.createdByEmail} />,
  sortingField: 'createdByEmail',
  width: 240,
};

const summaryColumn: TableColumn<EventRecord> = {
  id: 'summary',
  header: 'Summary',
  cell: (event) => <CellText value={event.summary} />,
};

const eventsTableBase = {
  noun: 'events',
  orderColumn: 'createdAt',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** listEvents answers up to 100; 50 keeps an answer small. */
  fetchSize: 50,
} as const;

export const yourEventsTable: TableConfig<EventRecord> = {
  ...eventsTableBase,
  id: 'your-events',
  columns: [whenColumn, typeColumn, summaryColumn],
};

export const everyoneEventsTable: TableConfig<EventRecord> = {
  ...eventsTableBase,
  id: 'everyone-events',
  columns: [whenColumn, typeColumn, byColumn, summaryColumn],
};

export function eventMatches(event: EventRecord, filter: string): boolean {
  return matchesFilter(eventSearchText(event), filter);
}

// The Home page's events tables: the signed-in user's own, and everyone's (level 9), which also says who
// acted. Each row tells what happened as a sentence, when (relative, the exact time on hover) and the kind
// of event in words. Both are listed by the server newest first (either way) and filtered there by what
// the rows show (row-search.ts).
import { eventSearchText } from '../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../lambdas/kernel/search/search-text';
import { IdentifierText } from '../../components/tables/cell-text';
import { compareKeys, type TableColumn, type TableConfig } from '../../components/tables/table-config';
import { TimeAgo } from '../../components/time/updated-label';
import { EventDescription } from './event-description';
import { eventKind } from './event-sentence';
import type { EventRecord } from './use-events';

const summaryColumn: TableColumn<EventRecord> = {
  id: 'summary',
  header: 'What happened',
  cell: (event) => <EventDescription event={event} />,
  minWidth: 320,
  alwaysVisible: true,
};

const whenColumn: TableColumn<EventRecord> = {
  id: 'createdAt',
  header: 'When',
  cell: (event) => <TimeAgo at={event.createdAt} />,
  sortingField: 'createdAt',
  // The server's order: by time, then id (events of the same millisecond).
  sortingComparator: (a, b) => a.createdAt - b.createdAt || compareKeys(a.id, b.id),
  width: 180,
};

const kindColumn: TableColumn<EventRecord> = {
  id: 'type',
  header: 'Kind',
  cell: (event) => eventKind(event.type),
  sortingComparator: (a, b) => eventKind(a.type).localeCompare(eventKind(b.type)),
  width: 200,
};

const byColumn: TableColumn<EventRecord> = {
  id: 'createdByEmail',
  header: 'By',
  cell: (event) => <IdentifierText value={event.createdByEmail} />,
  sortingField: 'createdByEmail',
  width: 240,
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
  columns: [summaryColumn, whenColumn, kindColumn],
};

export const everyoneEventsTable: TableConfig<EventRecord> = {
  ...eventsTableBase,
  id: 'everyone-events',
  columns: [summaryColumn, whenColumn, byColumn, kindColumn],
};

export function eventMatches(event: EventRecord, filter: string): boolean {
  return matchesFilter(eventSearchText(event), filter);
}

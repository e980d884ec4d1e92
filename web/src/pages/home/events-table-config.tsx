// Column definitions of the Home page's events table.
import type { TableProps } from '@cloudscape-design/components/table';
import type { EventRecord } from './use-events';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const eventColumnDefinitions: TableProps.ColumnDefinition<EventRecord>[] = [
  {
    id: 'createdAt',
    header: 'When',
    cell: (event) => <time dateTime={new Date(event.createdAt).toISOString()}>{dateTime.format(event.createdAt)}</time>,
    sortingField: 'createdAt',
    width: 200,
  },
  { id: 'type', header: 'Type', cell: (event) => event.type, sortingField: 'type', width: 180 },
  { id: 'summary', header: 'Summary', cell: (event) => event.summary },
];

/** Newest first, as the server pages them. */
export const eventsDefaultSorting = { sortingColumn: { sortingField: 'createdAt' }, isDescending: true };

/** Everyone's events (level 9) also say who acted. */
export const everyoneEventColumnDefinitions: TableProps.ColumnDefinition<EventRecord>[] = [
  ...eventColumnDefinitions.slice(0, 2),
  {
    id: 'createdByEmail',
    header: 'By',
    cell: (event) => event.createdByEmail,
    sortingField: 'createdByEmail',
    width: 240,
  },
  ...eventColumnDefinitions.slice(2),
];

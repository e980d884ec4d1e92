// Column definitions of the Home page's events table: what happened as a sentence, when (relative, the
// exact time on hover) and the kind of event in words.
import type { TableProps } from '@cloudscape-design/components/table';
import { TimeAgo } from '../../components/time/updated-label';
import { EventDescription } from './event-description';
import { eventKind } from './event-sentence';
import type { EventRecord } from './use-events';

export const eventColumnDefinitions: TableProps.ColumnDefinition<EventRecord>[] = [
  { id: 'summary', header: 'What happened', cell: (event) => <EventDescription event={event} />, minWidth: 320 },
  {
    id: 'createdAt',
    header: 'When',
    cell: (event) => <TimeAgo at={event.createdAt} />,
    sortingField: 'createdAt',
    width: 180,
  },
  {
    id: 'type',
    header: 'Kind',
    cell: (event) => eventKind(event.type),
    sortingComparator: (a, b) => eventKind(a.type).localeCompare(eventKind(b.type)),
    width: 200,
  },
];

/** Newest first, as the server pages them. */
export const eventsDefaultSorting = { sortingColumn: { sortingField: 'createdAt' }, isDescending: true };

/** Everyone's events (level 9) also show the actor's address. */
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

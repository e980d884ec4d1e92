// Home's events table: the user's own events or, for level 9, everyone's (a toggle in the header), newest
// first from the server, filtered there, with the shared table's count, pages and preferences.
import { useCallback } from 'react';
import Toggle from '@cloudscape-design/components/toggle';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { ServerTable } from '../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../components/tables/use-server-table';
import { eventMatches, everyoneEventsTable, yourEventsTable } from './events-table-config';
import { fetchEventsPage, useNewestEvents, type EventRecord, type EventsScope } from './use-events';

const eventKey = (event: EventRecord) => event.id;

export interface EventsTableProps {
  scope: EventsScope;
  /** Level 9: the toggle between the user's own events and everyone's. */
  onScopeChange?: (scope: EventsScope) => void;
}

export function EventsTable({ scope, onScopeChange }: EventsTableProps) {
  const config = scope === 'everyone' ? everyoneEventsTable : yourEventsTable;
  const fetchPage = useCallback(
    (request: ServerListRequest) => fetchEventsPage(scope, config.fetchSize, request),
    [scope, config],
  );
  const table = useServerTable({
    config,
    fetchPage,
    keyOf: eventKey,
    matches: eventMatches,
    failureText: 'Your events could not be loaded.',
  });
  // Only the unfiltered list in the server's newest-first order takes new events on top.
  const newestFirst = !table.filteringText && table.collection.collectionProps.sortingDescending !== false;
  const readNewest = useCallback(() => fetchEventsPage(scope, config.fetchSize, { descending: true }), [scope, config]);
  useNewestEvents(table.pages, readNewest, newestFirst);
  const everyone = scope === 'everyone';
  const title = everyone ? "Everyone's events" : 'Your events';

  return (
    <ServerTable
      table={table}
      tableLabel={title}
      loadingText={everyone ? "Loading everyone's events" : 'Loading your events'}
      title={title}
      refreshLabel="Refresh events"
      actions={
        onScopeChange
          ? [
              <Toggle
                key="scope"
                checked={everyone}
                onChange={({ detail }) => onScopeChange(detail.checked ? 'everyone' : 'mine')}
              >
                Show everyone&apos;s events
              </Toggle>,
            ]
          : []
      }
      filterLabel="Find events"
      empty={
        <TableEmptyState
          title="No events"
          subtitle={everyone ? 'Nobody has made a change yet.' : 'Events you create appear here.'}
        />
      }
    />
  );
}

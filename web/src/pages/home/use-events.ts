// The signed-in user's events (spec 7: createdByUid = the current user), or every user's for level 9
// (scope 'everyone'), a page at a time with the server's cursor, optionally filtered by the server.
import { callFunction, type CallOutput } from '../../api/call-client';
import type { ServerPage } from '../../components/tables/use-server-pages';
import type { ServerListRequest } from '../../components/tables/use-server-table';

export type EventRecord = CallOutput<'listEvents'>['events'][number];

export type EventsScope = 'mine' | 'everyone';

export function fetchEventsPage(
  scope: EventsScope,
  limit: number,
  { cursor, filter, descending }: ServerListRequest,
): Promise<ServerPage<EventRecord>> {
  return callFunction('listEvents', {
    limit,
    descending,
    ...(scope === 'everyone' ? { scope } : {}),
    ...(cursor ? { cursor } : {}),
    ...(filter ? { filter } : {}),
  }).then((page) => ({ items: page.events, nextCursor: page.nextCursor }));
}

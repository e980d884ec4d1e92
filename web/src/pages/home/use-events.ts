// The signed-in user's events (spec 7: createdByUid = the current user), or every user's for level 9
// (scope 'everyone'), a page at a time with the server's cursor, optionally filtered by the server; and the
// live part: new events appear on top without a reload (useNewestEvents).
import { useEffect, useRef } from 'react';
import { callFunction, type CallOutput } from '../../api/call-client';
import { sessionWatchIntervalMs } from '../../components/session/session-provider';
import type { ServerPage, ServerPagesState } from '../../components/tables/use-server-pages';
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

/**
 * While Home is open and the tab visible, reads the newest page again on the session poll's beat (every
 * 10 s; a poll of its own, since watchSession knows nothing of events) and puts events not shown yet on
 * top. Only when the list shows the newest first: in the other order new events belong at the end.
 */
export function useNewestEvents(
  pages: ServerPagesState<EventRecord>,
  readNewest: () => Promise<ServerPage<EventRecord>>,
  newestFirst: boolean,
): void {
  const latest = useRef({ pages, readNewest });
  latest.current = { pages, readNewest };
  useEffect(() => {
    if (!newestFirst) return undefined;
    const timer = window.setInterval(() => {
      const { pages: current, readNewest: read } = latest.current;
      if (current.loading || document.visibilityState !== 'visible') return;
      read()
        .then((page) => current.prependNew(page.items))
        .catch((caught: unknown) => {
          // The next beat tries again; a 401 signs out through the call client.
          console.warn('Reading new events failed', caught);
        });
    }, sessionWatchIntervalMs);
    return () => window.clearInterval(timer);
  }, [newestFirst]);
}

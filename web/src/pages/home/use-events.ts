// The signed-in user's events (spec 7: createdByUid = the current user), or every user's for level 9
// (scope 'everyone'), newest first, a page at a time with the server's cursor.
//
// New events appear without a reload: while the page is open and the tab visible, the newest page is read
// again on the session poll's beat (every 10 s, a poll of its own: watchSession knows nothing of events),
// and events not shown yet go on top. The pages loaded below them stay.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError, callFunction, type CallOutput } from '../../api/call-client';
import { sessionWatchIntervalMs } from '../../components/session/session-provider';

export type EventRecord = CallOutput<'listEvents'>['events'][number];

export const eventsPageSize = 20;

export interface EventsState {
  events: EventRecord[];
  /** True while the first page loads. */
  loading: boolean;
  /** True while a further page loads. */
  loadingMore: boolean;
  hasMore: boolean;
  error: string | undefined;
  loadMore: () => void;
  reload: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof CallError && error.fromServer ? error.message : 'Your events could not be loaded.';
}

export type EventsScope = 'mine' | 'everyone';

export function useEvents(scope: EventsScope = 'mine'): EventsState {
  const [events, setEvents] = useState<EventRecord[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // Answers of an older request (before a reload) are dropped.
  const generation = useRef(0);
  const shown = useRef<EventRecord[]>([]);
  shown.current = events;
  const loadingRef = useRef(true);
  loadingRef.current = loading;

  const reload = useCallback(() => {
    const current = ++generation.current;
    setLoading(true);
    setError(undefined);
    callFunction('listEvents', { limit: eventsPageSize, ...(scope === 'everyone' ? { scope } : {}) })
      .then((page) => {
        if (current !== generation.current) return;
        setEvents(page.events);
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => {
        if (current === generation.current) setError(messageOf(caught));
      })
      .finally(() => {
        if (current === generation.current) setLoading(false);
      });
  }, [scope]);

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    callFunction('listEvents', { limit: eventsPageSize, cursor, ...(scope === 'everyone' ? { scope } : {}) })
      .then((page) => {
        if (current !== generation.current) return;
        setEvents((previous) => {
          const known = new Set(previous.map((event) => event.id));
          return [...previous, ...page.events.filter((event) => !known.has(event.id))];
        });
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => {
        if (current === generation.current) setError(messageOf(caught));
      })
      .finally(() => setLoadingMore(false));
  }, [cursor, loadingMore, scope]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  /** Puts events newer than those shown on top; with more new ones than a page, starts over from them. */
  const showNewest = useCallback(async () => {
    if (loadingRef.current || document.visibilityState !== 'visible') return;
    const current = generation.current;
    const page = await callFunction('listEvents', {
      limit: eventsPageSize,
      ...(scope === 'everyone' ? { scope } : {}),
    });
    if (current !== generation.current) return;
    const known = new Set(shown.current.map((event) => event.id));
    const fresh = page.events.filter((event) => !known.has(event.id));
    if (fresh.length === 0) return;
    if (fresh.length === page.events.length) {
      // Nothing of the newest page is shown (or nothing at all): the list starts over from it, so no gap
      // can open between the new events and the old.
      setEvents(page.events);
      setCursor(page.nextCursor);
      return;
    }
    setEvents((previous) => [...fresh, ...previous.filter((event) => !fresh.some((item) => item.id === event.id))]);
  }, [scope]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      showNewest().catch((caught: unknown) => {
        // The next beat tries again; a 401 signs out through the call client.
        console.warn('Reading new events failed', caught);
      });
    }, sessionWatchIntervalMs);
    return () => window.clearInterval(timer);
  }, [showNewest]);

  return { events, loading, loadingMore, hasMore: cursor !== undefined, error, loadMore, reload };
}

// The signed-in user's events (spec 7: createdByUid = the current user), or every user's for level 9
// (scope 'everyone'), newest first, a page at a time with the server's cursor.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError, callFunction, type CallOutput } from '../../api/call-client';

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

  return { events, loading, loadingMore, hasMore: cursor !== undefined, error, loadMore, reload };
}

// A list the server pages with a cursor: the first rows on mount (and again whenever the page fetcher
// changes, e.g. with a new filter text or order), further rows on demand. A filtered list's pages may
// come back short, even empty, with a cursor (the server searched part of the list): a load goes on
// until it has `fillTo` new rows, the list ends, or it has spent `maxCallsPerLoad` calls; then the table
// offers to search further. Answers of an older fetcher are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../forms/call-problems';

export interface ServerPage<Item> {
  items: Item[];
  nextCursor?: string;
}

export interface ServerPagesState<Item> {
  items: Item[];
  /** True while the first rows load (nothing to show yet). */
  loading: boolean;
  /** True while further rows load. */
  loadingMore: boolean;
  /** The server has more (unread, or for a filter unsearched). */
  hasMore: boolean;
  error: string | undefined;
  /** Loads further rows; resolves with how many were added. */
  loadMore: () => Promise<number>;
  reload: () => void;
  /** Puts an edited record in place of the listed one. */
  replaceItem: (item: Item) => void;
  removeItem: (item: Item) => void;
  /**
   * Puts the rows of a fresh first page that are not listed yet on top (a live list). When none of that
   * page is listed, a gap could open between it and the rows shown, so the list starts over from it.
   */
  prependNew: (firstPage: Item[]) => void;
}

export interface ServerPagesOptions {
  /** Rows a load tries to add (a table page). */
  fillTo?: number;
  /** Calls a load may spend on short pages before it stops and lets the person go on. */
  maxCallsPerLoad?: number;
}

/** Calls one load may spend: with the server's search windows, 10,000 users or 500 company members. */
export const defaultMaxCallsPerLoad = 10;

export function useServerPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<ServerPage<Item>>,
  keyOf: (item: Item) => string,
  failureText: string,
  { fillTo = 1, maxCallsPerLoad = defaultMaxCallsPerLoad }: ServerPagesOptions = {},
): ServerPagesState<Item> {
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const generation = useRef(0);
  const cursorRef = useRef<string | undefined>(undefined);
  const loadingRef = useRef<Promise<number> | undefined>(undefined);
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  const fill = useRef({ fillTo, maxCallsPerLoad });
  fill.current = { fillTo, maxCallsPerLoad };

  /** Fetches from `start` until enough rows came or the list or the call budget ends; `fresh` replaces the rows. */
  const load = useCallback(
    async (current: number, start: string | undefined, fresh: boolean): Promise<number> => {
      let next = start;
      let added = 0;
      let calls = 0;
      let first = fresh;
      try {
        do {
          const page = await fetchPage(next);
          calls += 1;
          if (current !== generation.current) return added;
          if (first) {
            setItems(page.items);
            first = false;
          } else {
            setItems((previous) => {
              const known = new Set(previous.map((item) => keyRef.current(item)));
              return [...previous, ...page.items.filter((item) => !known.has(keyRef.current(item)))];
            });
          }
          added += page.items.length;
          next = page.nextCursor;
          cursorRef.current = next;
          setCursor(next);
          // Rows to show: the first answer ends the blank loading state, further calls load "more".
          setLoading(false);
          if (next) setLoadingMore(true);
        } while (next && added < fill.current.fillTo && calls < fill.current.maxCallsPerLoad);
      } catch (caught: unknown) {
        if (current !== generation.current) return added;
        if (first) {
          setItems([]);
          cursorRef.current = undefined;
          setCursor(undefined);
        }
        setError(messageOf(caught, failureText));
      } finally {
        if (current === generation.current) {
          setLoading(false);
          setLoadingMore(false);
          loadingRef.current = undefined;
        }
      }
      return added;
    },
    [fetchPage, failureText],
  );

  const reload = useCallback(() => {
    const current = ++generation.current;
    setLoading(true);
    setLoadingMore(false);
    setError(undefined);
    loadingRef.current = load(current, undefined, true);
  }, [load]);

  const loadMore = useCallback((): Promise<number> => {
    if (loadingRef.current) return loadingRef.current;
    if (!cursorRef.current) return Promise.resolve(0);
    setLoadingMore(true);
    setError(undefined);
    const loading = load(generation.current, cursorRef.current, false);
    loadingRef.current = loading;
    return loading;
  }, [load]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  const replaceItem = useCallback((item: Item) => {
    const key = keyRef.current(item);
    setItems((previous) => previous.map((listed) => (keyRef.current(listed) === key ? item : listed)));
  }, []);

  const removeItem = useCallback((item: Item) => {
    const key = keyRef.current(item);
    setItems((previous) => previous.filter((listed) => keyRef.current(listed) !== key));
  }, []);

  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const prependNew = useCallback((firstPage: Item[]) => {
    const key = keyRef.current;
    const listed = new Set(itemsRef.current.map((item) => key(item)));
    const fresh = firstPage.filter((item) => !listed.has(key(item)));
    if (fresh.length === 0) return;
    if (fresh.length === firstPage.length && listed.size > 0) {
      reloadRef.current();
      return;
    }
    setItems((previous) => {
      const known = new Set(previous.map((item) => key(item)));
      return [...fresh.filter((item) => !known.has(key(item))), ...previous];
    });
  }, []);

  return {
    items,
    loading,
    loadingMore,
    hasMore: cursor !== undefined,
    error,
    loadMore,
    reload,
    replaceItem,
    removeItem,
    prependNew,
  };
}

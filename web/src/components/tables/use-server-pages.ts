// A list the server pages with a cursor: the first page on mount (and again whenever the page fetcher
// changes, e.g. with a new search), further pages on demand. Answers of an older fetcher are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../forms/call-problems';

export interface ServerPage<Item> {
  items: Item[];
  nextCursor?: string;
}

export interface ServerPagesState<Item> {
  items: Item[];
  /** True while the first page loads. */
  loading: boolean;
  /** True while a further page loads. */
  loadingMore: boolean;
  hasMore: boolean;
  error: string | undefined;
  /** Loads the next page (resolves when it is in `items`). */
  loadMore: () => Promise<void>;
  reload: () => void;
  /** Puts an edited record in place of the listed one. */
  replaceItem: (item: Item) => void;
  removeItem: (item: Item) => void;
}

export function useServerPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<ServerPage<Item>>,
  keyOf: (item: Item) => string,
  failureText: string,
): ServerPagesState<Item> {
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const generation = useRef(0);
  const loadingMoreRef = useRef<Promise<void> | undefined>(undefined);
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const reload = useCallback(() => {
    const current = ++generation.current;
    loadingMoreRef.current = undefined;
    setLoading(true);
    setLoadingMore(false);
    setError(undefined);
    fetchPage(undefined)
      .then((page) => {
        if (current !== generation.current) return;
        setItems(page.items);
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => {
        if (current !== generation.current) return;
        setItems([]);
        setCursor(undefined);
        setError(messageOf(caught, failureText));
      })
      .finally(() => {
        if (current === generation.current) setLoading(false);
      });
  }, [fetchPage, failureText]);

  const loadMore = useCallback((): Promise<void> => {
    if (!cursor) return Promise.resolve();
    if (loadingMoreRef.current) return loadingMoreRef.current;
    const current = generation.current;
    setLoadingMore(true);
    const loadingPage = fetchPage(cursor)
      .then((page) => {
        if (current !== generation.current) return;
        setItems((previous) => {
          const known = new Set(previous.map((item) => keyRef.current(item)));
          return [...previous, ...page.items.filter((item) => !known.has(keyRef.current(item)))];
        });
        setCursor(page.nextCursor);
      })
      .catch((caught: unknown) => {
        if (current === generation.current) setError(messageOf(caught, failureText));
      })
      .finally(() => {
        if (current === generation.current) {
          setLoadingMore(false);
          loadingMoreRef.current = undefined;
        }
      });
    loadingMoreRef.current = loadingPage;
    return loadingPage;
  }, [cursor, fetchPage, failureText]);

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
  };
}

/** Waits `delayMs` after the last change of `value` (a search box sends its text to the server). */
export function useDebouncedValue<Value>(value: Value, delayMs = 300): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

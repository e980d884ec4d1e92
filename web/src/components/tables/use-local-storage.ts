// A value kept in this browser's localStorage under a key (table preferences). What is stored is read
// through `read`, which keeps what it recognises and falls back to the default for the rest: stored
// values outlive the code that wrote them. A browser that refuses storage keeps the value for the visit.
import { useCallback, useState } from 'react';

function load(key: string): unknown {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? undefined : (JSON.parse(stored) as unknown);
  } catch {
    return undefined;
  }
}

function save(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the value lasts for this visit.
  }
}

export function useLocalStorage<Value>(
  key: string,
  defaultValue: Value,
  read: (stored: unknown, defaultValue: Value) => Value,
): [Value, (value: Value) => void] {
  const [value, setValue] = useState<Value>(() => read(load(key), defaultValue));
  const update = useCallback(
    (next: Value) => {
      setValue(next);
      save(key, next);
    },
    [key],
  );
  return [value, update];
}

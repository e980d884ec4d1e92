// Reads a list again when `key` changes (an import ended), not on the first render, which loads it anyway.
import { useEffect, useRef } from 'react';

export function useReloadOn(key: number, reload: () => void): void {
  const seen = useRef(key);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    reloadRef.current();
  }, [key]);
}

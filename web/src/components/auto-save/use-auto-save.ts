// useAutoSave: one auto-saving field (spec section 2) for a component: the value to show, the status icon's
// state, the conflict with both values, and the editor's two choices. The work is the driver's.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { visibleStatus, type AutoSaveStatus, type Equals } from './auto-save-machine';
import { AutoSaveDriver, type SaveField } from './auto-save-driver';

export interface UseAutoSaveOptions<T> {
  /** The value as stored, and its version (a newer read while not editing replaces what is shown). */
  stored: T;
  version: number;
  /** Saves the value on top of `expectedVersion`; a conflict rejects with the call's ABORTED CallError. */
  save: SaveField<T>;
  /** The pause after the last edit: 250 ms by default, 2000 ms for the callback variant (spec 9). */
  delayMs?: number;
  equals?: Equals<T>;
}

export interface AutoSave<T> {
  value: T;
  setValue: (value: T) => void;
  status: AutoSaveStatus;
  /** Set once the conflict has lasted 300 ms: the editor's value and what is stored now. */
  conflict?: { mine: T; stored: T; version: number };
  /** Keep mine: saved on top of the stored version. */
  confirm: () => void;
  /** Take theirs: the field shows the stored value. */
  reject: () => void;
  /** The last save's failure, while it is one. */
  error?: string;
  /** The failed save is tried again by itself (1 s, 2 s, 4 s… up to 30 s apart). */
  retrying: boolean;
}

export function useAutoSave<T>({ stored, version, save, delayMs, equals }: UseAutoSaveOptions<T>): AutoSave<T> {
  const [driver] = useState(() => new AutoSaveDriver<T>({ stored, version, save, delayMs, equals }));
  const state = useSyncExternalStore(driver.subscribe, driver.getState, driver.getState);

  useEffect(() => {
    driver.update({ save, delayMs, equals });
  }, [driver, save, delayMs, equals]);

  useEffect(() => {
    driver.storedChanged(stored, version);
    // A new read is told by its version; `stored` is compared only when the version moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the version names the stored value
  }, [driver, version]);

  useEffect(() => {
    driver.attach();
    return () => driver.detach();
  }, [driver]);

  const status = visibleStatus(state);
  return {
    value: state.value,
    setValue: (value: T) => driver.edit(value),
    status,
    conflict: status === 'conflict' ? state.conflict : undefined,
    confirm: () => driver.confirm(),
    reject: () => driver.reject(),
    error: state.status === 'failed' ? state.error : undefined,
    retrying: state.status === 'failed' && state.retryable,
  };
}

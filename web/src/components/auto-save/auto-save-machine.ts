// The auto-save field's states (spec section 2): what an edited field is doing, as a pure reducer with no
// React and no timers, so every path (pause, save, conflict, confirm, reject, failure) is tested as it is.
// The driver (auto-save-driver.ts) runs the timers and the saves the states ask for.

export type AutoSaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'conflict' | 'rejected' | 'failed';

export interface AutoSaveConflict<T> {
  /** The editor's value, kept until they choose. */
  mine: T;
  /** What is stored now, and its version: a confirm saves on top of it. */
  stored: T;
  version: number;
}

export interface AutoSaveState<T> {
  status: AutoSaveStatus;
  /** What the field shows: the editor's value. */
  value: T;
  /** The value last known stored, and its version (the version the next save expects). */
  stored: T;
  version: number;
  /** The editor changed the value since it was last saved or taken from the store. */
  dirty: boolean;
  /** Raised by each edit, so the pause starts again. */
  editSeq: number;
  /** The save under way (status 'saving'): its value and the version it expects; saveSeq names it. */
  inFlight?: { value: T; expectedVersion: number };
  saveSeq: number;
  /** The pause ended during a save: the next save starts as soon as this one answers. */
  queued: boolean;
  conflict?: AutoSaveConflict<T>;
  /** The conflict has lasted the indicator delay (spec 9: 300 ms): the lock shows. */
  lockShown: boolean;
  /** The last failure's message, and whether it is retried (with a backoff from `failures`). */
  error?: string;
  retryable: boolean;
  failures: number;
}

export type AutoSaveEvent<T> =
  | { type: 'edit'; value: T }
  | { type: 'pauseElapsed' }
  | { type: 'saveSucceeded'; version: number }
  | { type: 'saveConflicted'; storedValue: T; storedVersion: number }
  | { type: 'saveFailed'; message: string; retryable: boolean }
  | { type: 'retry' }
  | { type: 'conflictShown' }
  | { type: 'confirm' }
  | { type: 'reject' }
  | { type: 'storedChanged'; value: T; version: number };

export type Equals<T> = (a: T, b: T) => boolean;

/** Deep equality for the JSON values fields hold (text, lists of text, booleans). */
export function jsonEquals<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function initialAutoSave<T>(stored: T, version: number): AutoSaveState<T> {
  return {
    status: 'idle',
    value: stored,
    stored,
    version,
    dirty: false,
    editSeq: 0,
    saveSeq: 0,
    queued: false,
    lockShown: false,
    retryable: false,
    failures: 0,
  };
}

/** Starts a save of the editor's value on top of the stored version. */
function startSave<T>(state: AutoSaveState<T>, value: T, expectedVersion: number): AutoSaveState<T> {
  return {
    ...state,
    status: 'saving',
    inFlight: { value, expectedVersion },
    saveSeq: state.saveSeq + 1,
    queued: false,
    conflict: undefined,
    lockShown: false,
  };
}

/** The field holds what is stored: nothing to save. */
function settled<T>(state: AutoSaveState<T>, status: 'idle' | 'saved' | 'rejected'): AutoSaveState<T> {
  return {
    ...state,
    status,
    dirty: false,
    inFlight: undefined,
    queued: false,
    conflict: undefined,
    lockShown: false,
    error: undefined,
    retryable: false,
  };
}

export function autoSaveReducer<T>(
  state: AutoSaveState<T>,
  event: AutoSaveEvent<T>,
  equals: Equals<T> = jsonEquals,
): AutoSaveState<T> {
  switch (event.type) {
    case 'edit': {
      const edited = { ...state, value: event.value, dirty: true, editSeq: state.editSeq + 1 };
      // A conflict waits for the editor's choice: the edit becomes the value a confirm keeps.
      if (state.status === 'conflict' && state.conflict) {
        return { ...edited, conflict: { ...state.conflict, mine: event.value } };
      }
      // During a save the edit waits for it (its answer gives the version the next save expects).
      if (state.status === 'saving') return { ...edited, queued: false };
      return { ...edited, status: 'pending' };
    }

    case 'pauseElapsed': {
      if (state.status === 'saving') return state.dirty ? { ...state, queued: true } : state;
      if (state.status !== 'pending') return state;
      if (equals(state.value, state.stored)) return settled(state, 'idle');
      return startSave(state, state.value, state.version);
    }

    case 'saveSucceeded': {
      if (state.status !== 'saving' || !state.inFlight) return state;
      const saved = {
        ...state,
        stored: state.inFlight.value,
        version: event.version,
        failures: 0,
        error: undefined,
        retryable: false,
      };
      if (!equals(state.value, state.inFlight.value)) {
        // Typed during the save: the next save expects the version this one returned.
        if (state.queued) return startSave(saved, saved.value, saved.version);
        return { ...saved, status: 'pending', inFlight: undefined, dirty: true };
      }
      return settled(saved, 'saved');
    }

    case 'saveConflicted': {
      if (state.status !== 'saving') return state;
      const known = { ...state, stored: event.storedValue, version: event.storedVersion, inFlight: undefined };
      // Someone stored the same value: nothing to choose.
      if (equals(state.value, event.storedValue)) return settled(known, 'saved');
      return {
        ...known,
        status: 'conflict',
        queued: false,
        lockShown: false,
        conflict: { mine: state.value, stored: event.storedValue, version: event.storedVersion },
      };
    }

    case 'saveFailed': {
      if (state.status !== 'saving') return state;
      return {
        ...state,
        status: 'failed',
        inFlight: undefined,
        queued: false,
        error: event.message,
        retryable: event.retryable,
        failures: state.failures + 1,
      };
    }

    case 'retry': {
      if (state.status !== 'failed' || !state.retryable) return state;
      return startSave(state, state.value, state.version);
    }

    case 'conflictShown':
      return state.status === 'conflict' ? { ...state, lockShown: true } : state;

    case 'confirm': {
      if (state.status !== 'conflict' || !state.conflict) return state;
      return startSave(
        { ...state, value: state.conflict.mine, dirty: true },
        state.conflict.mine,
        state.conflict.version,
      );
    }

    case 'reject': {
      if (state.status !== 'conflict' || !state.conflict) return state;
      const { stored, version } = state.conflict;
      return settled({ ...state, value: stored, stored, version }, 'rejected');
    }

    case 'storedChanged': {
      // A read older than what the field knows changes nothing.
      if (event.version <= state.version) return state;
      if (state.status === 'conflict' && state.conflict) {
        if (event.version <= state.conflict.version) return state;
        const known = { ...state, stored: event.value, version: event.version };
        if (equals(state.conflict.mine, event.value)) return settled({ ...known, value: event.value }, 'saved');
        return { ...known, conflict: { ...state.conflict, stored: event.value, version: event.version } };
      }
      // While editing, the version the editor saw stays: a change under them is a conflict at save time.
      if (state.dirty || state.status === 'saving') return state;
      return { ...state, value: event.value, stored: event.value, version: event.version };
    }
  }
}

/** What the field shows: a conflict looks like the save still running until the lock's delay has passed. */
export function visibleStatus(state: AutoSaveState<unknown>): AutoSaveStatus {
  if (state.status === 'conflict' && !state.lockShown) return 'saving';
  return state.status;
}

/** Retries wait 1 s, 2 s, 4 s… up to 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/** Spec section 9: the pause after typing (250 ms; 2000 ms for the callback variant), the lock's delay. */
export const autoSavePauseMs = 250;
export const callbackAutoSavePauseMs = 2000;
export const conflictIndicatorDelayMs = 300;

// Runs an auto-save field's state machine: the pause timer, the save calls, the lock's delay and the
// retries with backoff. Plain TypeScript (no React) so tests drive it with fake timers; useAutoSave
// subscribes a component to it.
import { CallError } from '../../api/call-client';
import {
  autoSavePauseMs,
  autoSaveReducer,
  conflictIndicatorDelayMs,
  initialAutoSave,
  jsonEquals,
  retryDelayMs,
  type AutoSaveEvent,
  type AutoSaveState,
  type Equals,
} from './auto-save-machine';

export type SaveField<T> = (value: T, expectedVersion: number) => Promise<{ version: number }>;

export interface AutoSaveOptions<T> {
  stored: T;
  version: number;
  save: SaveField<T>;
  /** The pause after the last edit before saving (default 250 ms; 2000 ms for the callback variant). */
  delayMs?: number;
  equals?: Equals<T>;
}

/** Refusals a retry cannot change: shown with the server's message and left to the editor. */
const notRetried = new Set(['invalid-argument', 'not-found', 'permission-denied', 'unauthenticated']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What a save's failure means for the field: a conflict (ABORTED with the stored value), or a failure. */
export function saveOutcome<T>(error: unknown): AutoSaveEvent<T> {
  if (error instanceof CallError) {
    const details = error.details;
    if (error.code === 'aborted' && isObject(details) && typeof details.version === 'number' && 'value' in details) {
      return { type: 'saveConflicted', storedValue: details.value as T, storedVersion: details.version };
    }
    return { type: 'saveFailed', message: error.message, retryable: !notRetried.has(error.code) };
  }
  return { type: 'saveFailed', message: error instanceof Error ? error.message : String(error), retryable: true };
}

export class AutoSaveDriver<T> {
  private state: AutoSaveState<T>;
  private readonly listeners = new Set<() => void>();
  private save: SaveField<T>;
  private delayMs: number;
  private equals: Equals<T>;
  private pauseTimer: ReturnType<typeof setTimeout> | undefined;
  private lockTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private startedSave = 0;
  private detached = false;

  constructor(options: AutoSaveOptions<T>) {
    this.state = initialAutoSave(options.stored, options.version);
    this.save = options.save;
    this.delayMs = options.delayMs ?? autoSavePauseMs;
    this.equals = options.equals ?? jsonEquals;
  }

  /** The latest save callback and settings (a component passes new closures on each render). */
  update(options: Pick<AutoSaveOptions<T>, 'save' | 'delayMs' | 'equals'>): void {
    this.save = options.save;
    this.delayMs = options.delayMs ?? autoSavePauseMs;
    this.equals = options.equals ?? jsonEquals;
  }

  getState = (): AutoSaveState<T> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  edit(value: T): void {
    this.dispatch({ type: 'edit', value });
  }

  confirm(): void {
    this.dispatch({ type: 'confirm' });
  }

  reject(): void {
    this.dispatch({ type: 'reject' });
  }

  storedChanged(value: T, version: number): void {
    this.dispatch({ type: 'storedChanged', value, version });
  }

  /** The component is back (React may unmount and mount it again). */
  attach(): void {
    this.detached = false;
    this.schedule(this.state);
  }

  /**
   * The field leaves the page: timers stop, and an edit not yet saved is saved now rather than lost
   * (its answer is not awaited: nobody is left to show it).
   */
  detach(): void {
    this.detached = true;
    this.clearTimers();
    const { status, dirty, value, version } = this.state;
    if (dirty && (status === 'pending' || status === 'failed') && !this.equals(value, this.state.stored)) {
      this.save(value, version).catch(() => undefined);
    }
  }

  private dispatch(event: AutoSaveEvent<T>): void {
    const before = this.state;
    this.state = autoSaveReducer(before, event, this.equals);
    if (this.state === before) return;
    this.schedule(before);
    for (const listener of [...this.listeners]) listener();
  }

  /** Starts what the new state asks for, and stops what it no longer needs. */
  private schedule(before: AutoSaveState<T>): void {
    const state = this.state;
    if (this.detached) {
      // An edit made during the save that was running when the field left: saved on top of its answer.
      if (before.status === 'saving' && state.status === 'pending' && state.dirty) {
        this.save(state.value, state.version).catch(() => undefined);
      }
      this.startSaveIfAsked();
      return;
    }

    const waitingForPause = state.dirty && (state.status === 'pending' || state.status === 'saving') && !state.queued;
    if (!waitingForPause) {
      clearTimeout(this.pauseTimer);
      this.pauseTimer = undefined;
    } else if (state.editSeq !== before.editSeq || state.status !== before.status || !this.pauseTimer) {
      clearTimeout(this.pauseTimer);
      this.pauseTimer = setTimeout(() => {
        this.pauseTimer = undefined;
        this.dispatch({ type: 'pauseElapsed' });
      }, this.delayMs);
    }

    this.startSaveIfAsked();

    if (state.status === 'conflict' && !state.lockShown) {
      if (!this.lockTimer) {
        this.lockTimer = setTimeout(() => {
          this.lockTimer = undefined;
          this.dispatch({ type: 'conflictShown' });
        }, conflictIndicatorDelayMs);
      }
    } else {
      clearTimeout(this.lockTimer);
      this.lockTimer = undefined;
    }

    if (state.status === 'failed' && state.retryable) {
      if (!this.retryTimer || state.failures !== before.failures) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.dispatch({ type: 'retry' });
        }, retryDelayMs(state.failures));
      }
    } else {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
  }

  private startSaveIfAsked(): void {
    const { status, inFlight, saveSeq } = this.state;
    if (status === 'saving' && inFlight && saveSeq !== this.startedSave) {
      this.startedSave = saveSeq;
      void this.runSave(saveSeq, inFlight.value, inFlight.expectedVersion);
    }
  }

  private async runSave(saveSeq: number, value: T, expectedVersion: number): Promise<void> {
    let event: AutoSaveEvent<T>;
    try {
      const { version } = await this.save(value, expectedVersion);
      event = { type: 'saveSucceeded', version };
    } catch (error) {
      event = saveOutcome<T>(error);
    }
    // Only the save the state is waiting for may answer it.
    if (this.state.status === 'saving' && this.state.saveSeq === saveSeq) this.dispatch(event);
  }

  private clearTimers(): void {
    clearTimeout(this.pauseTimer);
    clearTimeout(this.lockTimer);
    clearTimeout(this.retryTimer);
    this.pauseTimer = this.lockTimer = this.retryTimer = undefined;
  }
}

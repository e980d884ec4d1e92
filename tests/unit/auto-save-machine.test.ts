// The auto-save field (spec sections 2 and 9): its state machine, and the driver that runs its timers and
// saves, with fake timers and a save that answers as the server does (a version, or ABORTED with the
// stored value and version as the call client's CallError carries it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../web/src/api/call-client.js';
import {
  autoSaveReducer,
  initialAutoSave,
  retryDelayMs,
  visibleStatus,
  type AutoSaveEvent,
  type AutoSaveState,
} from '../../web/src/components/auto-save/auto-save-machine.js';
import { AutoSaveDriver, saveOutcome } from '../../web/src/components/auto-save/auto-save-driver.js';

function run<T>(state: AutoSaveState<T>, ...events: AutoSaveEvent<T>[]): AutoSaveState<T> {
  return events.reduce((current, event) => autoSaveReducer(current, event), state);
}

describe('auto-save state machine', () => {
  it('waits for the pause, saves the value on top of the stored version, then shows the check', () => {
    const editing = run(initialAutoSave('old', 3), { type: 'edit', value: 'new' });
    expect(editing.status).toBe('pending');
    const saving = run(editing, { type: 'pauseElapsed' });
    expect(saving.status).toBe('saving');
    expect(saving.inFlight).toEqual({ value: 'new', expectedVersion: 3 });
    const saved = run(saving, { type: 'saveSucceeded', version: 4 });
    expect(saved).toMatchObject({ status: 'saved', value: 'new', stored: 'new', version: 4, dirty: false });
  });

  it('a conflict keeps both values and shows the lock only once it is shown', () => {
    const conflict = run(
      initialAutoSave('old', 1),
      { type: 'edit', value: 'mine' },
      { type: 'pauseElapsed' },
      { type: 'saveConflicted', storedValue: 'theirs', storedVersion: 2 },
    );
    expect(conflict.status).toBe('conflict');
    expect(conflict.conflict).toEqual({ mine: 'mine', stored: 'theirs', version: 2 });
    expect(visibleStatus(conflict)).toBe('saving');
    expect(visibleStatus(run(conflict, { type: 'conflictShown' }))).toBe('conflict');
    expect(conflict.value).toBe('mine');
  });

  it('confirm saves the editor value with the stored version; reject takes the stored value', () => {
    const conflict = run(
      initialAutoSave('old', 1),
      { type: 'edit', value: 'mine' },
      { type: 'pauseElapsed' },
      { type: 'saveConflicted', storedValue: 'theirs', storedVersion: 2 },
      { type: 'conflictShown' },
    );
    const confirmed = run(conflict, { type: 'confirm' });
    expect(confirmed.status).toBe('saving');
    expect(confirmed.inFlight).toEqual({ value: 'mine', expectedVersion: 2 });
    expect(run(confirmed, { type: 'saveSucceeded', version: 3 })).toMatchObject({
      status: 'saved',
      stored: 'mine',
      version: 3,
    });

    const rejected = run(conflict, { type: 'reject' });
    expect(rejected).toMatchObject({ status: 'rejected', value: 'theirs', stored: 'theirs', version: 2, dirty: false });
  });

  it('someone storing the same value is no conflict', () => {
    const state = run(
      initialAutoSave('old', 1),
      { type: 'edit', value: 'same' },
      { type: 'pauseElapsed' },
      { type: 'saveConflicted', storedValue: 'same', storedVersion: 2 },
    );
    expect(state).toMatchObject({ status: 'saved', version: 2 });
  });

  it('a fresh read updates an idle field silently, but not one being edited', () => {
    expect(run(initialAutoSave('old', 1), { type: 'storedChanged', value: 'new', version: 2 })).toMatchObject({
      status: 'idle',
      value: 'new',
      version: 2,
    });
    const editing = run(
      initialAutoSave('old', 1),
      { type: 'edit', value: 'mine' },
      { type: 'storedChanged', value: 'theirs', version: 2 },
    );
    expect(editing).toMatchObject({ status: 'pending', value: 'mine', version: 1 });
    // An older read than the one shown changes nothing.
    const newer = run(initialAutoSave('now', 5), { type: 'storedChanged', value: 'before', version: 4 });
    expect(newer.value).toBe('now');
  });

  it('typing back to the stored value saves nothing', () => {
    const state = run(initialAutoSave('same', 1), { type: 'edit', value: 'other' }, { type: 'edit', value: 'same' });
    expect(run(state, { type: 'pauseElapsed' }).status).toBe('idle');
  });

  it('retries wait 1 s, 2 s, 4 s… up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('reads a conflict from the ABORTED answer and a refusal from INVALID_ARGUMENT', () => {
    expect(saveOutcome(new CallError('aborted', 'changed', { field: 'title', value: 'x', version: 7 }))).toEqual({
      type: 'saveConflicted',
      storedValue: 'x',
      storedVersion: 7,
    });
    expect(saveOutcome(new CallError('invalid-argument', 'title: is required'))).toEqual({
      type: 'saveFailed',
      message: 'title: is required',
      retryable: false,
    });
    expect(saveOutcome(new CallError('unavailable', 'unavailable'))).toMatchObject({ retryable: true });
    expect(saveOutcome(new Error('Failed to fetch'))).toMatchObject({ type: 'saveFailed', retryable: true });
  });
});

/** A server field: one value and version; saves conditional on the version, as updateTemplate does. */
class FakeField<T> {
  saves: { value: T; expectedVersion: number; at: number }[] = [];
  /** Failures to answer before succeeding again. */
  failNext = 0;
  /** How long each save takes. */
  latencyMs = 0;

  constructor(
    public value: T,
    public version: number,
  ) {}

  save = async (value: T, expectedVersion: number): Promise<{ version: number }> => {
    this.saves.push({ value, expectedVersion, at: Date.now() });
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new CallError('internal', 'internal');
    }
    if (expectedVersion !== this.version) {
      throw new CallError('aborted', 'changed by someone else', {
        field: 'title',
        value: this.value,
        version: this.version,
      });
    }
    this.value = value;
    this.version += 1;
    return { version: this.version };
  };
}

describe('auto-save driver (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const status = (driver: AutoSaveDriver<string>) => visibleStatus(driver.getState());

  it('saves 250 ms after the last edit, and typing restarts the pause', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    const start = Date.now();
    driver.edit('n');
    await vi.advanceTimersByTimeAsync(200);
    driver.edit('ne');
    await vi.advanceTimersByTimeAsync(200);
    driver.edit('new');
    expect(status(driver)).toBe('pending');
    await vi.advanceTimersByTimeAsync(249);
    expect(field.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(field.saves).toEqual([{ value: 'new', expectedVersion: 1, at: start + 650 }]);
    expect(status(driver)).toBe('saved');
    expect(driver.getState().version).toBe(2);
  });

  it('the callback variant waits 2000 ms', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save, delayMs: 2000 });
    driver.edit('new');
    await vi.advanceTimersByTimeAsync(1999);
    expect(field.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(field.saves).toHaveLength(1);
    expect(status(driver)).toBe('saved');
  });

  it('shows the lock only after the conflict has lasted 300 ms; confirm keeps mine on top of theirs', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    // Another editor saves first.
    await field.save('theirs', 1);
    driver.edit('mine');
    await vi.advanceTimersByTimeAsync(250);
    expect(driver.getState().status).toBe('conflict');
    expect(status(driver)).toBe('saving');
    await vi.advanceTimersByTimeAsync(299);
    expect(status(driver)).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(status(driver)).toBe('conflict');
    expect(driver.getState().conflict).toEqual({ mine: 'mine', stored: 'theirs', version: 2 });

    driver.confirm();
    await vi.advanceTimersByTimeAsync(0);
    expect(field.saves.at(-1)).toMatchObject({ value: 'mine', expectedVersion: 2 });
    expect(field.value).toBe('mine');
    expect(status(driver)).toBe('saved');
  });

  it('a conflict resolved within 300 ms never shows the lock', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    await field.save('theirs', 1);
    driver.edit('mine');
    await vi.advanceTimersByTimeAsync(250);
    driver.storedChanged('mine', 3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(status(driver)).toBe('saved');
    expect(driver.getState().lockShown).toBe(false);
  });

  it('reject takes the stored value and shows the red cross; nothing more is saved', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    await field.save('theirs', 1);
    driver.edit('mine');
    await vi.advanceTimersByTimeAsync(600);
    driver.reject();
    expect(status(driver)).toBe('rejected');
    expect(driver.getState().value).toBe('theirs');
    await vi.advanceTimersByTimeAsync(5000);
    expect(field.saves).toHaveLength(2);
    expect(field.value).toBe('theirs');
    // The next edit saves on top of the version taken.
    driver.edit('after');
    await vi.advanceTimersByTimeAsync(250);
    expect(field.saves.at(-1)).toMatchObject({ value: 'after', expectedVersion: 2 });
    expect(status(driver)).toBe('saved');
  });

  it('a failed save is visible and retried after 1 s, then 2 s, until it passes', async () => {
    const field = new FakeField('old', 1);
    field.failNext = 2;
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    driver.edit('new');
    await vi.advanceTimersByTimeAsync(250);
    expect(status(driver)).toBe('failed');
    expect(driver.getState().error).toBe('internal');
    await vi.advanceTimersByTimeAsync(999);
    expect(field.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(field.saves).toHaveLength(2);
    expect(status(driver)).toBe('failed');
    await vi.advanceTimersByTimeAsync(1999);
    expect(field.saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(field.saves).toHaveLength(3);
    expect(status(driver)).toBe('saved');
    expect(field.value).toBe('new');
  });

  it('an invalid value shows the server message and is not retried', async () => {
    const driver = new AutoSaveDriver({
      stored: 'old',
      version: 1,
      save: () => Promise.reject(new CallError('invalid-argument', 'title: is required', undefined, true)),
    });
    driver.edit('');
    await vi.advanceTimersByTimeAsync(250);
    expect(status(driver)).toBe('failed');
    expect(driver.getState()).toMatchObject({ error: 'title: is required', retryable: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(status(driver)).toBe('failed');
  });

  it('an edit during a save is saved afterwards with the version that save returned', async () => {
    const field = new FakeField('old', 1);
    field.latencyMs = 500;
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    driver.edit('first');
    await vi.advanceTimersByTimeAsync(250);
    expect(status(driver)).toBe('saving');
    driver.edit('second');
    await vi.advanceTimersByTimeAsync(250); // the pause ends while the first save runs
    expect(field.saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250); // the first answers: the second starts at once
    expect(field.saves.map(({ value, expectedVersion }) => ({ value, expectedVersion }))).toEqual([
      { value: 'first', expectedVersion: 1 },
      { value: 'second', expectedVersion: 2 },
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(status(driver)).toBe('saved');
    expect(field.value).toBe('second');
    expect(field.version).toBe(3);
  });

  it('an edit not yet saved when the field leaves the page is saved then', async () => {
    const field = new FakeField('old', 1);
    const driver = new AutoSaveDriver({ stored: 'old', version: 1, save: field.save });
    driver.attach();
    driver.edit('left');
    driver.detach();
    await vi.advanceTimersByTimeAsync(0);
    expect(field.value).toBe('left');
  });
});

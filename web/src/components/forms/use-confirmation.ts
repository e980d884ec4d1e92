// The state of a confirmation (ConfirmModal) for an action on one item: which item is asked about, whether the
// action runs, and why it last failed (in the server's words). The modal closes when the action succeeds.
import { useState } from 'react';
import { messageOf } from './call-problems';

export interface Confirmation<T> {
  /** The item asked about; none: no modal. */
  item: T | undefined;
  ask: (item: T | undefined) => void;
  confirm: () => Promise<void>;
  dismiss: () => void;
  working: boolean;
  problem: string | undefined;
}

export function useConfirmation<T>(run: (item: T) => Promise<void>, failureText: string): Confirmation<T> {
  const [item, setItem] = useState<T | undefined>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const ask = (next: T | undefined) => {
    setItem(next);
    setProblem(undefined);
  };
  const confirm = async () => {
    if (item === undefined || working) return;
    setWorking(true);
    try {
      await run(item);
      ask(undefined);
    } catch (error) {
      setProblem(messageOf(error, failureText));
    } finally {
      setWorking(false);
    }
  };
  return { item, ask, confirm, dismiss: () => ask(undefined), working, problem };
}

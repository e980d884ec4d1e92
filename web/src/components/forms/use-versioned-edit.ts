// The state of an edit conditional on the version the editor saw (the administration modals): the
// record edited from (`base`), the values, the problem the last save left, a 409 conflict with the
// record as it is now, and the two ways on from it (re-apply the changes on top, or take it as it is).
import { useState, type FormEvent } from 'react';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from './call-problems';
import { changedKeys, rebase } from './rebase';

export interface EditConflict<Doc> {
  message: string;
  current: Doc;
}

export interface VersionedEditOptions<Doc, Values extends object> {
  record: Doc;
  valuesOf: (record: Doc) => Values;
  /** The fields the server may name in a refusal. */
  fields: readonly string[];
  failureText: string;
  /** The record in a conflict's details, or undefined when it is not one. */
  currentOf: (value: unknown, base: Doc) => Doc | undefined;
  /** The record as it is now, learnt from a conflict. */
  onCurrent: (record: Doc) => void;
  /** Only these values are edited here (default: all). */
  editable?: readonly (keyof Values)[];
}

export interface VersionedSubmit<Doc, Values> {
  event: FormEvent;
  /** Field errors found before any call; the save stops when there are some. */
  fieldErrors?: Record<string, string>;
  /** Nothing was changed. */
  onUnchanged: () => void;
  /** Saves the changed values on top of `base` (its version). */
  send: (base: Doc, changed: (keyof Values)[]) => Promise<void>;
}

export function useVersionedEdit<Doc, Values extends object>({
  record,
  valuesOf,
  fields,
  failureText,
  currentOf,
  onCurrent,
  editable,
}: VersionedEditOptions<Doc, Values>) {
  const [base, setBase] = useState(record);
  const [values, setValues] = useState<Values>(() => valuesOf(record));
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [conflict, setConflict] = useState<EditConflict<Doc> | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const set = <Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem((current) => withoutFieldError(current, field));
  };

  const submit = async ({ event, fieldErrors, onUnchanged, send }: VersionedSubmit<Doc, Values>) => {
    event.preventDefault();
    if (fieldErrors && Object.keys(fieldErrors).length > 0) {
      setProblem({ fieldErrors });
      return;
    }
    const changed = changedKeys(values, valuesOf(base)).filter((key) => !editable || editable.includes(key));
    if (changed.length === 0) {
      onUnchanged();
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      await send(base, changed);
    } catch (error) {
      const next = problemOf(error, fields, failureText);
      const current = next.conflict ? currentOf(next.conflict.current, base) : undefined;
      if (next.conflict && current) {
        setConflict({ message: next.conflict.message, current });
        onCurrent(current);
      } else {
        setProblem(next);
      }
    } finally {
      setSaving(false);
    }
  };

  const settle = (next: Values) => {
    if (!conflict) return;
    setValues(next);
    setBase(conflict.current);
    setConflict(undefined);
  };
  const reapply = () => conflict && settle(rebase(values, valuesOf(base), valuesOf(conflict.current)));
  const discard = () => conflict && settle(valuesOf(conflict.current));

  return { base, values, setValues, set, problem, conflict, saving, submit, reapply, discard };
}

// Re-applying an edit on top of a record that changed meanwhile (after a 409 conflict): the fields the
// user changed keep the user's value, every other field takes the current one.

/** Deep equality of plain values (strings, numbers, booleans, arrays, plain objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return a === b;
}

export function changedKeys<Values extends object>(values: Values, base: Values): (keyof Values)[] {
  return (Object.keys(values) as (keyof Values)[]).filter((key) => !sameValue(values[key], base[key]));
}

/** `values` was edited from `base`; the record is now `current`. */
export function rebase<Values extends object>(values: Values, base: Values, current: Values): Values {
  const next = { ...current };
  for (const key of changedKeys(values, base)) next[key] = values[key];
  return next;
}

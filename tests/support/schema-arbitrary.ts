// fast-check arbitraries read from a zod/mini schema's definition (`schema._zod.def`), so a call added to the
// registry is fuzzed without anyone writing its generator: values the schema describes (most of them valid),
// and the field names of every object (`def.shape`) for the mutations of tests/fuzz. Free of vitest.
import fc from 'fast-check';

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: ZodLike[];
  in?: ZodLike;
  format?: string;
}

export interface ZodLike {
  _zod: { def: SchemaDef };
}

export const defOf = (schema: ZodLike): SchemaDef => schema._zod.def;

/** Wrappers that make a field optional in an object (zod/mini: z.optional, z._default, z.prefault). */
const optionalTypes = new Set(['optional', 'default', 'prefault']);

/** The schema under optional/nullable/default/pipe wrappers. */
export function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if ((optionalTypes.has(def.type) || def.type === 'nullable' || def.type === 'readonly') && def.innerType)
      current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

export function isOptional(schema: ZodLike): boolean {
  return optionalTypes.has(defOf(schema).type);
}

/** An object schema's fields, with whether each must be present. */
export function fieldsOf(schema: ZodLike): { name: string; schema: ZodLike; required: boolean }[] {
  const def = defOf(unwrap(schema));
  if (def.type !== 'object' || !def.shape) return [];
  return Object.entries(def.shape).map(([name, field]) => ({ name, schema: field, required: !isOptional(field) }));
}

function checksOf(def: SchemaDef): CheckDef[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** Strings of every kind a person or a script may send: ASCII, any code point, graphemes and combining marks. */
export const unicodeText = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.constantFrom(
      '\u0000',
      '\uD800',
      '\uDFFF\uD800',
      '\u202Etxt.exe',
      '\uFEFF',
      'Z̷̢͍a̵l̴g̸o',
      '👩‍👩‍👧‍👦',
      'ß',
      'İ',
      '\r\n',
      '  ',
    ),
  );

function stringArbitrary(def: SchemaDef): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const minLength = Math.max(
    0,
    ...checks.filter((check) => check.check === 'min_length').map((check) => check.minimum ?? 0),
  );
  const maxLength = Math.min(
    ...checks.filter((check) => check.check === 'max_length').map((check) => check.maximum ?? Infinity),
  );
  const patterns = checks
    .filter((check) => check.check === 'string_format' && check.pattern)
    .map((check) => check.pattern!);
  const withinLength = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (patterns.length > 0) {
    const [first, ...rest] = patterns;
    return fc
      .stringMatching(first!, { size: 'small' })
      .filter((value) => withinLength(value) && rest.every((pattern) => pattern.test(value)));
  }
  const cap = Math.min(Number.isFinite(maxLength) ? maxLength : 64, 64);
  return unicodeText(cap).filter(withinLength);
}

function numberArbitrary(def: SchemaDef): fc.Arbitrary<number> {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && check.value !== undefined)
      min = Number(check.value) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than' && check.value !== undefined) max = Number(check.value) - (check.inclusive ? 0 : 1);
  }
  const integer =
    def.type === 'int' || /int/.test(def.format ?? '') || checksOf(def).some((check) => /int/.test(check.format ?? ''));
  if (integer) {
    const low = min ?? -1_000_000;
    return fc.integer({ min: low, max: max ?? Math.max(low, 0) + 1_000_000 });
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema describes; checks are honoured where they are simple (length, pattern, range, enum). */
export function arbitraryFor(schema: ZodLike, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return arbitraryFor(def.innerType!, depth);
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType!, depth), { nil: null });
    case 'pipe':
      return arbitraryFor(def.in!, depth);
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array': {
      const max = Math.min(
        5,
        ...checksOf(def)
          .filter((check) => check.check === 'max_length')
          .map((check) => check.maximum ?? 5),
      );
      return fc.array(arbitraryFor(def.element!, depth + 1), { maxLength: max });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, depth + 1)));
    case 'object': {
      const fields = fieldsOf(schema);
      if (fields.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(fields.map((field) => [field.name, arbitraryFor(field.schema, depth + 1)])), {
        requiredKeys: fields.filter((field) => field.required).map((field) => field.name),
      });
    }
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

// How the analyst pages turn what a scanner wrote into what they show, as plain values for React to render
// as text (never as markup): which references may be links, readable field names,
// how a value of any shape is shown, and sizes and counts in words.

/** A reference as a link target: an http(s) URL only. Anything else (javascript:, data:, words) stays text. */
export function linkHref(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const upperCaseWords = new Set([
  'arn',
  'asn',
  'cdn',
  'cpe',
  'cve',
  'cvss',
  'cwe',
  'dns',
  'epss',
  'http',
  'https',
  'id',
  'ip',
  'lm',
  'nt',
  'ntlm',
  'os',
  'qod',
  'rid',
  'tls',
  'uid',
  'uri',
  'url',
  'wasc',
]);

/** Keys tools write as one lower-case word. */
const joinedKeys: Record<string, string> = {
  alertref: 'Alert ref',
  cweid: 'CWE ID',
  otherinfo: 'Other info',
  pluginid: 'Plugin ID',
  riskcode: 'Risk code',
  riskdesc: 'Risk description',
  sourceid: 'Source ID',
  wascid: 'WASC ID',
};

/** A field's key in words: 'otherInfo' → 'Other info', 'status_code' → 'Status code', 'uri' → 'URI'. */
export function fieldLabel(key: string): string {
  const joined = joinedKeys[key.toLowerCase()];
  if (joined) return joined;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return key;
  return words
    .map((word, index) => {
      if (upperCaseWords.has(word)) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

/** What a value of a scanner's record looks like on the page. */
export type ShownValue =
  | { kind: 'none' }
  /** Short text on one line. */
  | { kind: 'text'; text: string }
  /** Several lines, or long: in a code box, as written. */
  | { kind: 'block'; text: string }
  | { kind: 'list'; items: string[] }
  /** An object: its fields, each shown the same way. */
  | { kind: 'fields'; fields: [string, unknown][] };

/** Text longer than this goes in a code box even on one line. */
export const shortTextLimit = 160;

function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How to show `value`: nothing for empty values; text, or a code box when it has several lines or is long
 * (always, with `code`: evidence is shown as written); a list of short values; an object's fields.
 */
export function shownValue(value: unknown, { code = false }: { code?: boolean } = {}): ShownValue {
  if (value === undefined || value === null) return { kind: 'none' };
  const text = primitiveText(value);
  if (text !== undefined) {
    if (text.trim() === '') return { kind: 'none' };
    if (typeof value !== 'string') return { kind: 'text', text };
    return code || text.includes('\n') || text.length > shortTextLimit
      ? { kind: 'block', text }
      : { kind: 'text', text };
  }
  if (Array.isArray(value)) {
    const items = value.map(primitiveText);
    if (items.every((item): item is string => item !== undefined)) {
      const shown = items.filter((item) => item.trim() !== '');
      if (shown.length === 0) return { kind: 'none' };
      if (code || shown.some((item) => item.includes('\n') || item.length > shortTextLimit)) {
        return { kind: 'block', text: shown.join('\n') };
      }
      return { kind: 'list', items: shown };
    }
    return { kind: 'block', text: JSON.stringify(value, null, 2) };
  }
  if (isRecord(value)) {
    // Flags ({ lower: true, upper: true, digit: false }): the names of those set.
    const flags = Object.values(value);
    if (flags.length > 0 && flags.every((flag) => typeof flag === 'boolean')) {
      const set = Object.keys(value)
        .filter((key) => value[key] === true)
        .map(fieldLabel);
      return set.length > 0 ? { kind: 'text', text: set.join(', ') } : { kind: 'text', text: 'None' };
    }
    const fields = Object.entries(value).filter(([, field]) => shownValue(field).kind !== 'none');
    return fields.length === 0 ? { kind: 'none' } : { kind: 'fields', fields };
  }
  // JSON holds nothing else (no functions, symbols or big integers).
  return { kind: 'none' };
}

/** One line for a record of the tool's (an asset's detail): its short values, 'Label value' joined by ' · '. */
export function summaryLine(record: Record<string, unknown>, maxParts = 6): string {
  const parts: string[] = [];
  const visit = (value: unknown, label: string) => {
    if (parts.length >= maxParts) return;
    const shown = shownValue(value);
    if (shown.kind === 'text') parts.push(`${label} ${shown.text}`);
    else if (shown.kind === 'list') parts.push(`${label} ${shown.items.join(', ')}`);
    else if (shown.kind === 'fields') for (const [key, field] of shown.fields) visit(field, fieldLabel(key));
  };
  for (const [key, value] of Object.entries(record)) visit(value, fieldLabel(key));
  return parts.join(' · ');
}

/** The instance fields in the order a reader wants them; fields the tool added come after. */
const instanceFieldOrder = ['uri', 'method', 'param', 'attack', 'evidence', 'otherInfo', 'extracted', 'alert'];

/** An instance's own state fields: the table shows them in its State column. */
const instanceStateFields = new Set(['id', 'state', 'fixedAt']);

/** The fields any instance has, in reading order (its state apart). */
export function instanceColumns(instances: readonly Record<string, unknown>[]): string[] {
  const present = new Set(
    instances.flatMap((instance) => Object.keys(instance)).filter((field) => !instanceStateFields.has(field)),
  );
  const known = instanceFieldOrder.filter((field) => present.has(field));
  const others = [...present].filter((field) => !instanceFieldOrder.includes(field)).sort();
  return [...known, ...others];
}

const countFormat = new Intl.NumberFormat('en');

/** '1,234'. */
export function countText(count: number): string {
  return countFormat.format(count);
}

/** A finding's instances in a list or detail: '12', or '3 of 12 fixed' once a scan no longer sees some. */
export function instancesText(finding: { instanceCount: number; fixedInstanceCount: number }): string {
  const { instanceCount, fixedInstanceCount } = finding;
  return fixedInstanceCount > 0
    ? `${countText(fixedInstanceCount)} of ${countText(instanceCount)} fixed`
    : countText(instanceCount);
}

/** '0 B', '512 B', '1.5 KB', '12.3 MB' (binary units, as the 200 MB limit is counted). */
export function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** '3 findings', '1 finding'. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${countText(count)} ${count === 1 ? noun : nouns}`;
}

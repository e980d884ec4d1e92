// Reading loosely typed fields of scanner JSON: tools change a string to a list (nuclei's reference,
// author, tags) or a number to a string (httpx's port) between versions, and both must read the same.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const found = value[key];
  return isObject(found) ? found : undefined;
}

/** A string or a number as a trimmed string; anything else (null, objects, empty text) is undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The first of several field names that holds a value (`template-id` in nuclei 2.6+, `templateID` before). */
export function firstText(object: JsonObject, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = text(object[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

export function numberValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * A list from an array, or from a string split on `split` (nuclei before 2.6 wrote tags as "a,b" and
 * references as "- url\n- url"). A YAML-style leading "- " is dropped from each item.
 */
export function textList(value: unknown, split: RegExp = /[\n,]/): string[] {
  const items = Array.isArray(value) ? value.map(text) : typeof value === 'string' ? value.split(split) : [];
  const out: string[] = [];
  for (const item of items) {
    const cleaned = item?.trim().replace(/^-\s+/, '').trim();
    if (cleaned) out.push(cleaned);
  }
  return out;
}

/** An ISO 8601 time from a tool's timestamp, or undefined when it cannot be read. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Unix seconds (Nmap's start, Prowler's time).
    return new Date(value * 1000).toISOString();
  }
  const raw = text(value);
  if (raw === undefined) return undefined;
  if (/^\d{9,11}$/.test(raw)) return new Date(Number(raw) * 1000).toISOString();
  // Nanosecond fractions (nuclei, httpx) are more than Date reads; keep milliseconds.
  let normalised = raw.replace(/(\.\d{3})\d+/, '$1');
  // A time without a zone (Prowler's time_dt and CSV TIMESTAMP, ZAP's "generated") is read as UTC, not
  // as the machine's zone, so the same file gives the same time everywhere.
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(normalised)) {
    normalised = `${normalised.replace(' ', 'T')}Z`;
  } else if (/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}(:\d{2})?$/.test(normalised)) {
    normalised = `${normalised} GMT`;
  }
  const time = Date.parse(normalised);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

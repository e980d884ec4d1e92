// The lists' text search: a filter matches a row when it is a case-insensitive part of one of the
// fields the row shows. The server and the web normalise both sides with these same functions, so what
// the server finds and what the browser narrows loaded rows to agree.

/** The longest filter text a list call accepts. */
export const filterMaxLength = 100;

/** Fields are kept one a line; a normalised filter holds no line break, so it never spans two fields. */
const fieldSeparator = '\n';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lower case, compatibility-normalised, whitespace runs as one space, no lone surrogate (DynamoDB refuses them). */
export function searchKey(text: string): string {
  return text.replace(loneSurrogate, '\uFFFD').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The stored (or computed) search text of a row: its shown fields, normalised, one a line. */
export function searchText(fields: readonly (string | undefined)[]): string {
  return fields
    .map((field) => (field === undefined ? '' : searchKey(field)))
    .filter((field) => field !== '')
    .join(fieldSeparator);
}

/** A filter as the lists use it: normalised, or undefined when it holds nothing to match. */
export function filterKey(filter: string | undefined): string | undefined {
  const key = filter === undefined ? '' : searchKey(filter);
  return key === '' ? undefined : key;
}

/** Whether the row's search text holds the filter (an empty filter matches every row). */
export function matchesFilter(text: string, filter: string | undefined): boolean {
  const key = filterKey(filter);
  return key === undefined || text.includes(key);
}

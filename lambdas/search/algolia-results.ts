// The answers of Algolia's search REST API, for the subset the official client uses: one query's
// parameters (in the v5 body's own fields, or a legacy `params` query string), and its result with hits
// and their `_highlightResult`. Highlighted values are HTML-escaped before the tags are put in, so the
// web may render them as HTML without a template's text ever becoming markup.
import {
  normaliseWord,
  searchableFields,
  type IndexedTemplate,
  type SearchableField,
  type TemplateMatch,
} from '../kernel/templates/template-index.js';

export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface QueryParams {
  indexName: string;
  query: string;
  page: number;
  hitsPerPage: number;
  attributesToRetrieve?: string[];
  attributesToHighlight: SearchableField[];
  highlightPreTag: string;
  highlightPostTag: string;
}

const maxHitsPerPage = 1000;

function stringList(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    // A legacy params string gives lists as JSON ('["title"]') or comma separated.
    if (value.startsWith('[')) {
      try {
        return stringList(JSON.parse(value) as unknown, name);
      } catch {
        throw new SearchRequestError(400, `Invalid value for "${name}": expected a list of strings`);
      }
    }
    return value.split(',').filter(Boolean);
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw new SearchRequestError(400, `Invalid value for "${name}": expected a list of strings`);
}

function integer(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
    throw new SearchRequestError(400, `Invalid value for "${name}": expected an integer from 0 to ${max}`);
  }
  return number;
}

function text(value: unknown, name: string, fallback: string, max = 512): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.length > max) {
    throw new SearchRequestError(400, `Invalid value for "${name}": expected a string of at most ${max} characters`);
  }
  return value;
}

/** One entry of `requests`: its fields, with a legacy `params` string's parameters under them. */
export function queryParamsOf(request: unknown): QueryParams {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new SearchRequestError(400, 'Each request must be an object');
  }
  const entry = request as Record<string, unknown>;
  if (entry.type === 'facet') throw new SearchRequestError(400, 'Searching for facet values is not supported');
  const legacy = typeof entry.params === 'string' ? Object.fromEntries(new URLSearchParams(entry.params)) : {};
  const fields: Record<string, unknown> = { ...legacy, ...entry };
  const highlight = stringList(fields.attributesToHighlight, 'attributesToHighlight');
  return {
    indexName: text(fields.indexName, 'indexName', ''),
    query: text(fields.query, 'query', ''),
    page: integer(fields.page, 'page', 0, 10_000),
    hitsPerPage: integer(fields.hitsPerPage, 'hitsPerPage', 20, maxHitsPerPage),
    attributesToRetrieve: stringList(fields.attributesToRetrieve, 'attributesToRetrieve'),
    attributesToHighlight: (highlight?.includes('*') || highlight === undefined
      ? Object.keys(searchableFields)
      : highlight.filter((field) => field in searchableFields)) as SearchableField[],
    highlightPreTag: text(fields.highlightPreTag, 'highlightPreTag', '<em>', 100),
    highlightPostTag: text(fields.highlightPostTag, 'highlightPostTag', '</em>', 100),
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`.replace('&#38;', '&amp;'));

interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** One attribute's value with the words that matched wrapped in the tags. */
function highlight(value: string, match: TemplateMatch, params: QueryParams): HighlightResult {
  let marked = 0;
  let words = 0;
  const found = new Set<string>();
  let out = '';
  let last = 0;
  for (const token of value.matchAll(/[\p{L}\p{N}]+/gu)) {
    words += 1;
    const term = normaliseWord(token[0]);
    if (!match.matchedTerms.has(term)) continue;
    marked += 1;
    for (const queryWord of match.queryWords) if (queryWord.terms.has(term)) found.add(queryWord.word);
    out +=
      escapeHtml(value.slice(last, token.index)) +
      params.highlightPreTag +
      escapeHtml(token[0]) +
      params.highlightPostTag;
    last = token.index + token[0].length;
  }
  out += escapeHtml(value.slice(last));
  const matchedWords = match.queryWords.map((queryWord) => queryWord.word).filter((word) => found.has(word));
  const matchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === match.queryWords.length ? 'full' : 'partial';
  return {
    value: out,
    matchLevel,
    matchedWords,
    ...(matchLevel === 'none' ? {} : { fullyHighlighted: marked === words }),
  };
}

function hitOf(match: TemplateMatch, params: QueryParams): Record<string, unknown> {
  const { template } = match;
  const retrieve = params.attributesToRetrieve;
  const all = retrieve === undefined || retrieve.includes('*');
  const hit: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(template) as [keyof IndexedTemplate, unknown][]) {
    if (name === 'templateId') continue;
    if (all || retrieve.includes(name)) hit[name] = value;
  }
  hit.objectID = template.templateId;
  const highlighted: Record<string, HighlightResult | HighlightResult[]> = {};
  for (const field of params.attributesToHighlight) {
    const value = template[field];
    highlighted[field] = Array.isArray(value)
      ? value.map((item) => highlight(item, match, params))
      : highlight(value, match, params);
  }
  hit._highlightResult = highlighted;
  return hit;
}

/** Algolia's `params` echo: the query's parameters as a query string. */
function paramsString(params: QueryParams): string {
  return new URLSearchParams({
    query: params.query,
    page: String(params.page),
    hitsPerPage: String(params.hitsPerPage),
  }).toString();
}

/** The page a query asks for, as the index's search takes it. */
export const pageOf = (params: QueryParams) => ({
  offset: params.page * params.hitsPerPage,
  length: params.hitsPerPage,
});

export function searchResult(
  params: QueryParams,
  found: { total: number; matches: TemplateMatch[] },
  startedAt: number,
) {
  const nbHits = found.total;
  return {
    hits: found.matches.map((match) => hitOf(match, params)),
    nbHits,
    page: params.page,
    nbPages: params.hitsPerPage === 0 ? 0 : Math.ceil(nbHits / params.hitsPerPage),
    hitsPerPage: params.hitsPerPage,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { nbHits: true, typo: true },
    processingTimeMS: Math.round(performance.now() - startedAt),
    query: params.query,
    params: paramsString(params),
    index: params.indexName,
    renderingContent: {},
  };
}

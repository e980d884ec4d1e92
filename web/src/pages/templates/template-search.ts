// The template search (spec sections 7 and 8): the official Algolia lite client, unmodified,
// with the application id and short-lived key getSearchClient hands out and the hosts runtime-config.json
// names, so its timeouts, retries across hosts and host marking are Algolia's own. The key is fetched again
// shortly before it expires, or when the endpoint refuses it (403), and the search is tried once more.
import { liteClient } from 'algoliasearch/lite';
import { callFunction } from '../../api/call-client';
import { searchHosts } from '../../config/search-hosts';
import type { TemplateDoc } from '../../../../lambdas/calls/shared/template-schemas';

/** The index integrators rely on (lambdas/kernel/templates/template-fields.ts). */
export const templateIndexName = 'finding_templates';

/** A highlighted value as Algolia answers it: the text, HTML-escaped, with <em> around matched words. */
export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export type TemplateHit = Omit<
  TemplateDoc,
  'templateId' | 'fieldVersions' | 'createdAt' | 'createdBy' | 'updatedBy'
> & {
  objectID: string;
  _highlightResult?: Partial<
    Record<'title' | 'rules' | 'tags' | 'cwe' | 'description' | 'remediation', HighlightResult | HighlightResult[]>
  >;
};

export interface TemplateSearchPage {
  hits: TemplateHit[];
  nbHits: number;
  nbPages: number;
  page: number;
}

/** What went wrong, in spec section 8's terms. */
export interface SearchProblem {
  title: string;
  message: string;
}

type SearchClient = ReturnType<typeof liteClient>;

interface Credentials {
  client: SearchClient;
  /** When to fetch a new key (a minute before the key's validUntil). */
  renewAt: number;
}

/** A key's life when its validUntil cannot be read (getSearchClient's keys last an hour). */
const assumedKeyLifeMs = 55 * 60 * 1000;
const renewBeforeMs = 60 * 1000;

/** The validUntil (ms) of an Algolia secured key: base64 of a hex HMAC followed by its query parameters. */
export function keyValidUntil(searchKey: string): number | undefined {
  try {
    const decoded = atob(searchKey);
    const seconds = Number(new URLSearchParams(decoded.slice(64)).get('validUntil'));
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

let credentials: Promise<Credentials> | undefined;

async function fetchCredentials(): Promise<Credentials> {
  const answer = await callFunction('getSearchClient', { type: 'search' });
  if (!answer.success) throw new Error('The search service gave no key.');
  const hosts = searchHosts();
  // An empty appId or key is refused here with the client's own words ('`appId` is missing.'), spec 5.
  const client = liteClient(answer.appId, answer.searchKey, hosts.length > 0 ? { hosts } : undefined);
  const validUntil = keyValidUntil(answer.searchKey) ?? Date.now() + assumedKeyLifeMs;
  return { client, renewAt: validUntil - renewBeforeMs };
}

async function currentClient(): Promise<SearchClient> {
  if (credentials) {
    const held = await credentials.catch(() => undefined);
    if (held && Date.now() < held.renewAt) return held.client;
  }
  credentials = fetchCredentials();
  credentials.catch(() => {
    credentials = undefined;
  });
  return (await credentials).client;
}

let cacheStale = false;

/** The library changed: the client's answer cache must not serve the old hits. */
export function forgetSearchResults(): void {
  cacheStale = true;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

async function searchOnce(query: string, page: number, hitsPerPage: number): Promise<TemplateSearchPage> {
  const client = await currentClient();
  if (cacheStale) {
    cacheStale = false;
    await client.clearCache();
  }
  const { results } = await client.search<TemplateHit>({
    requests: [{ indexName: templateIndexName, query, page, hitsPerPage }],
  });
  const result = results[0] as Partial<TemplateSearchPage> | undefined;
  return {
    hits: result?.hits ?? [],
    nbHits: result?.nbHits ?? 0,
    nbPages: result?.nbPages ?? 0,
    page: result?.page ?? page,
  };
}

/** One page of the templates matching `query`, ranked as the search service answers. */
export async function searchTemplates(query: string, page = 0, hitsPerPage = 20): Promise<TemplateSearchPage> {
  try {
    return await searchOnce(query, page, hitsPerPage);
  } catch (error) {
    // An expired or refused key: a new one, and one more try.
    if (statusOf(error) !== 403) throw error;
    credentials = undefined;
    return await searchOnce(query, page, hitsPerPage);
  }
}

/** Spec section 8's search errors: unreachable hosts, API errors with their status, deserialization errors. */
export function searchProblemOf(error: unknown): SearchProblem {
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  const status = statusOf(error);
  if (name === 'RetryError') return { title: 'The search service is unreachable', message };
  if (name === 'DeserializationError') return { title: 'The search answer could not be read', message };
  if (status !== undefined) return { title: `The search failed (HTTP ${status})`, message };
  if (/^`(appId|apiKey)` is missing\.$/.test(message)) return { title: 'The search is not configured', message };
  return { title: 'The search failed', message };
}

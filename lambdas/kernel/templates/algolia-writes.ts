// Algolia's write API as far as the template mirror uses it (template-mirror.ts): batch writes and the settings of
// one index, as Algolia's REST API defines them, on fetch, with the official client's retry strategy: the
// application's write host, then its three fallback hosts in random order; a host that does not answer in time or
// answers 5xx is left for the next, a 4xx is the answer (ApiError), and when every host failed the error is a
// RetryError, as the client names them. It replaces Algolia's official client (@algolia/client-search), about 60 KB
// of the import worker's bundle for these two requests, which kept the bundle over its 600 KB budget.
import type { BatchRequest, IndexSettings } from '@algolia/client-search';

export interface AlgoliaHost {
  url: string;
  protocol: 'http' | 'https';
  port?: number;
}

/** An answer of Algolia other than a success: its message and HTTP status. */
export class AlgoliaApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No host answered (each timed out, could not be reached, or answered 5xx). */
export class AlgoliaRetryError extends Error {
  constructor(tried: number) {
    super(`Unreachable hosts: none of the ${tried} Algolia hosts answered the write`);
    this.name = 'RetryError';
  }
}

/** The official client's time for a write to be answered. */
const writeTimeoutMs = 30_000;

/** The official client's hosts for writes: the application's, then the three fallbacks, shuffled. */
export function defaultWriteHosts(appId: string): AlgoliaHost[] {
  const fallbacks = [1, 2, 3].map((n): AlgoliaHost => ({ url: `${appId}-${n}.algolianet.com`, protocol: 'https' }));
  for (let index = fallbacks.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [fallbacks[index], fallbacks[other]] = [fallbacks[other]!, fallbacks[index]!];
  }
  return [{ url: `${appId}.algolia.net`, protocol: 'https' }, ...fallbacks];
}

export interface AlgoliaWriter {
  batch(request: { indexName: string; batchWriteParams: { requests: BatchRequest[] } }): Promise<unknown>;
  setSettings(request: { indexName: string; indexSettings: IndexSettings }): Promise<unknown>;
}

export function algoliaWriter(appId: string, apiKey: string, hosts = defaultWriteHosts(appId)): AlgoliaWriter {
  const send = async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<unknown> => {
    for (const host of hosts) {
      const origin = `${host.protocol}://${host.url}${host.port === undefined ? '' : `:${host.port}`}`;
      let answer: Response;
      try {
        answer = await fetch(`${origin}${path}`, {
          method,
          headers: {
            'content-type': 'text/plain',
            'x-algolia-application-id': appId,
            'x-algolia-api-key': apiKey,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(writeTimeoutMs),
        });
      } catch {
        continue; // unreachable or too slow: the next host
      }
      const text = await answer.text().catch(() => '');
      if (answer.status >= 500) continue;
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        parsed = { message: text };
      }
      if (answer.ok) return parsed;
      const message = (parsed as { message?: unknown }).message;
      throw new AlgoliaApiError(
        typeof message === 'string' ? message : `Algolia answered ${answer.status}`,
        answer.status,
      );
    }
    throw new AlgoliaRetryError(hosts.length);
  };
  const indexPath = (indexName: string) => `/1/indexes/${encodeURIComponent(indexName)}`;
  return {
    batch: ({ indexName, batchWriteParams }) => send('POST', `${indexPath(indexName)}/batch`, batchWriteParams),
    setSettings: ({ indexName, indexSettings }) => send('PUT', `${indexPath(indexName)}/settings`, indexSettings),
  };
}

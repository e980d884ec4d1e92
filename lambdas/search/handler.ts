// The template search endpoint: the part of Algolia's REST API that the official client (algoliasearch,
// lite) uses, over the in-memory template index. POST {base}/1/indexes/*/queries answers each request
// of the body's `requests`; POST {base}/1/indexes/*/recommendations is refused cleanly (400, no models
// here). The key (x-algolia-api-key, in the headers or the query string) is a secured key from
// getSearchClient: refused with 403 and Algolia's words when forged, expired, or for another index.
// Errors are Algolia's shape, `{message, status}`, which the client turns into its ApiError.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { readConfig } from '../kernel/config.js';
import { PermissionDeniedError } from '../kernel/errors.js';
import { requireOriginSecret } from '../kernel/http/origin-secret.js';
import { logger } from '../kernel/logger.js';
import { templateIndexName } from '../kernel/templates/template-fields.js';
import { templateIndex } from '../kernel/templates/template-index.js';
import { checkSearchKey, searchKeySecret } from '../kernel/templates/search-key.js';
import { pageOf, queryParamsOf, searchResult, SearchRequestError } from './algolia-results.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';

/** Queries one request body may hold. */
const maxRequests = 50;
const maxBodyBytes = 256 * 1024;

function answer(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

const refusal = (status: number, message: string) => answer(status, { message, status });

function credential(event: APIGatewayProxyEventV2, name: string): string {
  const header = event.headers?.[name];
  if (header) return header;
  return new URLSearchParams(event.rawQueryString ?? '').get(name) ?? '';
}

function requestsOf(event: APIGatewayProxyEventV2): unknown[] {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (Buffer.byteLength(raw) > maxBodyBytes) throw new SearchRequestError(413, 'The request body is too large');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new SearchRequestError(400, 'The request body is not valid JSON');
  }
  const requests = (body as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests)) throw new SearchRequestError(400, 'Missing "requests": expected a list of queries');
  if (requests.length > maxRequests) {
    throw new SearchRequestError(400, `At most ${maxRequests} queries may be sent at once`);
  }
  return requests;
}

export async function handleSearch(event: APIGatewayProxyEventV2, now = Date.now()) {
  const startedAt = performance.now();
  const method = event.requestContext.http.method;
  const path = event.rawPath;
  const operation = /\/1\/indexes\/\*\/(queries|recommendations)$/.exec(path)?.[1];
  // Like every API route: a request that did not come through the CDN is refused before anything else.
  try {
    await requireOriginSecret(event.headers);
  } catch (error) {
    if (error instanceof PermissionDeniedError) return refusal(403, error.message);
    throw error;
  }
  if (method !== 'POST' || !operation) return refusal(404, 'Not found');

  const { SEARCH_APP_ID } = readConfig();
  const appId = credential(event, 'x-algolia-application-id');
  const key = credential(event, 'x-algolia-api-key');
  const checked = checkSearchKey(await searchKeySecret(), key, now);
  if (appId !== SEARCH_APP_ID || !checked.valid) {
    return refusal(403, checked.valid ? 'Invalid Application-ID or API key' : checked.message);
  }
  try {
    const requests = requestsOf(event);
    if (operation === 'recommendations') {
      return refusal(400, 'Recommendations are not available on this search service');
    }
    const queries = requests.map(queryParamsOf);
    for (const query of queries) {
      if (!checked.restrictions.restrictIndices.includes(query.indexName)) {
        return refusal(403, `Index not allowed with this API key: ${query.indexName || '(none)'}`);
      }
      if (query.indexName !== templateIndexName) return refusal(404, `Index ${query.indexName} does not exist`);
    }
    await templateIndex.ensureFresh(now);
    const results = queries.map((query) =>
      searchResult(query, templateIndex.search(query.query, pageOf(query)), startedAt),
    );
    return answer(200, { results });
  } catch (error) {
    if (error instanceof SearchRequestError) return refusal(error.status, error.message);
    throw error;
  }
}

export const handler = observedHandler(
  'templateSearch',
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      return await handleSearch(event);
    } catch (error) {
      logger.error('Template search failed', { error: (error as Error).name });
      // A 5xx makes the client try its next host; the index may build there.
      return refusal(500, 'Internal error');
    }
  },
  { correlationId: (event) => event.requestContext?.requestId },
);

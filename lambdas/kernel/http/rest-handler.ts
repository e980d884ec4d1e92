// Turns an API Gateway HTTP API (v2) event of a REST route (lambdas/api/rest-routes.ts) into one run of its
// function and shapes the answer: JSON (or a route's HTML page), `no-store`, errors as the call protocol has them ({error: {status,
// message, details?}}, Retry-After on a 429) and only through toErrorResponse, so nothing unplanned leaks.
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { NotFoundError, toErrorResponse } from '../errors.js';
import { logger } from '../logger.js';
import { requireOriginSecret } from './origin-secret.js';

export interface RestRequest {
  headers: Record<string, string | undefined>;
  /** The body as text (decoded when API Gateway sent it base64-encoded). */
  body: string | undefined;
  pathParameters: Record<string, string | undefined>;
  requestId: string;
}

export interface RestAnswer {
  statusCode: number;
  /** Sent as JSON, unless `html` is given. */
  body?: unknown;
  /** A page instead of JSON (the unsubscribe link's): sent as text/html. */
  html?: string;
  headers?: Record<string, string>;
}

export type RestRoute = (request: RestRequest) => Promise<RestAnswer>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

export function makeRestHandler(routes: Readonly<Record<string, RestRoute>>) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> => {
    const requestId = event.requestContext.requestId;
    try {
      // As for the calls: a request that did not come through the CDN is refused before anything else.
      await requireOriginSecret(event.headers);
      const route = Object.hasOwn(routes, event.routeKey) ? routes[event.routeKey] : undefined;
      if (!route) throw new NotFoundError('Unknown route');
      const raw = event.body;
      const body = raw === undefined ? undefined : event.isBase64Encoded ? Buffer.from(raw, 'base64').toString() : raw;
      const answer = await route({
        headers: event.headers ?? {},
        body,
        pathParameters: event.pathParameters ?? {},
        requestId,
      });
      if (answer.html !== undefined) {
        return { statusCode: answer.statusCode, headers: { ...htmlHeaders, ...answer.headers }, body: answer.html };
      }
      return {
        statusCode: answer.statusCode,
        headers: { ...jsonHeaders, ...answer.headers },
        body: JSON.stringify(answer.body),
      };
    } catch (error) {
      const { statusCode, body, headers } = toErrorResponse(error, requestId);
      if (statusCode >= 500) {
        logger.error('Route failed', { requestId, path: event.rawPath, error: error as Error });
      }
      return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
    }
  };
}

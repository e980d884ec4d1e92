// The Lambda behind every /api/calls/{name} route and the REST routes of lambdas/api/rest-routes.ts (the public
// DAST endpoint, the weekly digest's unsubscribe link), told apart by API Gateway's route key.
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { callRegistry } from '../calls/registry.js';
import { readConfig } from '../kernel/config.js';
import { cancelDastScan, getDastScan, triggerDastScan } from '../kernel/dast-scans/dast-scans.js';
import { makeCallHandler } from '../kernel/http/call-handler.js';
import { makeRestHandler, type RestRoute } from '../kernel/http/rest-handler.js';
import { requestRetestByKey } from '../kernel/remediation/retest-by-key.js';
import { unsubscribeByLink, unsubscribeConfirmation } from '../kernel/notifications/digest-unsubscribe.js';
import { isRestRouteKey, type RestRouteKey } from './rest-routes.js';

readConfig(); // fail at cold start, loudly, on a missing or malformed setting

const restRoutes: Record<RestRouteKey, RestRoute> = {
  'POST /api/dast/v1/scans': async ({ headers, body }) => {
    const answer = await triggerDastScan(headers.authorization, body);
    return { statusCode: 202, body: answer, headers: { location: answer.statusUrl } };
  },
  'GET /api/dast/v1/scans/{scanId}': async ({ headers, pathParameters }) => ({
    statusCode: 200,
    body: await getDastScan(headers.authorization, pathParameters.scanId),
  }),
  'DELETE /api/dast/v1/scans/{scanId}': async ({ headers, pathParameters }) => ({
    statusCode: 200,
    body: await cancelDastScan(headers.authorization, pathParameters.scanId),
  }),
  'POST /api/findings/v1/retests': async ({ headers, body }) => ({
    statusCode: 202,
    body: await requestRetestByKey(headers.authorization, body),
  }),
  'GET /api/digest/unsubscribe/{token}': async ({ pathParameters }) =>
    unsubscribeConfirmation(pathParameters.token ?? ''),
  'POST /api/digest/unsubscribe/{token}': async ({ pathParameters }) => unsubscribeByLink(pathParameters.token ?? ''),
};

const calls = makeCallHandler(callRegistry);
const rest = makeRestHandler(restRoutes);

export const handler = (
  event: Parameters<typeof calls>[0] & APIGatewayProxyEventV2,
): Promise<APIGatewayProxyResultV2> => (isRestRouteKey(event.routeKey) ? rest(event) : calls(event));

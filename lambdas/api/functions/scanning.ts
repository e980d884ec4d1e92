// The scanning function: locations, agents and DAST API keys (lambdas/calls/groups/scanning.ts), and the public
// DAST endpoint pipelines call with a DAST API key.
import { scanningCalls } from '../../calls/groups/scanning.js';
import { cancelDastScan, getDastScan, triggerDastScan } from '../../kernel/dast-scans/dast-scans.js';
import type { RestRoute } from '../../kernel/http/rest-handler.js';
import { makeApiFunction } from '../api-function.js';
import type { RestRoutesOf } from '../rest-routes.js';

const restRoutes: Record<keyof RestRoutesOf<'scanning'>, RestRoute> = {
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
};

export const handler = makeApiFunction('scanningApi', scanningCalls, restRoutes);

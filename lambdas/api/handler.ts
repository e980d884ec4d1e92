// The API as API Gateway routes it: each call to its group's function (lambdas/api/functions/, by callGroupOf), each
// REST route to its group's (rest-routes.ts), and a name no call has to the people function, which answers it
// NOT_FOUND as the catch-all route does. On AWS, CDK gives each group a Lambda function and each route its
// integration (infra/constructs/api.ts); the local stack's API adapter and the tests call this, so every request
// runs the same function code as on AWS. No Lambda runs this file.
import { callGroupOf, type CallGroup } from '../calls/registry.js';
import type { ApiEvent, ApiHandler } from './api-function.js';
import { handler as findings } from './functions/findings.js';
import { handler as people } from './functions/people.js';
import { handler as scanning } from './functions/scanning.js';
import { handler as vault } from './functions/vault.js';
import { isRestRouteKey, restRouteGroups } from './rest-routes.js';

export const apiFunctions: Record<CallGroup, ApiHandler> = { people, findings, scanning, vault };

/** The group whose function API Gateway hands this event to. */
export function apiGroupOf(event: Pick<ApiEvent, 'routeKey' | 'pathParameters'>): CallGroup {
  if (isRestRouteKey(event.routeKey)) return restRouteGroups[event.routeKey];
  return callGroupOf(event.pathParameters?.name ?? '') ?? 'people';
}

export const handler: ApiHandler = (event) => apiFunctions[apiGroupOf(event)](event);

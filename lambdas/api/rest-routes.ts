// The REST routes the API functions answer beside the call protocol (/api/calls/{name}): the public DAST endpoint
// for pipelines holding a DAST API key (no Cognito token; the handler verifies the key), answered by the scanning
// function; the retest route of ticket systems holding a company key (findings:retest), answered by the findings
// function; and the weekly digest's unsubscribe link (its signed token checked by the handler; a page to confirm,
// a one-click POST), answered by the people function. The route keys are API Gateway's ("METHOD /path/{param}"):
// CDK adds exactly these routes, each to its group's function (infra/constructs/api.ts), the local API adapter
// serves them with the same route keys, and the function picks the route by event.routeKey.
import type { CallGroup } from '../calls/registry.js';

export const restRouteGroups = {
  'POST /api/dast/v1/scans': 'scanning',
  'GET /api/dast/v1/scans/{scanId}': 'scanning',
  'DELETE /api/dast/v1/scans/{scanId}': 'scanning',
  'POST /api/findings/v1/retests': 'findings',
  'GET /api/digest/unsubscribe/{token}': 'people',
  'POST /api/digest/unsubscribe/{token}': 'people',
} as const satisfies Record<string, CallGroup>;

export type RestRouteKey = keyof typeof restRouteGroups;

export const restRouteKeys = Object.keys(restRouteGroups) as RestRouteKey[];

export function isRestRouteKey(routeKey: string | undefined): routeKey is RestRouteKey {
  return Object.hasOwn(restRouteGroups, routeKey ?? '');
}

/** The REST routes one group's function answers. */
export type RestRoutesOf<Group extends CallGroup> = {
  [Key in RestRouteKey as (typeof restRouteGroups)[Key] extends Group ? Key : never]: unknown;
};

/** A route key's method and path template. */
export function splitRouteKey(routeKey: RestRouteKey): { method: string; path: string } {
  const [method, path] = routeKey.split(' ') as [string, string];
  return { method, path };
}

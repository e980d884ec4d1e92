// The REST routes the API function answers beside the call protocol (/api/calls/{name}): the public DAST endpoint
// for pipelines holding a DAST API key (no Cognito token; the handler verifies the key), and the weekly digest's
// unsubscribe link (its signed token checked by the handler; a page to confirm, a one-click POST). The route
// keys are API Gateway's ("METHOD /path/{param}"): CDK adds exactly these routes (infra/constructs/api.ts), the
// local API adapter serves them with the same route keys, and the handler picks the route by event.routeKey.
export const restRouteKeys = [
  'POST /api/dast/v1/scans',
  'GET /api/dast/v1/scans/{scanId}',
  'DELETE /api/dast/v1/scans/{scanId}',
  'POST /api/findings/v1/retests',
  'GET /api/digest/unsubscribe/{token}',
  'POST /api/digest/unsubscribe/{token}',
] as const;
export type RestRouteKey = (typeof restRouteKeys)[number];

export function isRestRouteKey(routeKey: string | undefined): routeKey is RestRouteKey {
  return (restRouteKeys as readonly string[]).includes(routeKey ?? '');
}

/** A route key's method and path template. */
export function splitRouteKey(routeKey: RestRouteKey): { method: string; path: string } {
  const [method, path] = routeKey.split(' ') as [string, string];
  return { method, path };
}

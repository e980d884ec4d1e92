// What every API function is: the calls of its group (the call protocol, /api/calls/{name}) and its group's REST
// routes (rest-routes.ts), told apart by API Gateway's route key. A name of another group is unknown here:
// API Gateway never routes it to this function, and a caller who forges the event gets NOT_FOUND. Each runs observed
// (kernel/observability/observed-handler.ts): traced, its metrics flushed, the request id as the correlation id.
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { createRegistry, type AnyCall } from '../kernel/call.js';
import { readConfig } from '../kernel/config.js';
import { makeCallHandler } from '../kernel/http/call-handler.js';
import { makeRestHandler, type RestRoute } from '../kernel/http/rest-handler.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';
import { isRestRouteKey } from './rest-routes.js';

export type ApiEvent = Parameters<ReturnType<typeof makeCallHandler>>[0] & APIGatewayProxyEventV2;
export type ApiHandler = (event: ApiEvent) => Promise<APIGatewayProxyResultV2>;

/** `service`: the function's name in infra/constructs/lambda-bundling.ts (peopleApi, …), its metrics' dimension. */
export function makeApiFunction(
  service: string,
  calls: readonly AnyCall[],
  restRoutes: Readonly<Record<string, RestRoute>> = {},
): ApiHandler {
  readConfig(); // fail at cold start, loudly, on a missing or malformed setting
  const answerCall = makeCallHandler(createRegistry(calls));
  const answerRoute = makeRestHandler(restRoutes);
  return observedHandler<ApiEvent, APIGatewayProxyResultV2>(
    service,
    (event) => (isRestRouteKey(event.routeKey) ? answerRoute(event) : answerCall(event)),
    { correlationId: (event) => event.requestContext?.requestId },
  );
}

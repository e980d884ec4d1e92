// An API Gateway HTTP API (v2) event, for invoking the call handler directly (as Lambda would).
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The header CloudFront (locally: the origin) adds to every API request, from the configuration the handlers run
 * with: an event built by a test came "through the CDN" unless the test says otherwise.
 */
export function originSecretHeaders(): Record<string, string> {
  const { ORIGIN_SECRET_HEADER, ORIGIN_SECRET } = process.env;
  return ORIGIN_SECRET_HEADER && ORIGIN_SECRET ? { [ORIGIN_SECRET_HEADER.toLowerCase()]: ORIGIN_SECRET } : {};
}

export function callEvent(
  name: string,
  data: unknown,
  options: {
    sourceIp?: string;
    origin?: string;
    claims?: Record<string, string>;
    /** Leave out the origin secret: a request sent to the execute-api address directly. */
    direct?: boolean;
  } = {},
): APIGatewayProxyEventV2 {
  const event = {
    version: '2.0',
    routeKey: `POST /api/calls/${name}`,
    rawPath: `/api/calls/${name}`,
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.direct ? {} : originSecretHeaders()),
    } as Record<string, string>,
    pathParameters: { name },
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: {
        method: 'POST',
        path: `/api/calls/${name}`,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '198.51.100.1',
        userAgent: 'test',
      },
      requestId: randomUUID(),
      routeKey: `POST /api/calls/${name}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: null } } } : {}),
    },
    body: JSON.stringify({ data }),
    isBase64Encoded: false,
  };
  return event;
}

export function parseResult(result: unknown): { statusCode: number; body: any } {
  const structured = result as { statusCode: number; body: string };
  return { statusCode: structured.statusCode, body: JSON.parse(structured.body) };
}

/**
 * A request to one of the REST routes (the DAST and retest endpoints), as API Gateway hands it to the handler: the
 * route key, the path as sent, the caller's headers beside the origin secret, and the raw body if any.
 */
export function restRouteEvent(
  routeKey: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    isBase64Encoded?: boolean;
    pathParameters?: Record<string, string>;
  } = {},
): APIGatewayProxyEventV2 {
  const [method] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { ...originSecretHeaders(), ...options.headers },
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method: method!, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.1', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(options.body === undefined ? {} : { body: options.body }),
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

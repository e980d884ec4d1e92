// The local stand-in for API Gateway's HTTP API: turns an HTTP request into a payload v2 event for the
// same handler Lambda runs, after checking the JWT as the HTTP API JWT authorizer would (signature,
// issuer, expiry, audience) on routes that have the authorizer. A token is verified once and its claims kept
// until it expires (the browser sends the same ID token on every call for its hour): signature, issuer and
// audience cannot change for the same token, and expiry is checked again on every request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';

/** HTTP API's own payload limit. */
const maxPayloadBytes = 10 * 1024 * 1024;
/** Verified tokens kept at once; the oldest goes first (a local stack sees a handful of users). */
const maxVerifiedTokens = 1000;

export interface ApiAdapterOptions {
  /** Path prefix of the call routes, e.g. /api/calls */
  basePath: string;
  /** Calls whose route has no authorizer (public). Every other route requires a valid JWT. */
  publicCalls: ReadonlySet<string>;
  /** Every registered call name; an unknown name reaches the catch-all route, which has no authorizer. */
  knownCalls: ReadonlySet<string>;
  /**
   * REST routes without an authorizer, as API Gateway route keys ("GET /api/dast/v1/scans/{scanId}"): a request
   * that matches one reaches the handler with that route key and its path parameters, as on AWS.
   */
  restRoutes?: readonly string[];
  issuer: string;
  audience: string;
  jwks: () => Promise<Jwks>;
  handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResultV2>;
  /**
   * Headers added to every request handed to the handler, replacing any a client sent under the same name: what
   * CloudFront's origin custom headers do on AWS (the origin secret), played here by the local origin.
   * @default {}
   */
  originHeaders?: Readonly<Record<string, string>>;
}

export function createApiAdapter(options: ApiAdapterOptions) {
  const verifier = JwtRsaVerifier.create({ issuer: options.issuer, audience: options.audience });
  let jwksLoaded = false;
  /** Token → its claims as the authorizer passes them, and when it expires (ms since epoch). */
  const verified = new Map<string, { claims: Record<string, string>; expiresAt: number }>();

  async function verifiedClaims(authorization: string | undefined): Promise<Record<string, string> | undefined> {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const known = verified.get(token);
    if (known) {
      if (Date.now() <= known.expiresAt) return { ...known.claims }; // aws-jwt-verify's own bound
      verified.delete(token);
    }
    if (!jwksLoaded) {
      verifier.cacheJwks(await options.jwks());
      jwksLoaded = true;
    }
    try {
      const payload = await verifier.verify(token);
      const claims = stringifyClaims(payload);
      if (typeof payload.exp === 'number') {
        if (verified.size >= maxVerifiedTokens) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return { ...claims };
    } catch {
      return undefined;
    }
  }

  const restRoutes = (options.restRoutes ?? []).map(compileRouteKey);
  const toEvent = (...args: Parameters<typeof toBareEvent>) => withHeaders(toBareEvent(...args), options.originHeaders);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const route of restRoutes) {
      const pathParameters = route.match(req.method ?? '', url.pathname);
      if (!pathParameters) continue;
      const body = await readBody(req);
      if (body === undefined) return sendJson(res, 413, { message: 'Request Entity Too Large' });
      return send(res, await options.handler(toEvent(req, url, body, route.routeKey, pathParameters)));
    }
    const name = url.pathname.slice(options.basePath.length + 1);
    if (req.method !== 'POST' || !url.pathname.startsWith(`${options.basePath}/`) || !name || name.includes('/')) {
      return sendJson(res, 404, { message: 'Not Found' });
    }
    const body = await readBody(req);
    if (body === undefined) return sendJson(res, 413, { message: 'Request Entity Too Large' });

    let claims: Record<string, string> | undefined;
    if (options.knownCalls.has(name) && !options.publicCalls.has(name)) {
      claims = await verifiedClaims(req.headers.authorization);
      // What the HTTP API JWT authorizer answers: the handler is never invoked.
      if (!claims) return sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
    }

    const routeKey = claims ? `POST ${url.pathname}` : 'POST /api/calls/{name}';
    const event = toEvent(req, url, body, routeKey, { name }, claims);
    send(res, await options.handler(event));
  };
}

/** A route key's matcher: its method, and its path with each {param} one segment. */
function compileRouteKey(routeKey: string) {
  const [method, template = ''] = routeKey.split(' ');
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return '([^/]+)';
      })
      .join('/')}$`,
  );
  return {
    routeKey,
    match(requestMethod: string, pathname: string): Record<string, string> | undefined {
      if (requestMethod !== method) return undefined;
      const found = pattern.exec(pathname);
      if (!found) return undefined;
      return Object.fromEntries(names.map((name, index) => [name, decodeSegment(found[index + 1]!)]));
    },
  };
}

function send(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : { statusCode: 200, body: JSON.stringify(result) };
  res.writeHead(structured.statusCode ?? 200, { ...(structured.headers as Record<string, string>) });
  res.end(structured.isBase64Encoded ? Buffer.from(structured.body ?? '', 'base64') : (structured.body ?? ''));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function toBareEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  claims?: Record<string, string>,
): APIGatewayProxyEventV2 {
  // Node has lower-cased the names already.
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const contentType = headers['content-type'] ?? '';
  const textual = /json|text|xml|x-www-form-urlencoded/i.test(contentType);
  const now = new Date();
  const method = req.method ?? 'POST';
  const event: APIGatewayProxyEventV2 & { requestContext: { authorizer?: unknown } } = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    pathParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : textual ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !textual,
  };
  if (claims) event.requestContext.authorizer = { jwt: { claims, scopes: null } };
  return event;
}

/** The event with the origin's headers set (names lower-cased, as API Gateway hands them), whatever the client sent. */
export function withHeaders<Event extends { headers: Record<string, string | undefined> }>(
  event: Event,
  originHeaders: Readonly<Record<string, string>> = {},
): Event {
  for (const [name, value] of Object.entries(originHeaders)) event.headers[name.toLowerCase()] = value;
  return event;
}

/** HTTP API hands claims to the integration as strings, arrays as "[a b]". */
function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

/** The body, or undefined past HTTP API's limit. A call's body is one chunk: it is used as it came, not copied. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxPayloadBytes) return void chunks.push(chunk);
      // Refused at once; the rest of the upload is read and dropped so the answer can still be sent.
      req.off('data', onData);
      req.resume();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('error', reject);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

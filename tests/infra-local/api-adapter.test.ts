// The local API adapter checks a token as the HTTP API JWT authorizer does (signature, issuer, audience, expiry),
// on every request, though it verifies each token only once: a token accepted before is refused once it expires.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAdapter } from '../../infra/local/api-adapter.js';

const issuer = 'http://127.0.0.1/cognito/eu-west-1_adapterTest';
const audience = 'adapter-test-client';
const received: APIGatewayProxyEventV2[] = [];
const originSecret = 'local-origin-secret-'.repeat(3);
let signingKey: CryptoKey;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  signingKey = privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const adapter = createApiAdapter({
    basePath: '/api/calls',
    publicCalls: new Set(['sendSignInLink']),
    knownCalls: new Set(['getSession', 'sendSignInLink']),
    restRoutes: ['POST /api/dast/v1/scans', 'GET /api/dast/v1/scans/{scanId}'],
    issuer,
    audience,
    jwks: () => Promise.resolve({ keys: [jwk] } as never),
    originHeaders: { 'x-origin-secret': originSecret },
    handler: (event) => {
      received.push(event);
      return Promise.resolve({
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"result":{}}',
      });
    },
  });
  server = createServer((req, res) => void adapter(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function idToken(overrides: { issuer?: string; audience?: string; expiresAt?: number; key?: CryptoKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'id', email: 'someone@example.com', auth_time: now })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject('uid-1')
    .setIssuer(overrides.issuer ?? issuer)
    .setAudience(overrides.audience ?? audience)
    .setIssuedAt(now)
    .setExpirationTime(overrides.expiresAt ?? now + 3600)
    .sign(overrides.key ?? signingKey);
}

async function post(name: string, token?: string, headers: Record<string, string> = {}) {
  const before = received.length;
  const response = await fetch(`${baseUrl}/api/calls/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ data: {} }),
  });
  await response.text();
  return { status: response.status, authenticate: response.headers.get('www-authenticate'), event: received[before] };
}

describe('the local API adapter', () => {
  it('hands a valid token’s claims to the handler as strings, the same on a second request', async () => {
    const token = await idToken();

    const first = await post('getSession', token);
    const second = await post('getSession', token);

    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      const claims = (answer.event!.requestContext as { authorizer?: { jwt: { claims: Record<string, string> } } })
        .authorizer!.jwt.claims;
      expect(claims).toMatchObject({ sub: 'uid-1', token_use: 'id', auth_time: expect.stringMatching(/^\d+$/) });
    }
  });

  it('refuses a missing token, another issuer, another audience, another key or an expired token, as the authorizer does', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const refused = [
      undefined,
      await idToken({ issuer: 'http://127.0.0.1/cognito/eu-west-1_other' }),
      await idToken({ audience: 'another-client' }),
      await idToken({ key: otherKey }),
      await idToken({ expiresAt: Math.floor(Date.now() / 1000) - 1 }),
    ];

    for (const token of refused) {
      const answer = await post('getSession', token);
      expect(answer).toEqual({ status: 401, authenticate: 'Bearer', event: undefined });
    }
  });

  it('refuses a token it accepted before, once that token has expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await idToken({ expiresAt });
    expect((await post('getSession', token)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));

    expect(await post('getSession', token)).toEqual({ status: 401, authenticate: 'Bearer', event: undefined });
  });

  it('passes a public call to the handler without a token and without claims', async () => {
    const answer = await post('sendSignInLink');

    expect(answer.status).toBe(200);
    expect((answer.event!.requestContext as { authorizer?: unknown }).authorizer).toBeUndefined();
  });

  it('adds the origin secret to every request, as CloudFront does, replacing any value a client sent', async () => {
    const token = await idToken();
    const events = [
      (await post('sendSignInLink')).event,
      (await post('getSession', token, { 'X-Origin-Secret': 'a-guess' })).event,
      (await post('noSuchCall', undefined, { 'x-origin-secret': 'another-guess' })).event,
    ];
    const rest = await fetch(`${baseUrl}/api/dast/v1/scans/abc123`, { headers: { 'x-origin-secret': 'a-guess' } });
    await rest.text();
    events.push(received.at(-1));

    expect(events.map((event) => event?.headers['x-origin-secret'])).toEqual(Array(4).fill(originSecret));
  });

  it('serves REST routes by their route key: no authorizer, the Authorization header passed on, path parameters set', async () => {
    const before = received.length;
    const posted = await fetch(`${baseUrl}/api/dast/v1/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer spdk_not-a-jwt' },
      body: '{"target":"https://app.acme.example/"}',
    });
    await posted.text();
    expect(posted.status).toBe(200);
    const event = received[before]!;
    expect(event.routeKey).toBe('POST /api/dast/v1/scans');
    expect(event.requestContext.http.method).toBe('POST');
    expect(event.headers.authorization).toBe('Bearer spdk_not-a-jwt');
    expect(event.body).toBe('{"target":"https://app.acme.example/"}');
    expect((event.requestContext as { authorizer?: unknown }).authorizer).toBeUndefined();

    const read = await fetch(`${baseUrl}/api/dast/v1/scans/abc123`, { headers: { authorization: 'Bearer x' } });
    await read.text();
    expect(read.status).toBe(200);
    expect(received[before + 1]).toMatchObject({
      routeKey: 'GET /api/dast/v1/scans/{scanId}',
      pathParameters: { scanId: 'abc123' },
      requestContext: { http: { method: 'GET' } },
    });

    // Another method or a deeper path matches no route: API Gateway's 404, the handler is not invoked.
    for (const [method, path] of [
      ['GET', '/api/dast/v1/scans'],
      ['DELETE', '/api/dast/v1/scans/abc123'],
      ['GET', '/api/dast/v1/scans/abc/def'],
    ] as const) {
      const missed = await fetch(`${baseUrl}${path}`, { method });
      await missed.text();
      expect(missed.status, `${method} ${path}`).toBe(404);
    }
    expect(received).toHaveLength(before + 2);
  });
});

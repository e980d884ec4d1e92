// The execute-api address is public: a request that did not come through CloudFront (here: the local origin),
// and so skipped the web ACL, carries no origin secret and is refused before anything of it runs. Every kind of
// API request is covered: public, signed-in and agent calls, an unknown call name, the DAST REST routes and the
// template search.
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { handler as searchHandler } from '../../lambdas/search/handler.js';
import { callEvent, originSecretHeaders, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { mailsTo } from '../support/outbox.js';
import { createTestUser } from '../support/users.js';

const { appUrl, environment } = inject('localStack');
const secretHeader = environment.ORIGIN_SECRET_HEADER!;
const originSecret = environment.ORIGIN_SECRET!;

/** What a direct caller may send in the secret's place. */
const forgeries: Array<[string, Record<string, string>]> = [
  ['no origin secret', {}],
  ['an empty origin secret', { [secretHeader]: '' }],
  [
    'a wrong origin secret of the same length',
    { [secretHeader]: randomBytes(originSecret.length).toString('hex').slice(0, originSecret.length) },
  ],
  ['a wrong origin secret of another length', { [secretHeader]: originSecret.slice(0, -1) }],
  ['the origin secret in another case', { [secretHeader]: originSecret.toUpperCase() }],
];

const claimsOf = (user: { uid: string; email: string }) => ({
  sub: user.uid,
  email: user.email,
  token_use: 'id',
  auth_time: String(Math.floor(Date.now() / 1000)),
});

function restEvent(routeKey: string, headers: Record<string, string>, body?: string): APIGatewayProxyEventV2 {
  const [method = 'GET', path = '/'] = routeKey.replace('{scanId}', 'scan-1').split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', authorization: 'Bearer spdk_not-a-key', ...headers },
    pathParameters: routeKey.includes('{scanId}') ? { scanId: 'scan-1' } : {},
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

/** One request of each kind, with the given origin headers only (none added by the helper). */
async function requestsOfEachKind(headers: Record<string, string>) {
  const user = await createTestUser();
  const email = `direct-${randomUUID()}@test.example`;
  const withHeaders = (event: APIGatewayProxyEventV2) => Object.assign(event.headers, headers) && event;
  return {
    email,
    events: {
      'public call (sendSignInLink)': withHeaders(
        callEvent('sendSignInLink', { email, url: appUrl }, { direct: true }),
      ),
      'signed-in call (getSession)': withHeaders(callEvent('getSession', {}, { direct: true, claims: claimsOf(user) })),
      'agent call (agentHeartbeat)': withHeaders(
        callEvent(
          'agentHeartbeat',
          { credential: `agt1.acme.${'a'.repeat(12)}.${'b'.repeat(43)}`, agentVersion: '1.0.0' },
          { direct: true },
        ),
      ),
      'unknown call name': withHeaders(callEvent('makeMeAdmin', {}, { direct: true })),
      'DAST trigger (REST)': restEvent('POST /api/dast/v1/scans', headers, '{"target":"https://app.acme.example/"}'),
      'DAST status (REST)': restEvent('GET /api/dast/v1/scans/{scanId}', headers),
    },
  };
}

describe('a request without the origin secret', () => {
  it.each(forgeries)(
    'with %s is refused PERMISSION_DENIED, whatever it asks, and nothing runs',
    async (_case, headers) => {
      const { email, events } = await requestsOfEachKind(headers);

      for (const [kind, event] of Object.entries(events)) {
        const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
        const answer = parseResult(result);

        expect(answer, kind).toEqual({
          statusCode: 403,
          body: { error: { status: 'PERMISSION_DENIED', message: 'You do not have access to this.' } },
        });
        expect(requests, kind).toEqual([]);
      }
      expect(await mailsTo(email)).toEqual([]);
    },
  );

  it('is refused by the template search too, in its own (Algolia) error shape', async () => {
    for (const [, headers] of forgeries) {
      const event = restEvent('POST /api/search/{proxy+}', headers, '{"requests":[]}');
      event.rawPath = '/api/search/1/indexes/*/queries';
      event.requestContext.http.path = event.rawPath;

      const answer = parseResult(await searchHandler(event));

      expect(answer).toEqual({ statusCode: 403, body: { message: 'You do not have access to this.', status: 403 } });
    }
  });
});

describe('a request with the origin secret', () => {
  it('is answered as the call or route decides', async () => {
    const { email, events } = await requestsOfEachKind(originSecretHeaders());

    const statuses: Record<string, number> = {};
    for (const [kind, event] of Object.entries(events)) statuses[kind] = parseResult(await handler(event)).statusCode;

    expect(statuses).toEqual({
      'public call (sendSignInLink)': 200,
      'signed-in call (getSession)': 200,
      // Past the origin check, each is refused for what it is: an unknown credential, name or DAST key.
      'agent call (agentHeartbeat)': 401,
      'unknown call name': 404,
      'DAST trigger (REST)': 401,
      'DAST status (REST)': 401,
    });
    // The public call ran: an e-mail without an account gets no mail, but its answer came from the call.
    expect(await mailsTo(email)).toEqual([]);
  });

  it('reaches the template search’s own key check', async () => {
    const event = restEvent('POST /api/search/{proxy+}', originSecretHeaders(), '{"requests":[]}');
    event.rawPath = '/api/search/1/indexes/*/queries';
    event.requestContext.http.path = event.rawPath;

    const answer = parseResult(await searchHandler(event));

    expect(answer.statusCode).toBe(403);
    expect(answer.body.message).not.toBe('You do not have access to this.');
  });
});

describe('the local origin', () => {
  it('plays CloudFront’s part: it adds the origin secret, overwriting what a client sent under its name', async () => {
    const response = await fetch(`${appUrl}/api/calls/sendSignInLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [secretHeader]: 'a-guess' },
      body: JSON.stringify({ data: { email: `origin-${randomUUID()}@test.example`, url: appUrl } }),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { success: true } });
  });
});

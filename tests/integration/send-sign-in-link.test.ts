// sendSignInLink through the local origin and directly through its Lambda handler, against DynamoDB Local
// and the SES emulator. Each security-checklist item of ARCHITECTURE.md it carries has a case here.
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { signInLinkSentMessage } from '../../lambdas/calls/send-sign-in-link/send-sign-in-link.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';
import { keyFor } from '../../lambdas/kernel/sign-in/link-token.js';
import { signInSecret } from '../../lambdas/kernel/sign-in/sign-in-secret.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { postCall } from '../support/api.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { mailsTo, nextSignInLink, tokenOf } from '../support/outbox.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const timeZone = 'Europe/Berlin';

/** The stored link record of an address, raw as DynamoDB holds it. */
async function storedLink(email: string): Promise<Record<string, unknown> | undefined> {
  const emailKey = keyFor(await signInSecret(), 'email', email.trim().toLowerCase());
  const { Item } = await dynamoDbClient.send(
    new GetItemCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: { S: `SIGNIN#${emailKey}` }, sk: { S: 'LINK' } },
      ConsistentRead: true,
    }),
  );
  return Item ? unmarshall(Item) : undefined;
}

describe('sendSignInLink', () => {
  it('mails a registered user an absolute link on the origin of the request, with an HTML and a text part', async () => {
    const { email } = await createTestUser();

    const answer = await postCall('sendSignInLink', { data: { email, url: appUrl, timeZone } });
    const link = await nextSignInLink(email, 0);

    expect(answer).toEqual({ status: 200, body: { result: { success: true, message: signInLinkSentMessage } } });
    expect(link.startsWith(`${appUrl}/auth/redirect#signin=`)).toBe(true);
    const [mail] = await mailsTo(email);
    expect(mail?.body.html).toContain(`href="${link}"`);
    expect(mail?.body.text).toContain(link);
    expect(mail?.body.text).toMatch(/expires at .*(CET|GMT\+1)/);
  });

  it('accepts an e-mail in any case and with surrounding spaces', async () => {
    const { email } = await createTestUser();
    const answer = await postCall('sendSignInLink', { data: { email: `  ${email.toUpperCase()} `, url: appUrl } });
    expect(answer.status).toBe(200);
    await nextSignInLink(email, 0);
  });

  it('stores only a hash of a 256-bit token, under an HMAC of the e-mail (checklist 1)', async () => {
    const { email } = await createTestUser();
    await postCall('sendSignInLink', { data: { email, url: appUrl } });
    const token = tokenOf(await nextSignInLink(email, 0));

    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const record = await storedLink(email);
    expect(record?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(record)).not.toContain(token);
    const partitionKey = String(record?.pk);
    expect(partitionKey).not.toContain('@');
    expect(partitionKey).not.toContain(createHash('sha256').update(email).digest('base64url'));
    expect(partitionKey).not.toContain(createHash('sha256').update(email).digest('hex'));
  });

  it('answers an unknown e-mail exactly like a known one and mails nothing (checklist 6)', async () => {
    const known = await createTestUser();
    const unknown = `nobody-${Date.now()}@test.example`;

    const knownAnswer = await postCall('sendSignInLink', { data: { email: known.email, url: appUrl } });
    const unknownAnswer = await postCall('sendSignInLink', { data: { email: unknown, url: appUrl } });
    await nextSignInLink(known.email, 0);

    expect(unknownAnswer).toEqual(knownAnswer);
    expect(await mailsTo(unknown)).toHaveLength(0);
    // Throttling does not tell them apart either.
    expect((await postCall('sendSignInLink', { data: { email: unknown, url: appUrl } })).status).toBe(429);
  });

  it('refuses a second link to the same address within a minute, and writes nothing (checklist 5)', async () => {
    const { email } = await createTestUser();
    await postCall('sendSignInLink', { data: { email, url: appUrl } });
    const firstLink = await nextSignInLink(email, 0);

    const second = await postCall('sendSignInLink', { data: { email, url: appUrl } });

    expect(second.status).toBe(429);
    expect(second.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(second.body.error.message).toMatch(/wait a minute/);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await storedLink(email))?.tokenHash).toBe(
      createHash('sha256').update(tokenOf(firstLink)).digest('base64url'),
    );
  });

  it('lets a team behind one address send 30 links in 10 minutes and refuses the 31st (checklist 5)', async () => {
    process.env.SIGN_IN_IP_LIMIT = '';
    resetConfigCache();
    try {
      const teamAddress = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      const answers = [];
      for (let i = 0; i < 31; i += 1) {
        const event = callEvent(
          'sendSignInLink',
          { email: `team-${i}-${Date.now()}@test.example`, url: appUrl },
          { sourceIp: teamAddress },
        );
        answers.push(parseResult(await handler(event)).statusCode);
      }
      const otherAddress = callEvent(
        'sendSignInLink',
        { email: `other-${Date.now()}@test.example`, url: appUrl },
        { sourceIp: '192.0.2.77' },
      );

      expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(answers[30]).toBe(429);
      expect(parseResult(await handler(otherAddress as never)).statusCode).toBe(200);
    } finally {
      process.env.SIGN_IN_IP_LIMIT = inject('localStack').environment.SIGN_IN_IP_LIMIT;
      resetConfigCache();
    }
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a path on the site', `${appUrl}/somewhere`],
    ['a query string', `${appUrl}/?next=https://evil.example`],
    ['a protocol-relative landing path', `${appUrl}/?next=${encodeURIComponent('//evil.example/admin')}`],
    ['a backslash landing path', `${appUrl}/?next=${encodeURIComponent('/\\evil.example')}`],
    ['a script as landing path', `${appUrl}/auth/redirect?next=${encodeURIComponent('javascript:alert(1)')}`],
    ['a landing path with dot segments', `${appUrl}/?next=${encodeURIComponent('/..//evil.example')}`],
    ['another query parameter', `${appUrl}/?next=%2Fprofile&then=https://evil.example`],
    ['a landing path on another site', `https://evil.example/?next=%2Fadmin%2Fcompany`],
    ['a look-alike port', `${appUrl}1`],
    ['not an address', 'javascript:alert(1)'],
  ])('refuses a link to %s (checklist 7) and mails nothing', async (_case, url) => {
    const { email } = await createTestUser();
    const answer = await postCall('sendSignInLink', { data: { email, url } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(/^url: /) });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it.each([
    ['the origin', `${appUrl}/?next=%2Fadmin%2Fcompany`],
    ['origin + /auth/redirect (the desktop app)', `${appUrl}/auth/redirect?next=%2Fadmin%2Fcompany`],
  ])('carries a landing path on %s into the mailed link, encoded, before the token', async (_case, url) => {
    const { email } = await createTestUser();
    const answer = await postCall('sendSignInLink', { data: { email, url } });
    expect(answer.status).toBe(200);
    const link = new URL(await nextSignInLink(email, 0));
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(`${appUrl}/auth/redirect?next=%2Fadmin%2Fcompany`);
    expect(link.hash).toMatch(/^#signin=[\w-]{43}$/);
  });

  it("accepts origin + /auth/redirect (the desktop app) and refuses an allowed origin that is not the request's", async () => {
    const { email } = await createTestUser();
    const desktop = await postCall('sendSignInLink', { data: { email, url: `${appUrl}/auth/redirect` } });
    expect(desktop.status).toBe(200);

    const other = await createTestUser();
    const localhostUrl = appUrl.replace('127.0.0.1', 'localhost');
    const mismatched = await postCall(
      'sendSignInLink',
      { data: { email: other.email, url: localhostUrl } },
      { origin: appUrl },
    );
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error.message).toBe('url: must be on the origin the request came from');
  });

  it('says "You are not currently authorized to create an account." only when the operator reveals unknown accounts', async () => {
    process.env.REVEAL_UNKNOWN_ACCOUNTS = 'true';
    resetConfigCache();
    try {
      const event = callEvent(
        'sendSignInLink',
        { email: `stranger-${Date.now()}@test.example`, url: appUrl },
        { origin: appUrl },
      );
      const answer = parseResult(await handler(event));
      expect(answer).toEqual({
        statusCode: 403,
        body: {
          error: { status: 'PERMISSION_DENIED', message: 'You are not currently authorized to create an account.' },
        },
      });
    } finally {
      delete process.env.REVEAL_UNKNOWN_ACCOUNTS;
      resetConfigCache();
    }
  });

  describe('bad input gets INVALID_ARGUMENT naming the problem, and nothing is written', () => {
    it.each([
      ['a body that is not JSON', '{"data":', 'Request body is not valid JSON'],
      ['a body without data', '{"email":"a@b.c"}', 'Request body must be a JSON object with a "data" field'],
      ['a missing e-mail', JSON.stringify({ data: { url: 'x' } }), 'email: '],
      ['a mistyped e-mail', JSON.stringify({ data: { email: 42, url: 'x' } }), 'email: '],
      ['an invalid e-mail', JSON.stringify({ data: { email: 'not an email', url: 'x' } }), 'email: Invalid email'],
      [
        'an e-mail over 254 characters',
        JSON.stringify({ data: { email: `${'a'.repeat(250)}@b.example`, url: 'x' } }),
        'email: email must be at most 254 characters',
      ],
      ['an extra field', JSON.stringify({ data: { email: 'a@b.c', url: 'x', admin: true } }), 'Unrecognized key'],
      ['a __proto__ key', '{"data":{"email":"a@b.c","url":"x","__proto__":{"isAdmin":true}}}', 'Unrecognized key'],
    ])('%s', async (_case, body, message) => {
      const answer = await postCall('sendSignInLink', body, { raw: true });
      expect(answer.status).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toContain(message);

      // The same body straight to the Lambda handler: it sends DynamoDB nothing at all.
      const event = callEvent('sendSignInLink', {}, { origin: appUrl });
      event.body = body;
      const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
      expect(parseResult(result).statusCode).toBe(400);
      expect(requests).toEqual([]);
    });

    it('an unknown call name gets NOT_FOUND', async () => {
      const answer = await postCall('makeMeAdmin', { data: {} });
      expect(answer).toEqual({
        status: 404,
        body: { error: { status: 'NOT_FOUND', message: 'Unknown call "makeMeAdmin"' } },
      });
    });
  });
});

describe('the client address behind a CDN', () => {
  // The configuration of the API behind CloudFront (infra/constructs/api.ts), with the secret given directly.
  const originSecret = randomBytes(32).toString('base64url');
  const cdnSettings = {
    SIGN_IN_IP_LIMIT: '2',
    VIEWER_ADDRESS_HEADER: 'x-viewer-address',
    ORIGIN_SECRET_HEADER: 'x-origin-secret',
    ORIGIN_SECRET: originSecret,
  };
  beforeEach(() => {
    Object.assign(process.env, cdnSettings);
    resetConfigCache();
  });
  afterEach(() => {
    for (const name of Object.keys(cdnSettings)) delete process.env[name];
    Object.assign(process.env, { SIGN_IN_IP_LIMIT: inject('localStack').environment.SIGN_IN_IP_LIMIT });
    resetConfigCache();
  });

  // Documentation addresses (RFC 3849), random so that no other test shares their counters.
  const anAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  /** sendSignInLink for a new e-mail, from sourceIp (what API Gateway saw) with the given headers only. */
  const send = async (sourceIp: string, headers: Record<string, string>) => {
    const event = callEvent(
      'sendSignInLink',
      { email: `cdn-${randomUUID()}@test.example`, url: appUrl },
      { sourceIp, direct: true },
    );
    Object.assign(event.headers, headers);
    return parseResult(await handler(event)).statusCode;
  };

  it('counts the viewer address on requests carrying the origin secret, not the edge address', async () => {
    const edge = anAddress();
    const viewer = anAddress();
    const throughCdn = { 'x-viewer-address': viewer, 'x-origin-secret': originSecret };

    const answers = [await send(edge, throughCdn), await send(edge, throughCdn), await send(edge, throughCdn)];
    // Another viewer behind the same edge is not throttled by the first one.
    const otherViewer = await send(edge, { 'x-viewer-address': anAddress(), 'x-origin-secret': originSecret });

    expect(answers).toEqual([200, 200, 429]);
    expect(otherViewer).toBe(200);
  });

  it.each([
    ['no origin secret', {}],
    ['a wrong origin secret of the same length', { 'x-origin-secret': randomBytes(32).toString('base64url') }],
    ['a wrong origin secret of another length', { 'x-origin-secret': originSecret.slice(0, -1) }],
    ['an empty origin secret', { 'x-origin-secret': '' }],
  ])('refuses a forged viewer address with %s, and charges nobody for it', async (_case, secret) => {
    const directCaller = anAddress();
    const forged = [anAddress(), anAddress(), anAddress()];

    const answers = [];
    for (const viewer of forged) answers.push(await send(directCaller, { 'x-viewer-address': viewer, ...secret }));
    // Nor was a forged address charged: its owner, coming through the CDN, still gets two links.
    const owner = { 'x-viewer-address': forged[0] as string, 'x-origin-secret': originSecret };
    const ownerAnswers = [await send(anAddress(), owner), await send(anAddress(), owner)];

    expect(answers).toEqual([403, 403, 403]);
    expect(ownerAnswers).toEqual([200, 200]);
  });

  describe('with the origin secret in Secrets Manager', () => {
    // A stand-in for Secrets Manager's GetSecretValue (JSON protocol), counting the reads; the first answer can be
    // made a failure.
    let secretsManager: Server;
    let reads = 0;
    let failNextRead = false;
    beforeAll(async () => {
      secretsManager = createServer((request, response) => {
        request.resume().on('end', () => {
          reads += 1;
          response.setHeader('content-type', 'application/x-amz-json-1.1');
          if (failNextRead) {
            failNextRead = false;
            response.statusCode = 400;
            response.end(JSON.stringify({ __type: 'ResourceNotFoundException', Message: 'no such secret' }));
            return;
          }
          response.end(JSON.stringify({ ARN: secretArn, Name: 'origin', SecretString: originSecret, VersionId: 'v1' }));
        });
      });
      await new Promise<void>((resolve) => secretsManager.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => secretsManager.close(() => resolve())));

    const secretArn = 'arn:aws:secretsmanager:eu-west-1:000000000000:secret:origin-AbCdEf';
    beforeEach(() => {
      const { port } = secretsManager.address() as AddressInfo;
      process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = `http://127.0.0.1:${port}`;
      delete process.env.ORIGIN_SECRET;
      reads = 0;
    });
    afterEach(() => {
      delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
      delete process.env.ORIGIN_SECRET_ARN;
    });

    it('reads it once and then tells CDN requests from direct ones', async () => {
      process.env.ORIGIN_SECRET_ARN = secretArn;
      resetConfigCache();
      const viewer = anAddress();
      const throughCdn = { 'x-viewer-address': viewer, 'x-origin-secret': originSecret };
      const directCaller = anAddress();
      const forged = { 'x-viewer-address': viewer, 'x-origin-secret': 'guess'.repeat(8) };

      const cdnAnswers = [await send(anAddress(), throughCdn), await send(anAddress(), throughCdn)];
      const directAnswers = [await send(directCaller, forged), await send(directCaller, forged)];
      const third = await send(anAddress(), throughCdn);

      expect(cdnAnswers).toEqual([200, 200]);
      // The forged requests were refused, and not counted against the viewer they named.
      expect(directAnswers).toEqual([403, 403]);
      expect(third).toBe(429);
      expect(reads).toBe(1);
    });

    it('checks it on calls that do not use the client address too, from the one read', async () => {
      process.env.ORIGIN_SECRET_ARN = `${secretArn}-unused`;
      resetConfigCache();
      const throughCdn = { 'x-viewer-address': anAddress(), 'x-origin-secret': originSecret };
      const getSession = callEvent('getSession', {});
      const refusedInput = callEvent('sendSignInLink', { email: 'not an address', url: appUrl });
      Object.assign(getSession.headers, throughCdn);
      Object.assign(refusedInput.headers, throughCdn);

      const answers = [
        parseResult(await handler(getSession)).statusCode,
        parseResult(await handler(refusedInput)).statusCode,
      ];

      expect(answers).toEqual([401, 400]);
      expect(reads).toBe(1);
    });

    it('refuses every request while the secret cannot be read, and reads it again next time', async () => {
      process.env.ORIGIN_SECRET_ARN = `${secretArn}-other`;
      resetConfigCache();
      failNextRead = true;
      const edge = anAddress();
      const throughCdn = () => ({ 'x-viewer-address': anAddress(), 'x-origin-secret': originSecret });

      const whileUnreadable = await send(edge, throughCdn());
      const afterwards = [await send(edge, throughCdn()), await send(edge, throughCdn())];

      // An API that cannot tell CDN requests from direct ones lets none through (an internal error, logged).
      expect(whileUnreadable).toBe(500);
      expect(afterwards).toEqual([200, 200]);
      expect(reads).toBe(2);
    });
  });
});

// The JSON 1.1 transport as a browser or an SDK sees it: CORS, errors, bad input, sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SoftwareAuthenticator } from './software-authenticator.js';
import {
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  passkeySettings,
  tokenVerifiers,
  callPool,
  CLIENT_ID,
  adminClient,
  createUser,
  signInRaw,
  startPool,
  tempDataDir,
  testTriggers,
  USER_POOL_ID,
  type RunningPool,
  type TriggerLog,
} from './local-cognito-harness.js';

const log: TriggerLog = { codes: new Map(), events: [] };
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let pool: RunningPool;

beforeAll(async () => {
  dataDir = await tempDataDir();
  // A short session lifetime lets one test watch a session expire.
  pool = await startPool(dataDir.path, testTriggers(log), { authSessionValiditySeconds: 1, webAuthn: passkeySettings });
  const admin = adminClient(pool.endpoint);
  await createUser(admin, 'ada@example.com');
  await createUser(admin, 'grace@example.com');
  admin.destroy();
});

afterAll(async () => {
  await pool.stop();
  await dataDir.remove();
});

const initiate = (extra: object = {}) =>
  callPool(pool.endpoint, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: 'ada@example.com' },
    ...extra,
  });

describe('local Cognito transport', () => {
  it('answers a browser preflight with the headers Amplify needs', async () => {
    const response = await fetch(pool.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers')?.split(/\s*,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'x-amz-target', 'x-amz-user-agent', 'cache-control', 'authorization']),
    );
    const exposed = response.headers.get('access-control-expose-headers')?.split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-amzn-errortype', 'x-amzn-requestid', 'x-amzn-errormessage']));
  });

  it('answers on the base path with and without a trailing slash', async () => {
    const withSlash = await callPool(`${pool.endpoint}/`, 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'ada@example.com' },
    });
    const withoutSlash = await initiate();

    expect(withSlash.status).toBe(200);
    expect(withoutSlash.status).toBe(200);
    expect(withoutSlash.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(withoutSlash.headers.get('access-control-allow-origin')).toBe('*');
    expect(withoutSlash.body).toMatchObject({ ChallengeName: 'CUSTOM_CHALLENGE', Session: expect.any(String) });
  });

  it('serves the public JWKS at the issuer path', async () => {
    const response = await fetch(`${pool.issuer}/.well-known/jwks.json`);
    const jwks = (await response.json()) as { keys: Array<Record<string, unknown>> };

    expect(response.status).toBe(200);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
      n: expect.any(String),
      e: 'AQAB',
    });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(secret);
    expect(await pool.cognito.jwks()).toEqual(jwks);
  });

  it('answers an unknown operation with UnknownOperationException', async () => {
    const response = await callPool(pool.endpoint, 'SignUp', { ClientId: CLIENT_ID, Username: 'x@example.com' });

    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
    expect(response.body.__type).toBe('UnknownOperationException');
  });

  it('answers malformed bodies with SerializationException and keeps serving', async () => {
    const notJson = await callPool(pool.endpoint, 'InitiateAuth', '{"AuthFlow": ');
    const notAnObject = await callPool(pool.endpoint, 'InitiateAuth', '[1, 2]');
    const wrongTypes = await callPool(pool.endpoint, 'InitiateAuth', { AuthFlow: 7, ClientId: CLIENT_ID });

    expect(notJson).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
    expect(notAnObject).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
    expect(wrongTypes).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
    expect(wrongTypes.body.message).toMatch(/^1 validation error detected: Value at 'AuthFlow'/);
    expect((await initiate()).status).toBe(200);
  });

  it('refuses every flow but custom auth and refresh, and unknown clients', async () => {
    const password = await initiate({ AuthFlow: 'USER_PASSWORD_AUTH' });
    const srp = await initiate({ AuthFlow: 'USER_SRP_AUTH' });
    const otherClient = await initiate({ ClientId: 'someone-else' });

    expect(password.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    expect(srp.body.__type).toBe('InvalidParameterException');
    expect(otherClient.body).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client someone-else does not exist.',
    });
  });

  it('accepts a session once, and not after it expires', async () => {
    const answer = (session: string) =>
      callPool(pool.endpoint, 'RespondToAuthChallenge', {
        ChallengeName: 'CUSTOM_CHALLENGE',
        ClientId: CLIENT_ID,
        Session: session,
        ChallengeResponses: { USERNAME: 'ada@example.com', ANSWER: log.codes.get('ada@example.com') },
      });
    const expired = { __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' };

    const first = await initiate();
    expect((await answer(first.body.Session)).status).toBe(200);
    expect((await answer(first.body.Session)).body).toEqual(expired);

    const late = await initiate();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await answer(late.body.Session)).body).toEqual(expired);
    expect((await answer('made-up-session')).body).toEqual(expired);
  });

  it('reports a failing trigger as UserLambdaValidationException without its stack', async () => {
    log.failDefineWith = 'users_access table unreachable';

    const response = await initiate();

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      __type: 'UserLambdaValidationException',
      message: 'DefineAuthChallenge failed with error users_access table unreachable.',
    });
  });

  it('refreshes with InitiateAuth REFRESH_TOKEN_AUTH as well', async () => {
    const tokens = await signInRaw(pool.endpoint, log, 'ada@example.com');

    const refreshed = await initiate({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    const bogus = await initiate({ AuthFlow: 'REFRESH_TOKEN', AuthParameters: { REFRESH_TOKEN: 'not-a-token' } });

    expect(refreshed.body).toMatchObject({
      AuthenticationResult: {
        AccessToken: expect.any(String),
        IdToken: expect.any(String),
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    });
    expect(refreshed.body.AuthenticationResult.RefreshToken).toBeUndefined();
    expect(bogus.body.__type).toBe('NotAuthorizedException');
  });

  it('keeps Admin operations from browsers and from unsigned callers', async () => {
    const request = { UserPoolId: USER_POOL_ID, Username: 'ada@example.com' };
    const signature = {
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00',
    };

    const unsigned = await callPool(pool.endpoint, 'AdminGetUser', request);
    const fromBrowser = await callPool(pool.endpoint, 'AdminGetUser', request, {
      ...signature,
      origin: 'http://evil.example',
    });
    const signed = await callPool(pool.endpoint, 'AdminGetUser', request, signature);

    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    expect(fromBrowser.body.__type).toBe('AccessDeniedException');
    expect(signed.status).toBe(200);
  });

  it('answers other paths and methods without crashing', async () => {
    expect((await fetch(`${pool.origin}/elsewhere`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(pool.endpoint)).status).toBe(405);
    const huge = await callPool(pool.endpoint, 'InitiateAuth', JSON.stringify({ padding: 'x'.repeat(512 * 1024) }));
    expect(huge).toMatchObject({ status: 413, body: { __type: 'SerializationException' } });
    expect((await initiate()).status).toBe(200);
  });
});

describe("local Cognito passkeys, through AWS's own client", () => {
  it('registers, lists, signs in with and deletes a passkey as Cognito does', async () => {
    const client = adminClient(pool.endpoint);
    const authenticator = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);
    const { AccessToken } = await signInRaw(pool.endpoint, log, 'grace@example.com');

    const started = await client.send(new StartWebAuthnRegistrationCommand({ AccessToken }));
    const options = started.CredentialCreationOptions as Record<string, any>;
    expect(options).toMatchObject({
      rp: { id: PASSKEY_RP_ID },
      user: { id: expect.any(String), name: 'grace@example.com' },
      challenge: expect.any(String),
      pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken,
        Credential: authenticator.register({ challenge: options.challenge }),
      }),
    );

    const listed = await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }));
    expect(listed.Credentials).toEqual([
      {
        CredentialId: authenticator.id,
        FriendlyCredentialName: 'Passkey 1',
        RelyingPartyId: PASSKEY_RP_ID,
        AuthenticatorAttachment: 'platform',
        AuthenticatorTransports: ['internal'],
        CreatedAt: expect.any(Date),
      },
    ]);
    expect(listed.NextToken).toBeUndefined();

    const challenge = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'grace@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      }),
    );
    expect(challenge.ChallengeName).toBe('WEB_AUTHN');
    const requestOptions = JSON.parse(challenge.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}');
    expect(requestOptions).toMatchObject({
      rpId: PASSKEY_RP_ID,
      challenge: expect.any(String),
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key', transports: ['internal'] }],
    });
    const signedIn = await client.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'WEB_AUTHN',
        ClientId: CLIENT_ID,
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: challenge.ChallengeParameters?.USERNAME ?? '',
          CREDENTIAL: JSON.stringify(authenticator.assert(requestOptions)),
        },
      }),
    );
    const { idVerifier } = await tokenVerifiers(pool);
    const claims = await idVerifier.verify(signedIn.AuthenticationResult?.IdToken ?? '');
    expect(claims.email).toBe('grace@example.com');
    expect(signedIn.AuthenticationResult?.RefreshToken).toEqual(expect.any(String));

    await client.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId: authenticator.id }));
    expect((await client.send(new ListWebAuthnCredentialsCommand({ AccessToken }))).Credentials).toEqual([]);
    await expect(
      client.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId: authenticator.id })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });

    const again = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: 'grace@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      }),
    );
    const againOptions = JSON.parse(again.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}');
    expect(againOptions.allowCredentials).toEqual([]);
    await expect(
      client.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'WEB_AUTHN',
          ClientId: CLIENT_ID,
          Session: again.Session,
          ChallengeResponses: {
            USERNAME: again.ChallengeParameters?.USERNAME ?? '',
            CREDENTIAL: JSON.stringify(authenticator.assert(againOptions)),
          },
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'The passkey is not registered for this user.',
    });
    client.destroy();
  });
});

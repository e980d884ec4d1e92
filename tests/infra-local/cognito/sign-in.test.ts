// The sign-in a browser makes, driven by the real Amplify v6 client against the local endpoint.
import { GetTokensFromRefreshTokenCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  CLIENT_ID,
  createUser,
  MemoryKeyValueStorage,
  startPool,
  tempDataDir,
  testTriggers,
  tokenVerifiers,
  USER_POOL_ID,
  type RunningPool,
  type TriggerLog,
} from './local-cognito-harness.js';

const log: TriggerLog = { codes: new Map(), events: [] };
const storage = new MemoryKeyValueStorage();
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let pool: RunningPool;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  dataDir = await tempDataDir();
  pool = await startPool(dataDir.path, testTriggers(log));
  admin = adminClient(pool.endpoint);
  Amplify.configure({
    Auth: { Cognito: { userPoolId: USER_POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: pool.endpoint } },
  });
  // In Node Amplify would fall back to its own in-memory store; ours lets the test see the refresh token.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
});

afterEach(async () => {
  await signOut();
  log.events.length = 0;
});

afterAll(async () => {
  admin.destroy();
  await pool.stop();
  await dataDir.remove();
});

/** The magic-link sign-in: start, read the code the Create trigger made, answer it. */
async function signInWithCode(email: string, clientMetadata?: Record<string, string>) {
  const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  expect(started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
  const code = log.codes.get(email);
  if (!code) throw new Error('no code was issued');
  const confirmed = await confirmSignIn({ challengeResponse: code, options: { clientMetadata } });
  expect(confirmed).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
}

async function currentTokens() {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken || !tokens.accessToken) throw new Error('not signed in');
  return { idToken: tokens.idToken.toString(), accessToken: tokens.accessToken.toString() };
}

describe('custom-auth sign-in with Amplify v6', () => {
  it('issues tokens that verify against the served JWKS and carry the Cognito and custom claims', async () => {
    const user = await createUser(admin, 'ada@example.com');

    await signInWithCode('ada@example.com', { origin: 'magic-link' });

    const { idToken, accessToken } = await currentTokens();
    const { idVerifier, accessVerifier } = await tokenVerifiers(pool);
    const id = await idVerifier.verify(idToken);
    const access = await accessVerifier.verify(accessToken);
    expect(id).toMatchObject({
      sub: user.Username,
      iss: pool.issuer,
      aud: CLIENT_ID,
      'cognito:username': user.Username,
      email: 'ada@example.com',
      email_verified: true,
      token_use: 'id',
      userType: 'analyst',
      accessLevel: '7',
    });
    expect(access).toMatchObject({
      sub: user.Username,
      iss: pool.issuer,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: user.Username,
    });
    for (const claims of [id, access]) {
      for (const name of ['origin_jti', 'event_id', 'jti']) expect(claims[name]).toEqual(expect.any(String));
      for (const name of ['auth_time', 'iat', 'exp']) expect(claims[name]).toEqual(expect.any(Number));
      expect(claims.exp).toBe((claims.iat ?? 0) + 3600);
    }
    expect(id.origin_jti).toBe(access.origin_jti);
    expect(id.jti).not.toBe(access.jti);
    expect(await getCurrentUser()).toMatchObject({ username: user.Username, userId: user.Username });
  });

  it('gives the triggers Cognito-shaped events, with the confirming ClientMetadata reaching Verify', async () => {
    const user = await createUser(admin, 'grace@example.com');

    await signInWithCode('Grace@Example.com'.toLowerCase(), { origin: 'magic-link' });

    const sources = log.events.map((entry) => entry.triggerSource);
    expect(sources).toEqual([
      'DefineAuthChallenge_Authentication',
      'CreateAuthChallenge_Authentication',
      'VerifyAuthChallengeResponse_Authentication',
      'DefineAuthChallenge_Authentication',
      'TokenGeneration_Authentication',
    ]);
    const [firstDefine, create, verify, secondDefine] = log.events.map((entry) => entry.event);
    expect(firstDefine).toMatchObject({
      version: '1',
      region: 'eu-west-1',
      userPoolId: USER_POOL_ID,
      userName: user.Username,
      callerContext: { clientId: CLIENT_ID },
      request: { userNotFound: false, session: [], userAttributes: { email: 'grace@example.com', sub: user.Username } },
    });
    expect(firstDefine.request.clientMetadata).toBeUndefined();
    expect(create.request).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE', session: [] });
    expect(verify.request).toMatchObject({
      privateChallengeParameters: { code: expect.any(String) },
      challengeAnswer: verify.request.privateChallengeParameters.code,
      clientMetadata: { origin: 'magic-link' },
      userNotFound: false,
    });
    expect(secondDefine.request.session).toEqual([
      { challengeName: 'CUSTOM_CHALLENGE', challengeResult: true, challengeMetadata: 'MAGIC_LINK' },
    ]);
  });

  it('accepts the e-mail in any case, as a pool with e-mail sign-in does', async () => {
    const user = await createUser(admin, 'katherine@example.com');

    await signIn({ username: 'Katherine@Example.COM', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    await confirmSignIn({ challengeResponse: log.codes.get('katherine@example.com') ?? '' });

    expect((await getCurrentUser()).userId).toBe(user.Username);
  });

  it('fails a wrong answer with NotAuthorizedException', async () => {
    await createUser(admin, 'mallory@example.com');
    await signIn({ username: 'mallory@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });

    const failure = confirmSignIn({ challengeResponse: 'not-the-code' });

    await expect(failure).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('answers an unknown e-mail exactly like a known one until the answer fails', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const known = await signIn({ username: 'mallory@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    const unknown = await signIn({ username: 'nobody@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });

    // Both answer with a UUID username (the sub, or a stable stand-in), and otherwise the same.
    const shape = (result: typeof known) => ({
      ...result,
      nextStep: {
        ...result.nextStep,
        additionalInfo: { ...(result.nextStep as any).additionalInfo, USERNAME: 'uuid' },
      },
    });
    expect(shape(unknown)).toEqual(shape(known));
    expect((unknown.nextStep as any).additionalInfo.USERNAME).toMatch(uuid);
    expect((known.nextStep as any).additionalInfo.USERNAME).toMatch(uuid);
    const again = await signIn({ username: 'Nobody@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(again).toEqual(unknown);
    const define = log.events.filter((entry) => entry.triggerSource === 'DefineAuthChallenge_Authentication').at(-1);
    expect(define?.event.request).toMatchObject({ userNotFound: true, userAttributes: {} });
    expect(define?.event.userName).toBe((unknown.nextStep as any).additionalInfo.USERNAME);
    await expect(confirmSignIn({ challengeResponse: 'anything' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refreshes into new tokens that keep the original auth_time', async () => {
    await createUser(admin, 'barbara@example.com');
    await signInWithCode('barbara@example.com');
    const before = (await fetchAuthSession()).tokens;
    // auth_time and iat are whole seconds: let one pass so a new iat is visible.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const after = (await fetchAuthSession({ forceRefresh: true })).tokens;

    expect(after?.accessToken.toString()).not.toBe(before?.accessToken.toString());
    expect(after?.idToken?.payload.iat).toBeGreaterThan(before?.idToken?.payload.iat ?? Infinity);
    expect(after?.idToken?.payload.auth_time).toBe(before?.idToken?.payload.auth_time);
    expect(after?.accessToken.payload.auth_time).toBe(before?.accessToken.payload.auth_time);
    expect(after?.idToken?.payload.origin_jti).toBe(before?.idToken?.payload.origin_jti);
    expect(after?.idToken?.payload.userType).toBe('analyst');
    const refresh = log.events.filter((entry) => entry.triggerSource === 'TokenGeneration_RefreshTokens');
    expect(refresh).toHaveLength(1);
  });

  it('revokes the refresh token on a plain signOut', async () => {
    await createUser(admin, 'hedy@example.com');
    await signInWithCode('hedy@example.com');
    const refreshToken = storage.refreshToken();
    expect(refreshToken).toEqual(expect.any(String));

    await signOut();

    await expect(
      admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: refreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('revokes every token of the user on a global signOut', async () => {
    await createUser(admin, 'margaret@example.com');
    await signInWithCode('margaret@example.com');
    const { accessToken } = await currentTokens();
    const refreshToken = storage.refreshToken();
    const user = await admin.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: 'margaret@example.com' });

    await signOut({ global: true });

    await expect(admin.send(new GetUserCommand({ AccessToken: accessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    await expect(
      admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: refreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });
});

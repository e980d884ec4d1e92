// A restart of the endpoint with the same data directory loses nothing a caller relies on.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from './software-authenticator.js';
import {
  adminClient,
  callPool,
  claimsOf,
  CLIENT_ID,
  createUser,
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  passkeySettings,
  signInRaw,
  startPool,
  tempDataDir,
  testTriggers,
  tokenVerifiers,
  USER_POOL_ID,
  type RunningPool,
  type TriggerLog,
} from './local-cognito-harness.js';

const log: TriggerLog = { codes: new Map(), events: [] };
let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
let restarted: RunningPool;
let sub: string;
let kept: Awaited<ReturnType<typeof signInRaw>>;
let revoked: Awaited<ReturnType<typeof signInRaw>>;
const authenticator = new SoftwareAuthenticator(PASSKEY_ORIGIN, PASSKEY_RP_ID);

/** Signs ada in with the passkey as raw protocol calls; the answer of RespondToAuthChallenge. */
async function passkeySignIn(endpoint: string, counter?: number) {
  const started = await callPool(endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: 'ada@example.com', PREFERRED_CHALLENGE: 'WEB_AUTHN' },
  });
  const options = JSON.parse(started.body.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS);
  return callPool(endpoint, 'RespondToAuthChallenge', {
    ChallengeName: 'WEB_AUTHN',
    ClientId: CLIENT_ID,
    Session: started.body.Session,
    ChallengeResponses: {
      USERNAME: 'ada@example.com',
      CREDENTIAL: JSON.stringify(authenticator.assert(options, counter === undefined ? {} : { counter })),
    },
  });
}

beforeAll(async () => {
  dataDir = await tempDataDir();
  const first = await startPool(dataDir.path, testTriggers(log), { webAuthn: passkeySettings });
  const admin = adminClient(first.endpoint);
  sub = (await createUser(admin, 'ada@example.com')).Username ?? '';
  kept = await signInRaw(first.endpoint, log, 'ada@example.com');
  revoked = await signInRaw(first.endpoint, log, 'ada@example.com');
  await admin.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: revoked.RefreshToken }));
  admin.destroy();
  const started = await callPool(first.endpoint, 'StartWebAuthnRegistration', { AccessToken: kept.AccessToken });
  const registered = await callPool(first.endpoint, 'CompleteWebAuthnRegistration', {
    AccessToken: kept.AccessToken,
    Credential: authenticator.register(started.body.CredentialCreationOptions),
  });
  if (registered.status !== 200) throw new Error(`passkey registration failed: ${JSON.stringify(registered.body)}`);
  if ((await passkeySignIn(first.endpoint)).status !== 200) throw new Error('passkey sign-in failed');
  await first.stop();

  // Same port, so the issuer (which includes it) is the same, as with the fixed local stack port.
  restarted = await startPool(dataDir.path, testTriggers(log), {
    port: Number(new URL(first.origin).port),
    webAuthn: passkeySettings,
  });
});

afterAll(async () => {
  await restarted.stop();
  await dataDir.remove();
});

describe('local Cognito after a restart', () => {
  it('keeps its users', async () => {
    const admin = adminClient(restarted.endpoint);

    const user = await admin.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'ada@example.com' }));

    expect(user.Username).toBe(sub);
    admin.destroy();
  });

  it('keeps its signing key: tokens issued before still verify and still work', async () => {
    const { idVerifier, accessVerifier } = await tokenVerifiers(restarted);
    const admin = adminClient(restarted.endpoint);

    await expect(idVerifier.verify(kept.IdToken)).resolves.toMatchObject({ sub, email: 'ada@example.com' });
    await expect(accessVerifier.verify(kept.AccessToken)).resolves.toMatchObject({ sub });
    expect((await admin.send(new GetUserCommand({ AccessToken: kept.AccessToken }))).Username).toBe(sub);
    admin.destroy();
  });

  it('keeps refresh tokens and their revocations', async () => {
    const admin = adminClient(restarted.endpoint);

    const { AuthenticationResult } = await admin.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: kept.RefreshToken }),
    );

    expect(claimsOf(AuthenticationResult?.IdToken ?? '').auth_time).toBe(claimsOf(kept.IdToken).auth_time);
    await expect(
      admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: revoked.RefreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    admin.destroy();
  });

  it('keeps passkeys, their signature counters and when they were last used', async () => {
    const listed = await callPool(restarted.endpoint, 'ListWebAuthnCredentials', { AccessToken: kept.AccessToken });
    const stored = JSON.parse(await readFile(join(dataDir.path, 'users.json'), 'utf8'));

    expect(listed.body.Credentials).toMatchObject([{ CredentialId: authenticator.id }]);
    expect(stored[0].passkeys[0]).toMatchObject({
      credentialId: authenticator.id,
      counter: 1,
      lastUsedAt: expect.any(Number),
    });
    expect((await passkeySignIn(restarted.endpoint, 1)).body.__type).toBe('NotAuthorizedException');
    expect((await passkeySignIn(restarted.endpoint, 2)).status).toBe(200);
  });

  it('stores no refresh token in the clear, and its files for the owner only', async () => {
    const records = await readFile(join(dataDir.path, 'refresh-tokens.json'), 'utf8');

    expect(records).not.toContain(kept.RefreshToken);
    for (const file of ['pool-keys.json', 'refresh-tokens.json', 'users.json']) {
      expect((await stat(join(dataDir.path, file))).mode & 0o777).toBe(0o600);
    }
  });
});

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
import {
  adminClient,
  claimsOf,
  CLIENT_ID,
  createUser,
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

beforeAll(async () => {
  dataDir = await tempDataDir();
  const first = await startPool(dataDir.path, testTriggers(log));
  const admin = adminClient(first.endpoint);
  sub = (await createUser(admin, 'ada@example.com')).Username ?? '';
  kept = await signInRaw(first.endpoint, log, 'ada@example.com');
  revoked = await signInRaw(first.endpoint, log, 'ada@example.com');
  await admin.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: revoked.RefreshToken }));
  admin.destroy();
  await first.stop();

  // Same port, so the issuer (which includes it) is the same, as with the fixed local stack port.
  restarted = await startPool(dataDir.path, testTriggers(log), { port: Number(new URL(first.origin).port) });
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

  it('stores no refresh token in the clear, and its files for the owner only', async () => {
    const records = await readFile(join(dataDir.path, 'refresh-tokens.json'), 'utf8');

    expect(records).not.toContain(kept.RefreshToken);
    for (const file of ['pool-keys.json', 'refresh-tokens.json', 'users.json']) {
      expect((await stat(join(dataDir.path, file))).mode & 0o777).toBe(0o600);
    }
  });
});

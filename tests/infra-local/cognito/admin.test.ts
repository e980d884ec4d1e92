// The Admin calls the backend makes, through AWS's own SDK client pointed at the local endpoint.
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  callPool,
  CLIENT_ID,
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
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  dataDir = await tempDataDir();
  pool = await startPool(dataDir.path, testTriggers(log));
  admin = adminClient(pool.endpoint);
});

afterAll(async () => {
  admin.destroy();
  await pool.stop();
  await dataDir.remove();
});

const refresh = (RefreshToken: string) =>
  admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken }));

describe('Admin operations through the AWS SDK', () => {
  it('creates a confirmed user whose username is its sub, once per e-mail in any case', async () => {
    const before = Date.now();

    const user = await createUser(admin, 'ada@example.com');

    expect(user.Username).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED' });
    expect(user.Attributes).toEqual(
      expect.arrayContaining([
        { Name: 'sub', Value: user.Username },
        { Name: 'email', Value: 'ada@example.com' },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    expect(user.UserCreateDate).toBeInstanceOf(Date);
    expect(user.UserCreateDate?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await expect(createUser(admin, 'ADA@example.com')).rejects.toMatchObject({ name: 'UsernameExistsException' });
    await expect(
      admin.send(
        new AdminCreateUserCommand({ UserPoolId: USER_POOL_ID, Username: 'not-an-email', MessageAction: 'SUPPRESS' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('gets a user by sub or by e-mail, and says when there is none', async () => {
    const { Username } = await createUser(admin, 'grace@example.com');

    const bySub = await admin.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username }));
    const byEmail = await admin.send(
      new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'Grace@Example.com' }),
    );

    expect(bySub).toMatchObject({ Username, Enabled: true, UserStatus: 'CONFIRMED' });
    expect(byEmail.Username).toBe(Username);
    expect(byEmail.UserAttributes).toContainEqual({ Name: 'email', Value: 'grace@example.com' });
    await expect(
      admin.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'nobody@example.com' })),
    ).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    await expect(
      admin.send(new AdminGetUserCommand({ UserPoolId: 'eu-west-1_other', Username })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('lists users with an e-mail filter and in pages', async () => {
    for (const name of ['list-a', 'list-b', 'list-c', 'list-d', 'list-e'])
      await createUser(admin, `${name}@example.com`);

    const filtered = await admin.send(
      new ListUsersCommand({ UserPoolId: USER_POOL_ID, Filter: 'email = "list-c@example.com"' }),
    );
    const prefixed = await admin.send(new ListUsersCommand({ UserPoolId: USER_POOL_ID, Filter: 'email ^= "list-"' }));
    const seen: string[] = [];
    let PaginationToken: string | undefined;
    let pages = 0;
    do {
      const page = await admin.send(
        new ListUsersCommand({ UserPoolId: USER_POOL_ID, Filter: 'email ^= "list-"', Limit: 2, PaginationToken }),
      );
      for (const user of page.Users ?? []) seen.push(user.Attributes?.find((a) => a.Name === 'email')?.Value ?? '');
      PaginationToken = page.PaginationToken;
      pages += 1;
    } while (PaginationToken);

    expect(filtered.Users?.map((user) => user.Attributes?.find((a) => a.Name === 'email')?.Value)).toEqual([
      'list-c@example.com',
    ]);
    expect(filtered.Users?.[0]).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED', Username: expect.any(String) });
    expect(prefixed.Users).toHaveLength(5);
    expect(pages).toBe(3);
    expect(seen).toEqual(['list-a', 'list-b', 'list-c', 'list-d', 'list-e'].map((name) => `${name}@example.com`));
    await expect(
      admin.send(new ListUsersCommand({ UserPoolId: USER_POOL_ID, Filter: 'email contains "x"' })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('updates attributes, unverifying a changed e-mail and refusing one already taken', async () => {
    const { Username } = await createUser(admin, 'hedy@example.com');
    await createUser(admin, 'taken@example.com');

    await admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: USER_POOL_ID,
        Username,
        UserAttributes: [
          { Name: 'email', Value: 'hedy.lamarr@example.com' },
          { Name: 'name', Value: 'Hedy' },
        ],
      }),
    );

    const updated = await admin.send(
      new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'hedy.lamarr@example.com' }),
    );
    expect(updated.Username).toBe(Username);
    expect(updated.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'hedy.lamarr@example.com' },
        { Name: 'email_verified', Value: 'false' },
        { Name: 'name', Value: 'Hedy' },
      ]),
    );
    await expect(
      admin.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: 'hedy@example.com' })),
    ).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    await expect(
      admin.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: USER_POOL_ID,
          Username,
          UserAttributes: [{ Name: 'email', Value: 'taken@example.com' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'AliasExistsException' });
    await expect(
      admin.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: USER_POOL_ID,
          Username,
          UserAttributes: [{ Name: 'sub', Value: 'x' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('disables a user: tokens revoked, sign-in refused, until enabled again', async () => {
    const { Username } = await createUser(admin, 'barbara@example.com');
    const tokens = await signInRaw(pool.endpoint, log, 'barbara@example.com');

    await admin.send(new AdminDisableUserCommand({ UserPoolId: USER_POOL_ID, Username }));

    await expect(admin.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    const refused = await callPool(pool.endpoint, 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'barbara@example.com' },
    });
    expect(refused.body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });

    await admin.send(new AdminEnableUserCommand({ UserPoolId: USER_POOL_ID, Username }));
    const again = await signInRaw(pool.endpoint, log, 'barbara@example.com');
    expect((await admin.send(new GetUserCommand({ AccessToken: again.AccessToken }))).Username).toBe(Username);
  });

  it('signs a user out everywhere', async () => {
    const { Username } = await createUser(admin, 'margaret@example.com');
    const first = await signInRaw(pool.endpoint, log, 'margaret@example.com');
    const second = await signInRaw(pool.endpoint, log, 'margaret@example.com');

    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: USER_POOL_ID, Username }));

    for (const tokens of [first, second]) {
      await expect(refresh(tokens.RefreshToken)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
    }
  });

  it('deletes a user and everything issued to it', async () => {
    const { Username } = await createUser(admin, 'radia@example.com');
    const tokens = await signInRaw(pool.endpoint, log, 'radia@example.com');

    await admin.send(new AdminDeleteUserCommand({ UserPoolId: USER_POOL_ID, Username }));

    await expect(admin.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    await expect(refresh(tokens.RefreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(admin.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The e-mail is free again.
    await expect(createUser(admin, 'radia@example.com')).resolves.toMatchObject({ UserStatus: 'CONFIRMED' });
  });
});

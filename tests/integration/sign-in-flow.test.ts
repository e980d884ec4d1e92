// The whole e-mail-link sign-in with the real triggers, driven by the unmodified Amplify v6 client against
// the local Cognito endpoint, then getSession through the local API with the ID token.
import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { userAccessEntity } from '../../lambdas/kernel/data/entities/users.js';
import { isLinkForAnotherAddress } from '../../lambdas/kernel/sign-in/link-refusal.js';
import { MemoryKeyValueStorage } from '../infra-local/cognito/local-cognito-harness.js';
import { postCall } from '../support/api.js';
import { callEvent } from '../support/call-event.js';
import { nextSignInLink, tokenOf } from '../support/outbox.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const storage = new MemoryKeyValueStorage();
const cognito = new CognitoIdentityProviderClient({ endpoint: `${stack.appUrl}/cognito`, region: 'eu-west-1' });

beforeAll(() => {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: stack.userPoolId,
        userPoolClientId: stack.userPoolClientId,
        userPoolEndpoint: `${stack.appUrl}/cognito`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
});

afterEach(async () => {
  await signOut();
});

async function requestLink(email: string): Promise<string> {
  const answer = await postCall('sendSignInLink', { data: { email, url: stack.appUrl } });
  expect(answer.status).toBe(200);
  return nextSignInLink(email, 0);
}

/** What the /auth/redirect page does with the stored e-mail and the link's token. */
async function completeSignIn(email: string, token: string) {
  const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  expect(started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
  return confirmSignIn({ challengeResponse: token });
}

async function idToken(): Promise<string> {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error('not signed in');
  return tokens.idToken.toString();
}

/** Sends a link the way the handler does, with settings changed for this test only. */
async function requestLinkWith(settings: Record<string, string>, email: string, mailsBefore: number): Promise<string> {
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  resetConfigCache();
  try {
    const result = (await handler(callEvent('sendSignInLink', { email, url: stack.appUrl }))) as {
      statusCode: number;
    };
    expect(result.statusCode).toBe(200);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigCache();
  }
  return nextSignInLink(email, mailsBefore);
}

describe('e-mail-link sign-in with the real triggers', () => {
  it('signs in with the link, adds userType and accessLevel to the ID token, and getSession answers', async () => {
    const { uid, email } = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    const token = tokenOf(await requestLink(email));

    const result = await completeSignIn(email, token);
    const { tokens } = await fetchAuthSession();
    const session = await postCall('getSession', { data: {} }, { token: await idToken() });

    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(tokens?.idToken?.payload).toMatchObject({ sub: uid, email, userType: 'analyst', accessLevel: '7' });
    expect(session.status).toBe(200);
    expect(session.body.result).toMatchObject({
      user: { uid, email },
      userAccess: { uid, claims: { userType: 'analyst', accessLevel: 7 }, companies: [], servicesEnabled: [] },
      userPreferences: {},
    });
  });

  it('a link works once (checklist 2)', async () => {
    const { email } = await createTestUser();
    const token = tokenOf(await requestLink(email));
    await completeSignIn(email, token);
    await signOut();

    await expect(completeSignIn(email, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a link does not sign in another user, and stays usable by its owner (checklist 9)', async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const token = tokenOf(await requestLink(owner.email));

    await expect(completeSignIn(other.email, token)).rejects.toSatisfy(isLinkForAnotherAddress);
    expect((await completeSignIn(owner.email, token)).isSignedIn).toBe(true);
  });

  it('a typo in the e-mail does not burn the link: the right address then signs in, and only once', async () => {
    const { email } = await createTestUser();
    const token = tokenOf(await requestLink(email));
    const typo = email.replace('@', '@x');

    // Told apart from a dead link, so the page can say the address was mistyped and keep the link.
    await expect(completeSignIn(typo, token)).rejects.toSatisfy(isLinkForAnotherAddress);
    expect((await completeSignIn(email, token)).isSignedIn).toBe(true);
    await signOut();

    await expect(completeSignIn(email, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a used link is refused alike for its own address and any other: nothing tells them apart', async () => {
    const { email } = await createTestUser();
    const other = await createTestUser();
    const token = tokenOf(await requestLink(email));
    await completeSignIn(email, token);
    await signOut();

    // The page shows spec 8's words for this answer ('This link was previously used or does not match…').
    for (const address of [email, other.email, email.replace('@', '@x')]) {
      await expect(completeSignIn(address, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
  });

  it('five attempts with other addresses end the link, unknown and existing addresses alike', async () => {
    const { email } = await createTestUser();
    const others = await Promise.all([createTestUser(), createTestUser()]);
    const token = tokenOf(await requestLink(email));
    const wrongAddresses = [
      `nobody-${email}`,
      others[0].email,
      email.replace('@', '@x'),
      others[1].email,
      `${email}.typo`,
    ];

    for (const wrong of wrongAddresses.slice(0, -1)) {
      await expect(completeSignIn(wrong, token)).rejects.toSatisfy(isLinkForAnotherAddress);
    }
    // The fifth ends the link: it is refused like any dead link.
    await expect(completeSignIn(wrongAddresses.at(-1)!, token)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    // Someone holding the link without its address had five guesses; the owner needs a new link.
    await expect(completeSignIn(email, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const fresh = tokenOf(await requestLinkWith({ SIGN_IN_EMAIL_INTERVAL_SECONDS: '0' }, email, 1));
    expect((await completeSignIn(email, fresh)).isSignedIn).toBe(true);
  });

  it('four attempts with other addresses still leave the link to its owner', async () => {
    const { email } = await createTestUser();
    const token = tokenOf(await requestLink(email));

    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(completeSignIn(`typo${attempt}-${email}`, token)).rejects.toSatisfy(isLinkForAnotherAddress);
    }

    expect((await completeSignIn(email, token)).isSignedIn).toBe(true);
  });

  it('a wrong answer ends the attempt: one try per challenge (checklist 9)', async () => {
    const { email } = await createTestUser();
    const token = tokenOf(await requestLink(email));

    await expect(completeSignIn(email, `${token.slice(0, -2)}xx`)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The right token still works in a new attempt: a guess does not burn the link.
    expect((await completeSignIn(email, token)).isSignedIn).toBe(true);
  });

  it('a new link replaces the old one (checklist 3)', async () => {
    const { email } = await createTestUser();
    const first = tokenOf(await requestLinkWith({ SIGN_IN_EMAIL_INTERVAL_SECONDS: '0' }, email, 0));
    const second = tokenOf(await requestLinkWith({ SIGN_IN_EMAIL_INTERVAL_SECONDS: '0' }, email, 1));

    await expect(completeSignIn(email, first)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await completeSignIn(email, second)).isSignedIn).toBe(true);
  });

  it('an expired link is refused even before DynamoDB TTL removes it (checklist 4)', async () => {
    const { email } = await createTestUser();
    const token = tokenOf(await requestLinkWith({ SIGN_IN_LINK_TTL_SECONDS: '1' }, email, 0));
    await new Promise((resolve) => setTimeout(resolve, 1100));

    await expect(completeSignIn(email, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('opening the link with a plain GET (a mail scanner) consumes nothing (checklist 8)', async () => {
    const { email } = await createTestUser();
    const link = await requestLink(email);

    const prefetch = await fetch(link);
    expect(prefetch.status).toBe(200);
    expect(await prefetch.text()).toContain('<div id="root">');
    expect((await completeSignIn(email, tokenOf(link))).isSignedIn).toBe(true);
  });

  it('refreshes tokens keeping auth_time, and both sign-outs end the session', async () => {
    const { email } = await createTestUser();
    await completeSignIn(email, tokenOf(await requestLink(email)));
    const before = (await fetchAuthSession()).tokens!;
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const refreshed = (await fetchAuthSession({ forceRefresh: true })).tokens!;
    expect(refreshed.idToken!.toString()).not.toBe(before.idToken!.toString());
    expect(refreshed.idToken!.payload.auth_time).toBe(before.idToken!.payload.auth_time);
    expect((await postCall('getSession', { data: {} }, { token: refreshed.idToken!.toString() })).status).toBe(200);

    // Plain sign-out revokes the refresh token.
    const refreshToken = storage.refreshToken()!;
    await signOut();
    await expect(
      cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // Global sign-out revokes the access token everywhere.
    const again = await createTestUser();
    await completeSignIn(again.email, tokenOf(await requestLink(again.email)));
    const accessToken = (await fetchAuthSession()).tokens!.accessToken.toString();
    await signOut({ global: true });
    await expect(cognito.send(new GetUserCommand({ AccessToken: accessToken }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('a token issued before _revoked is refused with UNAUTHENTICATED', async () => {
    const { uid, email } = await createTestUser();
    await completeSignIn(email, tokenOf(await requestLink(email)));
    const token = await idToken();
    expect((await postCall('getSession', { data: {} }, { token })).status).toBe(200);

    await userAccessEntity
      .build(UpdateItemCommand)
      .item({ uid, claims: { _revoked: Date.now() } })
      .send();

    const refused = await postCall('getSession', { data: {} }, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.status).toBe('UNAUTHENTICATED');
  });

  it("Sign out ends the session on the server: the old ID token is refused, so is the refresh token's", async () => {
    const { email } = await createTestUser();
    await completeSignIn(email, tokenOf(await requestLink(email)));
    const token = await idToken();
    const refreshToken = storage.refreshToken()!;
    expect((await postCall('getSession', { data: {} }, { token })).status).toBe(200);

    // The web's Sign out: the signOut call, then Amplify's global sign-out.
    const signedOut = await postCall('signOut', { data: {} }, { token });
    expect(signedOut.status).toBe(200);
    // A token the refresh token makes before Cognito revokes it keeps the sign-in's auth_time: refused as well.
    const { AuthenticationResult: renewed } = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken }),
    );
    await signOut({ global: true });

    for (const copied of [token, renewed!.IdToken!]) {
      const refused = await postCall('getSession', { data: {} }, { token: copied });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({
        status: 'UNAUTHENTICATED',
        message: 'Your session was ended. Please sign in again.',
      });
    }
    await expect(
      cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('after Sign out a new sign-in works', async () => {
    const { email } = await createTestUser();
    await completeSignIn(email, tokenOf(await requestLinkWith({ SIGN_IN_EMAIL_INTERVAL_SECONDS: '0' }, email, 0)));
    const signedOut = await postCall('signOut', { data: {} }, { token: await idToken() });
    expect(signedOut.status).toBe(200);
    await signOut({ global: true });

    // auth_time has whole seconds: a sign-in within the second of the sign-out would count as before it.
    const revokedAt = signedOut.body.result.revokedAt as number;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.ceil(revokedAt / 1000) * 1000 - Date.now())));
    await completeSignIn(email, tokenOf(await requestLinkWith({ SIGN_IN_EMAIL_INTERVAL_SECONDS: '0' }, email, 1)));

    const session = await postCall('getSession', { data: {} }, { token: await idToken() });
    expect(session.status).toBe(200);
    expect(session.body.result.userAccess.claims._revoked).toBe(revokedAt);
  });

  it('getSession refuses a missing, forged or access token the way the HTTP API authorizer does', async () => {
    const { email } = await createTestUser();
    await completeSignIn(email, tokenOf(await requestLink(email)));
    const { tokens } = await fetchAuthSession();
    const [header, payload, signature] = tokens!.idToken!.toString().split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...tokens!.idToken!.payload, accessLevel: '9' })).toString(
      'base64url',
    );

    for (const token of [
      undefined,
      `${header}.${forgedPayload}.${signature}`,
      tokens!.accessToken.toString(),
      'garbage',
    ]) {
      const answer = await postCall('getSession', { data: {} }, { token });
      expect(answer.status).toBe(401);
    }
    void payload;
  });
});

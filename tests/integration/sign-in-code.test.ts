// The one-time code of the sign-in mail, with the real triggers, driven by the unmodified Amplify v6 client
// against the local Cognito endpoint: the code signs in where it is typed, and link and code are one secret
// (using either ends both); wrong codes are counted on the link's record and the fifth ends both; only the
// current mail's code works; a typed answer that cannot be a code is refused, and counted.
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { handler as preTokenGeneration } from '../../lambdas/auth/pre-token-generation.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { signInLinkEntity } from '../../lambdas/kernel/data/entities/sign-in.js';
import { hashSignInCode, keyFor, sameHash } from '../../lambdas/kernel/sign-in/link-token.js';
import { codeAnswer, signInCodeProblem } from '../../lambdas/kernel/sign-in/sign-in-code.js';
import { signInSecret } from '../../lambdas/kernel/sign-in/sign-in-secret.js';
import { MemoryKeyValueStorage } from '../infra-local/cognito/local-cognito-harness.js';
import { postCall } from '../support/api.js';
import { callEvent } from '../support/call-event.js';
import { mailsTo, nextSignInMail, tokenOf } from '../support/outbox.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');

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
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryKeyValueStorage());
});

afterEach(async () => {
  await signOut();
});

async function requestMail(email: string, mailsBefore = 0): Promise<{ token: string; code: string }> {
  const saved = process.env.SIGN_IN_EMAIL_INTERVAL_SECONDS;
  // A second mail within the minute, for the tests that need an older one.
  process.env.SIGN_IN_EMAIL_INTERVAL_SECONDS = '0';
  resetConfigCache();
  try {
    const result = (await handler(callEvent('sendSignInLink', { email, url: stack.appUrl }))) as {
      statusCode: number;
    };
    expect(result.statusCode).toBe(200);
  } finally {
    if (saved === undefined) delete process.env.SIGN_IN_EMAIL_INTERVAL_SECONDS;
    else process.env.SIGN_IN_EMAIL_INTERVAL_SECONDS = saved;
    resetConfigCache();
  }
  const { link, code } = await nextSignInMail(email, mailsBefore);
  return { token: tokenOf(link), code };
}

/** What the sign-in screen's code form does: the custom flow, answered with the typed code. */
async function signInWith(email: string, answer: string) {
  const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  expect(started.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
  return confirmSignIn({ challengeResponse: answer });
}

async function storedLink(email: string) {
  const emailKey = keyFor(await signInSecret(), 'email', email);
  const { Item } = await signInLinkEntity.build(GetItemCommand).key({ emailKey }).options({ consistent: true }).send();
  return Item;
}

const refused = { name: 'NotAuthorizedException' };

describe('the code of the sign-in mail', () => {
  it('is in the text and the HTML of the mail, and only its HMAC is stored', async () => {
    const { email } = await createTestUser();
    const { code } = await requestMail(email);

    const [mail] = await mailsTo(email);
    expect(mail!.body.text).toContain(`    ${code}\n`);
    expect(mail!.body.html).toContain(`>${code}</p>`);
    const record = await storedLink(email);
    expect(record?.codeHash).toEqual(expect.any(String));
    expect(JSON.stringify(record)).not.toContain(code);
  });

  it('signs in, its token says so (signInProof code), and the link is then refused', async () => {
    const { uid, email } = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    const { token, code } = await requestMail(email);

    expect(await signInWith(email, codeAnswer(code))).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({ sub: uid, signInProof: 'code', accessLevel: '7' });
    const session = await postCall('getSession', { data: {} }, { token: tokens!.idToken!.toString() });
    expect(session.status).toBe(200);
    await signOut();

    await expect(signInWith(email, token)).rejects.toMatchObject(refused);
    await expect(signInWith(email, codeAnswer(code))).rejects.toMatchObject(refused);
  });

  it('a sign-in with the link ends the code, and its token says link', async () => {
    const { email } = await createTestUser();
    const { token, code } = await requestMail(email);

    await signInWith(email, token);
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload.signInProof).toBe('link');
    await signOut();

    await expect(signInWith(email, codeAnswer(code))).rejects.toMatchObject(refused);
  });

  it('wrong codes are counted on the link; four leave it usable, the fifth ends code and link', async () => {
    const { email } = await createTestUser();
    const { token, code } = await requestMail(email);
    const wrong = (n: number) => String((Number(code) + n) % 100_000_000).padStart(8, '0');

    for (let n = 1; n <= 4; n += 1)
      await expect(signInWith(email, codeAnswer(wrong(n)))).rejects.toMatchObject(refused);
    expect((await storedLink(email))?.codeMisses).toBe(4);
    await expect(signInWith(email, codeAnswer(wrong(5)))).rejects.toMatchObject(refused);
    expect((await storedLink(email))?.codeMisses).toBe(5);

    // Both forms of the secret are dead, and nothing more is counted against it.
    await expect(signInWith(email, codeAnswer(code))).rejects.toMatchObject(refused);
    await expect(signInWith(email, token)).rejects.toMatchObject(refused);
    expect((await storedLink(email))?.codeMisses).toBe(5);
  });

  it('four wrong codes still leave the right one to sign in', async () => {
    const { email } = await createTestUser();
    const { code } = await requestMail(email);
    const wrong = (n: number) => String((Number(code) + n) % 100_000_000).padStart(8, '0');

    for (let n = 1; n <= 4; n += 1)
      await expect(signInWith(email, codeAnswer(wrong(n)))).rejects.toMatchObject(refused);
    expect((await signInWith(email, codeAnswer(code))).isSignedIn).toBe(true);
  });

  it("a code from an older mail is refused: only the current mail's code works", async () => {
    const { email } = await createTestUser();
    const older = await requestMail(email, 0);
    const newer = await requestMail(email, 1);
    expect(newer.code === older.code).toBe(false);

    await expect(signInWith(email, codeAnswer(older.code))).rejects.toMatchObject(refused);
    expect((await signInWith(email, codeAnswer(newer.code))).isSignedIn).toBe(true);
  });

  it('a code of the wrong length or with letters is refused, and counted, nothing else written', async () => {
    const { email } = await createTestUser();
    const { code } = await requestMail(email);
    const before = await storedLink(email);

    for (const typed of [code.slice(0, 6), `${code}1`, `${code.slice(0, 7)}a`, 'abcdefgh']) {
      await expect(signInWith(email, `code:${typed}`)).rejects.toMatchObject(refused);
    }

    const after = await storedLink(email);
    expect(after).toEqual({ ...before, codeMisses: 4 });
    expect((await signInWith(email, codeAnswer(code))).isSignedIn).toBe(true);
  });

  it('the form names what is wrong with a typed code before anything is sent', () => {
    expect(signInCodeProblem('')).toBe('Enter the code from the e-mail.');
    expect(signInCodeProblem('123456')).toBe('The code has 8 digits; this one has 6.');
    expect(signInCodeProblem('1234567a')).toBe('The code has digits only: enter the 8 digits from the e-mail.');
    expect(signInCodeProblem('1234 5678')).toBeUndefined();
    expect(codeAnswer('1234-5678')).toBe('code:12345678');
  });

  it("a code is checked against its user's own mail only: another user's code, or an unknown address, is refused", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const { code } = await requestMail(owner.email);
    await requestMail(other.email);

    await expect(signInWith(other.email, codeAnswer(code))).rejects.toMatchObject(refused);
    await expect(signInWith(`nobody-${owner.email}`, codeAnswer(code))).rejects.toMatchObject(refused);
    // Neither counted against the owner's mail.
    expect((await storedLink(owner.email))?.codeMisses).toBeUndefined();
    expect((await signInWith(owner.email, codeAnswer(code))).isSignedIn).toBe(true);
  });

  it('the stored code is an HMAC bound to its address', async () => {
    const { email } = await createTestUser();
    const { code } = await requestMail(email);
    const emailKey = keyFor(await signInSecret(), 'email', email);

    const record = await storedLink(email);
    expect(sameHash(record!.codeHash!, hashSignInCode(await signInSecret(), emailKey, code))).toBe(true);
  });
});

describe('PreTokenGeneration: how the sign-in was proved', () => {
  const tokenEvent = (triggerSource: string, user: { uid: string; email: string }) =>
    ({
      version: '1',
      region: 'eu-west-1',
      userPoolId: stack.userPoolId,
      userName: user.uid,
      callerContext: { awsSdkVersion: 'test', clientId: 'client' },
      triggerSource,
      request: { userAttributes: { sub: user.uid, email: user.email }, groupConfiguration: {} },
      response: {},
    }) as any;

  it('a sign-in with no link or code used moments ago was a passkey; a refresh names no proof', async () => {
    const user = await createTestUser();

    const signIn = await preTokenGeneration(tokenEvent('TokenGeneration_Authentication', user));
    const refresh = await preTokenGeneration(tokenEvent('TokenGeneration_RefreshTokens', user));

    expect(signIn.response.claimsOverrideDetails?.claimsToAddOrOverride).toMatchObject({ signInProof: 'passkey' });
    expect(refresh.response.claimsOverrideDetails?.claimsToAddOrOverride?.signInProof).toBeUndefined();
  });

  it('a used code is claimed once: a later sign-in by other means is a passkey', async () => {
    const user = await createTestUser();
    const { code } = await requestMail(user.email);
    await signInWith(user.email, codeAnswer(code));

    const later = await preTokenGeneration(tokenEvent('TokenGeneration_Authentication', user));
    expect(later.response.claimsOverrideDetails?.claimsToAddOrOverride).toMatchObject({ signInProof: 'passkey' });
  });
});

// The Cognito triggers invoked directly with Cognito-shaped events, as Lambda would, against DynamoDB Local.
import { describe, expect, inject, it } from 'vitest';
import { handler as define } from '../../lambdas/auth/define-auth-challenge.js';
import { handler as create } from '../../lambdas/auth/create-auth-challenge.js';
import { handler as preTokenGeneration } from '../../lambdas/auth/pre-token-generation.js';
import { handler as verify } from '../../lambdas/auth/verify-auth-challenge-response.js';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { signInLinkEntity } from '../../lambdas/kernel/data/entities/sign-in.js';
import { linkForAnotherAddress } from '../../lambdas/kernel/sign-in/link-refusal.js';
import { keyFor, sameHash } from '../../lambdas/kernel/sign-in/link-token.js';
import { signInSecret } from '../../lambdas/kernel/sign-in/sign-in-secret.js';
import { postCall } from '../support/api.js';
import { nextSignInLink, tokenOf } from '../support/outbox.js';
import { createTestUser } from '../support/users.js';

const { appUrl, userPoolId } = inject('localStack');

function baseEvent(triggerSource: string, request: Record<string, unknown>) {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId,
    userName: 'user',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    triggerSource,
    request,
    response: {},
  } as any;
}

const attempt = (challengeResult: boolean) => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult,
  challengeMetadata: 'MAGIC_LINK',
});

describe('DefineAuthChallenge', () => {
  const decide = async (session: unknown[], userNotFound = false) =>
    (await define(baseEvent('DefineAuthChallenge_Authentication', { userAttributes: {}, session, userNotFound })))
      .response;

  it('asks for the custom challenge first, for known and unknown users alike', async () => {
    expect(await decide([])).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
    expect(await decide([], true)).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('issues tokens after one right answer only', async () => {
    expect(await decide([attempt(true)])).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails after a wrong answer: one attempt (checklist 9)', async () => {
    expect(await decide([attempt(false)])).toMatchObject({ issueTokens: false, failAuthentication: true });
    expect(await decide([attempt(false), attempt(true)])).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('never issues tokens to an unknown user', async () => {
    expect(await decide([attempt(true)], true)).toMatchObject({ issueTokens: false, failAuthentication: true });
  });
});

describe('CreateAuthChallenge', () => {
  it('reveals nothing about the user in its public parameters', async () => {
    const known = await create(
      baseEvent('CreateAuthChallenge_Authentication', {
        challengeName: 'CUSTOM_CHALLENGE',
        session: [],
        userAttributes: { email: 'a@b.c', sub: 'x' },
        userNotFound: false,
      }),
    );
    const unknown = await create(
      baseEvent('CreateAuthChallenge_Authentication', {
        challengeName: 'CUSTOM_CHALLENGE',
        session: [],
        userAttributes: {},
        userNotFound: true,
      }),
    );
    expect(known.response.publicChallengeParameters).toEqual(unknown.response.publicChallengeParameters);
  });
});

describe('VerifyAuthChallengeResponse', () => {
  async function userWithLink() {
    const user = await createTestUser();
    await postCall('sendSignInLink', { data: { email: user.email, url: appUrl } });
    return { ...user, token: tokenOf(await nextSignInLink(user.email, 0)) };
  }
  const verifyEvent = (request: Record<string, unknown>) =>
    verify(
      baseEvent('VerifyAuthChallengeResponse_Authentication', {
        privateChallengeParameters: {},
        clientMetadata: {},
        userNotFound: false,
        ...request,
      }),
    );
  const check = async (request: Record<string, unknown>) => (await verifyEvent(request)).response.answerCorrect;
  /** What the client is told: tokens, the other-address error (Cognito passes its message on), or a plain no. */
  const outcome = async (request: Record<string, unknown>) => {
    try {
      return (await verifyEvent(request)).response.answerCorrect ? 'accepted' : 'refused';
    } catch (error) {
      expect((error as Error).message).toBe(linkForAnotherAddress);
      return 'otherAddress';
    }
  };

  it('accepts the token of a link made for this user, once', async () => {
    const { uid, email, token } = await userWithLink();
    const userAttributes = { sub: uid, email };
    expect(await check({ userAttributes, challengeAnswer: token })).toBe(true);
    expect(await check({ userAttributes, challengeAnswer: token })).toBe(false);
  });

  it('lets exactly one of several racing verifications of the same token pass (checklist 2)', async () => {
    const { uid, email, token } = await userWithLink();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => check({ userAttributes: { sub: uid, email }, challengeAnswer: token })),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('answers false by default: no answer, an unknown user, missing attributes, a huge answer (checklist 9)', async () => {
    const { uid, email, token } = await userWithLink();
    expect(await check({ userAttributes: { sub: uid, email } })).toBe(false);
    expect(await check({ userAttributes: { sub: uid, email }, challengeAnswer: '' })).toBe(false);
    expect(await outcome({ userAttributes: { sub: uid, email }, challengeAnswer: token, userNotFound: true })).toBe(
      'otherAddress',
    );
    expect(await check({ userAttributes: { email }, challengeAnswer: token })).toBe(false);
    expect(await check({ userAttributes: { sub: uid }, challengeAnswer: token })).toBe(false);
    expect(await check({ userAttributes: { sub: uid, email }, challengeAnswer: 'x'.repeat(10_000) })).toBe(false);
    // None of these used the link up.
    expect(await check({ userAttributes: { sub: uid, email }, challengeAnswer: token })).toBe(true);
  });

  it('counts the token tried with other addresses against its link: at five the link is dead', async () => {
    const { uid, email, token } = await userWithLink();
    const other = await createTestUser();
    const userAttributes = { sub: uid, email };
    // Addresses without an account (Cognito says userNotFound) and another user's address alike.
    for (let miss = 0; miss < 3; miss += 1) {
      expect(await outcome({ userAttributes: {}, userNotFound: true, challengeAnswer: token })).toBe('otherAddress');
    }
    expect(await outcome({ userAttributes: { sub: other.uid, email: other.email }, challengeAnswer: token })).toBe(
      'otherAddress',
    );
    // Guesses of other tokens count against no link.
    expect(await outcome({ userAttributes: {}, userNotFound: true, challengeAnswer: `${token}x` })).toBe('refused');
    const { Item: afterFour } = await signInLinkEntity
      .build(GetItemCommand)
      .key({ emailKey: keyFor(await signInSecret(), 'email', email) })
      .send();
    expect(afterFour?.misses).toBe(4);

    // The fifth ends the link: from then on no address is told apart from another.
    expect(await outcome({ userAttributes: {}, userNotFound: true, challengeAnswer: token })).toBe('refused');

    expect(await outcome({ userAttributes, challengeAnswer: token })).toBe('refused');
  });

  it('tells a typed address apart only while the link still works: a used link is refused alike for every address', async () => {
    const { uid, email, token } = await userWithLink();
    const other = await createTestUser();
    const elsewhere = { userAttributes: { sub: other.uid, email: other.email }, challengeAnswer: token };
    expect(await outcome(elsewhere)).toBe('otherAddress');
    expect(await outcome({ userAttributes: { sub: uid, email }, challengeAnswer: token })).toBe('accepted');

    // Used: the right address and the wrong ones hear the same plain no (spec 8's words on the page).
    expect(await outcome({ userAttributes: { sub: uid, email }, challengeAnswer: token })).toBe('refused');
    expect(await outcome(elsewhere)).toBe('refused');
    expect(await outcome({ userAttributes: {}, userNotFound: true, challengeAnswer: token })).toBe('refused');
  });

  it("refuses a token presented for the right e-mail but another user's sub (checklist 9)", async () => {
    const { email, token } = await userWithLink();
    const other = await createTestUser();
    expect(await check({ userAttributes: { sub: other.uid, email }, challengeAnswer: token })).toBe(false);
  });

  it('compares hashes in constant time, and only equal hashes match', () => {
    expect(sameHash('abc', 'abc')).toBe(true);
    expect(sameHash('abc', 'abd')).toBe(false);
    expect(sameHash('abc', 'abcd')).toBe(false);
  });
});

describe('PreTokenGeneration', () => {
  it('adds userType and accessLevel from users_access, and the sign-in proof (no link or code used: a passkey)', async () => {
    const { uid, email } = await createTestUser({ userType: 'analyst', accessLevel: 5 });
    const event = await preTokenGeneration(
      baseEvent('TokenGeneration_Authentication', { userAttributes: { sub: uid, email }, groupConfiguration: {} }),
    );
    expect(event.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { userType: 'analyst', accessLevel: '5', signInProof: 'passkey' },
    });
  });

  it('gives a user without an access record no access', async () => {
    const event = await preTokenGeneration(
      baseEvent('TokenGeneration_Authentication', { userAttributes: { sub: 'no-such-user' }, groupConfiguration: {} }),
    );
    expect(event.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { userType: 'none', accessLevel: '0' },
    });
  });
});

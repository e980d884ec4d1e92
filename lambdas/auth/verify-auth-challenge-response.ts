// Cognito VerifyAuthChallengeResponse: true only when the answer is the unused, unexpired token of a link
// made for this very user, tried with other addresses fewer than SIGN_IN_LINK_MAX_MISSES times. Any
// doubt, error or missing piece answers false.
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { readConfig } from '../kernel/config.js';
import { logger } from '../kernel/logger.js';
import { hashLinkToken, keyFor, normaliseEmail } from '../kernel/sign-in/link-token.js';
import { consumeSignInLink, recordSignInMiss } from '../kernel/sign-in/sign-in-links.js';
import { signInSecret } from '../kernel/sign-in/sign-in-secret.js';

const maxAnswerLength = 128;

export const handler = async (
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = false;
  const answer = event.request.challengeAnswer;
  if (typeof answer !== 'string' || !answer || answer.length > maxAnswerLength) return event;
  const email = event.request.userAttributes?.email;
  const uid = event.request.userAttributes?.sub;
  const answerHash = hashLinkToken(answer);
  try {
    if (event.request.userNotFound || !email || !uid) {
      // A link's token with an address that has no account (a typo, or a guess): it counts against the link.
      await recordSignInMiss(answerHash);
      return event;
    }
    const secret = await signInSecret();
    event.response.answerCorrect = await consumeSignInLink({
      emailKey: keyFor(secret, 'email', normaliseEmail(email)),
      uid,
      answerHash,
      now: Date.now(),
      maxMisses: readConfig().SIGN_IN_LINK_MAX_MISSES,
    });
  } catch (error) {
    logger.error('Sign-in link check failed', { errorName: (error as Error).name });
  }
  return event;
};

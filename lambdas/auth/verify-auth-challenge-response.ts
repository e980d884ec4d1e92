// Cognito VerifyAuthChallengeResponse: true only when the answer is the unused, unexpired token of a link
// made for this very user. Any doubt, error or missing piece answers false.
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { logger } from '../kernel/logger.js';
import { hashLinkToken, keyFor, normaliseEmail } from '../kernel/sign-in/link-token.js';
import { consumeSignInLink } from '../kernel/sign-in/sign-in-links.js';
import { signInSecret } from '../kernel/sign-in/sign-in-secret.js';

const maxAnswerLength = 128;

export const handler = async (
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  event.response.answerCorrect = false;
  const answer = event.request.challengeAnswer;
  const email = event.request.userAttributes?.email;
  const uid = event.request.userAttributes?.sub;
  if (
    event.request.userNotFound ||
    typeof answer !== 'string' ||
    !answer ||
    answer.length > maxAnswerLength ||
    !email ||
    !uid
  ) {
    return event;
  }
  try {
    const secret = await signInSecret();
    event.response.answerCorrect = await consumeSignInLink({
      emailKey: keyFor(secret, 'email', normaliseEmail(email)),
      uid,
      answerHash: hashLinkToken(answer),
      now: Date.now(),
    });
  } catch (error) {
    logger.error('Sign-in link check failed', { errorName: (error as Error).name });
  }
  return event;
};

// Cognito VerifyAuthChallengeResponse: true only when the answer is the unused, unexpired token of a link
// made for this very user, tried with other addresses fewer than SIGN_IN_LINK_MAX_MISSES times, or the
// one-time code of that same mail (`code:<digits>`, sign-in-code.ts) before SIGN_IN_CODE_MAX_MISSES wrong
// codes. Link and code are one secret in two forms: using either ends both. Any doubt, error or missing
// piece answers false. The token of a still-good link tried with another address fails with the
// linkForAnotherAddress error instead, so the page can say the address was mistyped (link-refusal.ts);
// every other refusal looks the same to the client.
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { readConfig } from '../kernel/config.js';
import { logger } from '../kernel/logger.js';
import { linkForAnotherAddress } from '../kernel/sign-in/link-refusal.js';
import { hashLinkToken, hashSignInCode, keyFor, normaliseEmail } from '../kernel/sign-in/link-token.js';
import { codeAnswerPrefix, signInCodePattern } from '../kernel/sign-in/sign-in-code.js';
import {
  consumeSignInCode,
  consumeSignInLink,
  recordSignInMiss,
  type LinkAttempt,
} from '../kernel/sign-in/sign-in-links.js';
import { signInSecret } from '../kernel/sign-in/sign-in-secret.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';

const maxAnswerLength = 128;

export const handler = observedHandler(
  'verifyAuthChallengeResponse',
  async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    event.response.answerCorrect = false;
    const answer = event.request.challengeAnswer;
    if (typeof answer !== 'string' || !answer || answer.length > maxAnswerLength) return event;
    const email = event.request.userAttributes?.email;
    const uid = event.request.userAttributes?.sub;
    const config = readConfig();
    const limits = {
      now: Date.now(),
      maxMisses: config.SIGN_IN_LINK_MAX_MISSES,
      maxCodeMisses: config.SIGN_IN_CODE_MAX_MISSES,
    };
    let attempt: LinkAttempt = 'refused';
    try {
      if (answer.startsWith(codeAnswerPrefix)) {
        // A code: only ever checked against this user's own mail (an unknown address has none to count against).
        if (!event.request.userNotFound && email && uid) {
          const secret = await signInSecret();
          const emailKey = keyFor(secret, 'email', normaliseEmail(email));
          const code = answer.slice(codeAnswerPrefix.length);
          attempt = await consumeSignInCode({
            emailKey,
            uid,
            // An answer that cannot be a code is never hashed, but counts as a wrong one all the same.
            codeHash: signInCodePattern.test(code) ? hashSignInCode(secret, emailKey, code) : undefined,
            ...limits,
          });
        }
      } else if (event.request.userNotFound) {
        // A link's token with an address that has no account (a typo, or a guess): it counts against the link.
        attempt = await recordSignInMiss(hashLinkToken(answer), limits);
      } else if (email && uid) {
        const secret = await signInSecret();
        attempt = await consumeSignInLink({
          emailKey: keyFor(secret, 'email', normaliseEmail(email)),
          uid,
          answerHash: hashLinkToken(answer),
          ...limits,
        });
      }
    } catch (error) {
      logger.error('Sign-in link check failed', { errorName: (error as Error).name });
    }
    event.response.answerCorrect = attempt === 'accepted';
    // Thrown, not answered: Cognito passes a trigger's error message on to the client (and ends the attempt).
    if (attempt === 'otherAddress') throw new Error(linkForAnotherAddress);
    return event;
  },
);

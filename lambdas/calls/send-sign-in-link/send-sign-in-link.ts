// sendSignInLink: mails a single-use sign-in link. Public, throttled, and silent about which e-mails exist.
import { setTimeout as delay } from 'node:timers/promises';
import { publicAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { readConfig } from '../../kernel/config.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { signInLinkTarget } from '../../kernel/sign-in/link-origin.js';
import { logger } from '../../kernel/logger.js';
import { sendMail } from '../../kernel/mail/mailer.js';
import { countSignInRequest } from '../../kernel/sign-in/ip-throttle.js';
import {
  createLinkToken,
  createSignInCode,
  hashLinkToken,
  hashSignInCode,
  keyFor,
  normaliseEmail,
  signInLinkUrl,
} from '../../kernel/sign-in/link-token.js';
import { issueSignInLink } from '../../kernel/sign-in/sign-in-links.js';
import { signInMail } from '../../kernel/sign-in/sign-in-mail.js';
import { signInSecret } from '../../kernel/sign-in/sign-in-secret.js';
import { findUserByEmail } from '../../kernel/users/user-records.js';
import { sendSignInLinkInput, sendSignInLinkOutput } from './contract.js';
import { countMetric } from '../../kernel/observability/metrics.js';

/** The same words for every address, registered or not. */
export const signInLinkSentMessage = 'Check your inbox: if this address has an account, a sign-in link is on its way.';
export const unknownAccountMessage = 'You are not currently authorized to create an account.';

export const sendSignInLink = definePublicCall({
  name: 'sendSignInLink',
  input: sendSignInLinkInput,
  output: sendSignInLinkOutput,
  access: publicAccess,
  async run(input, { request }) {
    const started = Date.now();
    const config = readConfig();
    const { origin, landingPath } = signInLinkTarget(input.url, config.ALLOWED_ORIGINS, request.origin);
    const secret = await signInSecret();
    await countSignInRequest({
      subjectKey: keyFor(secret, 'ip', await request.clientAddress()),
      now: started,
      limit: config.SIGN_IN_IP_LIMIT,
      windowSeconds: config.SIGN_IN_IP_WINDOW_SECONDS,
    });

    const email = normaliseEmail(input.email);
    const user = await findUserByEmail(email);
    if (!user && config.REVEAL_UNKNOWN_ACCOUNTS) throw new PermissionDeniedError(unknownAccountMessage);

    const token = createLinkToken();
    const code = createSignInCode();
    const emailKey = keyFor(secret, 'email', email);
    const mail = user
      ? signInMail({
          to: user.email,
          link: signInLinkUrl(origin, token, landingPath),
          code,
          productName: config.PRODUCT_NAME,
          expiresAt: started + config.SIGN_IN_LINK_TTL_SECONDS * 1000,
          timeZone: input.timeZone,
        })
      : undefined;
    // Unknown addresses get a record too, so throttling and timing do not tell them apart.
    await issueSignInLink({
      emailKey,
      uid: user?.uid,
      tokenHash: hashLinkToken(token),
      codeHash: hashSignInCode(secret, emailKey, code),
      now: started,
      lifetimeSeconds: config.SIGN_IN_LINK_TTL_SECONDS,
      minIntervalSeconds: config.SIGN_IN_EMAIL_INTERVAL_SECONDS,
    });
    if (mail) {
      try {
        await sendMail({ ...mail, kind: 'signIn' });
        countMetric('SignInLinkSent');
      } catch (error) {
        countMetric('SignInLinkFailed');
        // The provider's words are not for users (and would tell known addresses apart).
        logger.error('Sign-in mail was not accepted by the mail provider', {
          requestId: request.requestId,
          errorName: (error as Error).name,
        });
      }
    }
    await delay(Math.max(0, started + config.SIGN_IN_MIN_RESPONSE_MS - Date.now()));
    return { success: true, message: signInLinkSentMessage };
  },
});

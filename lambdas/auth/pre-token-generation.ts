// Cognito PreTokenGeneration (V1): adds userType and accessLevel from users_access to the ID token.
// The server never trusts these claims for decisions (it reads users_access itself); the web uses them to draw.
// A sign-in (not a refresh) also records the time on the user's profile, for the administration pages, and
// says how it was proved (signInProof): the mailed link or code the verify trigger recorded moments ago, claimed
// once; with no custom-auth use to claim, the sign-in went through Cognito's own WEB_AUTHN challenge (a passkey).
// The claim is what events record; a refreshed token leaves it out (its auth_time is the original sign-in's).
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { logger } from '../kernel/logger.js';
import { keyFor, normaliseEmail } from '../kernel/sign-in/link-token.js';
import { signInProofClaim, type SignInProof } from '../kernel/sign-in/sign-in-code.js';
import { claimSignInProof } from '../kernel/sign-in/sign-in-links.js';
import { signInSecret } from '../kernel/sign-in/sign-in-secret.js';
import { loadUserAccess, recordSignIn } from '../kernel/users/user-records.js';
import { countMetric } from '../kernel/observability/metrics.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';

/** The dimension `method` of SignInCompleted, by the proof the sign-in was made with. */
const signInMethods: Record<SignInProof | 'unknown', string> = {
  link: 'email-link',
  code: 'email-code',
  passkey: 'passkey',
  unknown: 'unknown',
};

export const handler = observedHandler(
  'preTokenGeneration',
  async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
    const uid = event.request.userAttributes.sub;
    const email = event.request.userAttributes.email;
    const signIn = event.triggerSource === 'TokenGeneration_Authentication';
    const [access, proof] = await Promise.all([
      uid ? loadUserAccess(uid) : undefined,
      signIn && uid && email ? signInProofOf(uid, email) : undefined,
    ]);
    if (uid && access && signIn) {
      await recordSignIn(uid);
      countMetric('SignInCompleted', 1, { method: signInMethods[proof ?? 'unknown'] });
    }
    event.response.claimsOverrideDetails = {
      claimsToAddOrOverride: {
        userType: access?.claims.userType ?? 'none',
        accessLevel: String(access?.claims.accessLevel ?? 0),
        ...(proof !== undefined && { [signInProofClaim]: proof }),
      },
    };
    return event;
  },
);

async function signInProofOf(uid: string, email: string): Promise<SignInProof | undefined> {
  try {
    const secret = await signInSecret();
    const used = await claimSignInProof({
      emailKey: keyFor(secret, 'email', normaliseEmail(email)),
      uid,
      now: Date.now(),
    });
    return used ?? 'passkey';
  } catch (error) {
    // The sign-in itself stands; the claim is left out and events record no proof.
    logger.error('Sign-in proof was not read', { errorName: (error as Error).name });
    return undefined;
  }
}

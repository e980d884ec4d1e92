// Completes e-mail-link sign-in with Amplify's custom auth flow (ARCHITECTURE "Sign-in", step 2).
import { signInWithCustomChallenge } from '../../auth/custom-challenge';
import { isLinkForAnotherAddress } from '../../../../lambdas/kernel/sign-in/link-refusal';

/** Spec 8 (auth/invalid-action-code): a used, expired or mismatched link, or none at all. */
export const invalidLinkMessage = 'This link was previously used or does not match the email you provided.';
/**
 * The Welcome dialog's answer when the server says the typed address is not the one a still-good link was
 * sent to (link-refusal.ts): the same link works with the right address, a few wrong ones end it. A link
 * that can sign nobody in any more gets spec 8's words whatever the address.
 */
export const wrongEmailMessage =
  'This link was sent to a different e-mail address. Check the address and try again; after a few wrong ' +
  'addresses the link stops working.';
/** Spec 8: any other error while completing sign-in. */
export const signInFailedMessage = 'Cannot send sign-in link. Please contact support.';

export class SignInLinkError extends Error {
  override readonly name = 'SignInLinkError';
}

/** Signs `email` in with the link's token; resolves once Amplify reports the user signed in. */
export async function completeSignInWithLink(email: string, token: string | undefined): Promise<void> {
  if (!token) throw new SignInLinkError(invalidLinkMessage);
  const signedIn = await signInWithCustomChallenge(email, token);
  // Any other next step (e.g. a second challenge) means the token was not accepted.
  if (!signedIn) throw new SignInLinkError(invalidLinkMessage);
}

/**
 * True when the link was refused for this address: Cognito answers NotAuthorizedException for a wrong,
 * used or expired token and for an unknown user (user-existence errors are suppressed);
 * UserNotFoundException would mean the same thing. A still-good link of another address is refused too.
 */
export function isLinkRefused(error: unknown): boolean {
  if (error instanceof SignInLinkError || isLinkForAnotherAddress(error)) return true;
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAuthorizedException' || name === 'UserNotFoundException';
}

/** The message the page shows for an error thrown by completeSignInWithLink. */
export function messageForSignInError(error: unknown): string {
  if (error instanceof SignInLinkError) return error.message;
  return isLinkRefused(error) ? invalidLinkMessage : signInFailedMessage;
}

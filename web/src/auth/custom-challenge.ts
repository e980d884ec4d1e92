// Amplify's custom-auth round as the mailed link and the mailed code both use it: anyone signed in here is signed
// out first (a link or code must never add to another user's session), then signIn with CUSTOM_WITHOUT_SRP and
// confirmSignIn with the answer (the link's token, or `code:<digits>`).
import { confirmSignIn, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { afterSignOutSettles } from './sign-out-moment';

/**
 * What every new sign-in (link, code, passkey) does first: signs out whoever is signed in here, as a new sign-in
 * must never add to their session, and waits out the second of a sign-out just made (sign-out-moment.ts).
 */
export async function prepareNewSignIn(): Promise<void> {
  try {
    await getCurrentUser();
    await signOut();
  } catch {
    // nobody signed in
  }
  await afterSignOutSettles();
}

/** True once Amplify reports `email` signed in; false when the answer was not accepted (any other next step). */
export async function signInWithCustomChallenge(email: string, answer: string): Promise<boolean> {
  await prepareNewSignIn();
  const started = await signIn({ username: email.trim(), options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (started.isSignedIn) return true;
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') return false;
  return (await confirmSignIn({ challengeResponse: answer })).isSignedIn;
}

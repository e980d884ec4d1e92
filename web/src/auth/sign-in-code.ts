// Signing in with the mail's code: the same custom challenge as the link (Amplify signIn with
// CUSTOM_WITHOUT_SRP, then confirmSignIn with `code:<digits>`). The sign-in page loads this module when the code is
// submitted, so Amplify's sign-in code stays out of the page's first load.
import { confirmSignIn, signIn } from 'aws-amplify/auth';
import { codeAnswer } from '../../../lambdas/kernel/sign-in/sign-in-code';

/** Cognito refused the code: wrong, used, expired, replaced by a newer mail, or worn out by wrong ones. */
export class CodeRefused extends Error {
  override readonly name = 'CodeRefused';
}

export async function signInWithCode(email: string, code: string): Promise<void> {
  try {
    const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    let signedIn = started.isSignedIn;
    if (!signedIn && started.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
      signedIn = (await confirmSignIn({ challengeResponse: codeAnswer(code) })).isSignedIn;
    }
    if (!signedIn) throw new CodeRefused('not signed in');
  } catch (caught) {
    if (caught instanceof Error && caught.name === 'NotAuthorizedException') throw new CodeRefused(caught.message);
    throw caught;
  }
}

// Signing in with the mail's code: the same custom challenge as the link (custom-challenge.ts), answered with
// `code:<digits>`. The sign-in page loads this module when the code is submitted, so Amplify's sign-in code stays
// out of the page's first load.
import { codeAnswer } from '../../../lambdas/kernel/sign-in/sign-in-code';
import { signInWithCustomChallenge } from './custom-challenge';

/** Cognito refused the code: wrong, used, expired, replaced by a newer mail, or worn out by wrong ones. */
export class CodeRefused extends Error {
  override readonly name = 'CodeRefused';
}

export async function signInWithCode(email: string, code: string): Promise<void> {
  let signedIn: boolean;
  try {
    signedIn = await signInWithCustomChallenge(email, codeAnswer(code));
  } catch (caught) {
    if (caught instanceof Error && caught.name === 'NotAuthorizedException') throw new CodeRefused(caught.message);
    throw caught;
  }
  if (!signedIn) throw new CodeRefused('not signed in');
}

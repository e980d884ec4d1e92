// The one-time code of a sign-in mail: the same secret as the mail's link, in a form a person can type
// on another device's sign-in screen. No imports: the sign-in page and the step-up dialog carry it.

/** Eight digits: see docs/sign-in.md ("The code") for why not six. */
export const signInCodeLength = 8;

/** What the client sends as the custom challenge's answer for a code; a link's token never holds a ':'. */
export const codeAnswerPrefix = 'code:';

export const signInCodePattern = /^[0-9]{8}$/;

/** The code as typed, without the spaces or dashes a person may copy along with it. */
export function normaliseSignInCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** The message for a typed code that cannot be one, or undefined for eight digits. */
export function signInCodeProblem(typed: string): string | undefined {
  const code = normaliseSignInCode(typed);
  if (code === '') return 'Enter the code from the e-mail.';
  if (!/^[0-9]*$/.test(code)) return `The code has digits only: enter the ${signInCodeLength} digits from the e-mail.`;
  if (code.length !== signInCodeLength) {
    return `The code has ${signInCodeLength} digits; this one has ${code.length}.`;
  }
  return undefined;
}

/** The challenge answer for a typed code. */
export function codeAnswer(typed: string): string {
  return `${codeAnswerPrefix}${normaliseSignInCode(typed)}`;
}

/** How a sign-in was proved: the mailed link, the mailed code, or (no custom-auth proof recorded) a passkey. */
export type SignInProof = 'link' | 'code' | 'passkey';

export const signInProofs: readonly SignInProof[] = ['link', 'code', 'passkey'];

/** The ID token claim that carries it (added by the PreTokenGeneration trigger at sign-in). */
export const signInProofClaim = 'signInProof';

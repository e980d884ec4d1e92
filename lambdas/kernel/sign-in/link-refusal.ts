// How the verify trigger tells the sign-in page that a link's token was tried with an address it was not
// sent to, while the link would still take the right one: the one refusal worth a second try. Cognito has
// no other way from a trigger to the client than a trigger's error, which it answers as
// UserLambdaValidationException "<trigger> failed with error <message>.". Every other refusal (used,
// expired, replaced, worn out by wrong addresses) stays Cognito's plain NotAuthorizedException, so an
// address typed for a dead link learns nothing. No imports: the sign-in page carries it.

/** The trigger error's message; never shown to anyone as it is. */
export const linkForAnotherAddress = 'SIGN_IN_LINK_FOR_ANOTHER_ADDRESS';

/** True for Cognito's answer to the verify trigger's `linkForAnotherAddress` error. */
export function isLinkForAnotherAddress(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === 'UserLambdaValidationException' && typeof message === 'string' && message.includes(linkForAnotherAddress)
  );
}

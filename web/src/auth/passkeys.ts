// Passkeys through Amplify v6 and Cognito's own WebAuthn: sign-in with USER_AUTH's WEB_AUTHN challenge,
// and a signed-in person's passkeys (add, list, remove). The sign-in page loads this module on demand.
import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
  signIn,
} from 'aws-amplify/auth';
import { prepareNewSignIn } from './custom-challenge';

export interface Passkey {
  id: string;
  name: string;
  createdAt?: Date;
}

/** Any next step but DONE: Cognito offered something other than the passkey, which this app never asks for. */
export class PasskeySignInError extends Error {
  override readonly name = 'PasskeySignInError';
}

/** Signs `email` in with one of their passkeys: the browser's own dialog, no mail. */
export async function signInWithPasskey(email: string): Promise<void> {
  await prepareNewSignIn();
  const result = await signIn({
    username: email.trim(),
    options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
  });
  if (!result.isSignedIn) throw new PasskeySignInError(noPasskeyMessage);
}

export async function addPasskey(): Promise<void> {
  await associateWebAuthnCredential();
}

export async function listPasskeys(): Promise<Passkey[]> {
  const passkeys: Passkey[] = [];
  let nextToken: string | undefined;
  do {
    const page = await listWebAuthnCredentials({ pageSize: 20, ...(nextToken ? { nextToken } : {}) });
    for (const credential of page.credentials) {
      if (!credential.credentialId) continue;
      passkeys.push({
        id: credential.credentialId,
        name: credential.friendlyCredentialName ?? 'Passkey',
        ...(credential.createdAt ? { createdAt: credential.createdAt } : {}),
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return passkeys;
}

export async function removePasskey(id: string): Promise<void> {
  await deleteWebAuthnCredential({ credentialId: id });
}

export const cancelledMessage =
  'The passkey dialog was closed before a passkey was chosen. If this device has no passkey for this site, ' +
  'sign in with a link and add one on Settings.';
export const noPasskeyMessage =
  'No passkey of this account was used. Sign in with a link, then add a passkey on Settings.';
export const refusedMessage =
  'This passkey was not accepted: it is not registered for this account (it may have been removed). ' +
  'Sign in with a link instead.';
export const notSupportedMessage = 'This browser cannot use passkeys. Sign in with a link instead.';
export const wrongSiteMessage = 'Passkeys cannot be used on this address of the portal. Open it at its usual address.';
export const tooManyMessage = 'Too many passkey attempts. Wait 15 minutes or sign in with a link.';
export const alreadyAddedMessage = 'This device already holds a passkey of yours for this site.';
export const registrationCancelledMessage = 'The passkey dialog was closed: no passkey was added.';

/** What to tell the person about an error of sign-in with a passkey, or of adding one. */
export function messageForPasskeyError(error: unknown, during: 'sign-in' | 'add'): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  switch (name) {
    case 'PasskeySignInError':
      return message;
    case 'PasskeyAuthenticationCanceled':
    case 'PasskeyOperationAborted':
      return cancelledMessage;
    case 'PasskeyRegistrationCanceled':
      return registrationCancelledMessage;
    case 'PasskeyAlreadyExists':
      return alreadyAddedMessage;
    case 'PasskeyNotSupported':
      return notSupportedMessage;
    case 'RelyingPartyMismatch':
    case 'WebAuthnOriginNotAllowedException':
    case 'WebAuthnRelyingPartyMismatchException':
    case 'WebAuthnNotEnabledException':
    case 'WebAuthnConfigurationMissingException':
      return wrongSiteMessage;
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message)) return tooManyMessage;
      return during === 'sign-in' ? refusedMessage : 'Your session has ended. Sign in again to add a passkey.';
    case 'UserNotFoundException':
      return refusedMessage;
    default:
      return during === 'sign-in'
        ? 'Signing in with a passkey did not work. Please try again, or sign in with a link.'
        : `The passkey could not be added${message ? `: ${message}` : ''}.`;
  }
}

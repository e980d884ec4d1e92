// What the sign-in screen and Settings say for each way a passkey can fail, from the error names Amplify
// (PasskeyError codes) and Cognito (service exceptions) give.
import { describe, expect, it } from 'vitest';
import {
  alreadyAddedMessage,
  cancelledMessage,
  messageForPasskeyError,
  notSupportedMessage,
  refusedMessage,
  registrationCancelledMessage,
  tooManyMessage,
  wrongSiteMessage,
} from '../../web/src/auth/passkeys';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('passkey error messages', () => {
  it('tells a closed dialog, a refused passkey, another site and too many attempts apart at sign-in', () => {
    expect(messageForPasskeyError(named('PasskeyAuthenticationCanceled'), 'sign-in')).toBe(cancelledMessage);
    expect(
      messageForPasskeyError(
        named('NotAuthorizedException', 'The passkey is not registered for this user.'),
        'sign-in',
      ),
    ).toBe(refusedMessage);
    expect(messageForPasskeyError(named('WebAuthnOriginNotAllowedException'), 'sign-in')).toBe(wrongSiteMessage);
    expect(messageForPasskeyError(named('RelyingPartyMismatch'), 'sign-in')).toBe(wrongSiteMessage);
    expect(messageForPasskeyError(named('NotAuthorizedException', 'Password attempts exceeded'), 'sign-in')).toBe(
      tooManyMessage,
    );
    expect(messageForPasskeyError(named('PasskeyNotSupported'), 'sign-in')).toBe(notSupportedMessage);
  });

  it('says what went wrong when adding a passkey, with the server’s reason for a refused one', () => {
    expect(messageForPasskeyError(named('PasskeyRegistrationCanceled'), 'add')).toBe(registrationCancelledMessage);
    expect(messageForPasskeyError(named('PasskeyAlreadyExists'), 'add')).toBe(alreadyAddedMessage);
    expect(
      messageForPasskeyError(
        named('InvalidParameterException', 'The passkey could not be registered: attestation invalid'),
        'add',
      ),
    ).toBe('The passkey could not be added: The passkey could not be registered: attestation invalid.');
  });
});

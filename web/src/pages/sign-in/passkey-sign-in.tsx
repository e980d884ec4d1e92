// "Sign in with a passkey" beside the e-mail field: the browser's own passkey dialog, then Home (or the deep
// link that sent the visitor here), with no mail. Cognito needs the e-mail to offer the account's passkeys.
// The passkey logic (Amplify's USER_AUTH flow) loads only when the button is pressed.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import { validateEmail } from '../../auth/email-link';
import { useAuth } from '../../components/auth/auth-context';
import { LiveMessage } from '../../components/sign-in/live-message';

export interface PasskeySignInProps {
  email: string;
  /** Shows (or clears) the e-mail field's own error. */
  onEmailProblem: (problem: string | undefined) => void;
  /** Where to land once signed in: a deep link's path, or Home. */
  landingPath: string | undefined;
}

export function PasskeySignIn({ email, onEmailProblem, landingPath }: PasskeySignInProps) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const signIn = async () => {
    if (busy) return;
    const invalid = validateEmail(email);
    onEmailProblem(invalid);
    if (invalid) return;
    setBusy(true);
    setError(undefined);
    const passkeys = await import('../../auth/passkeys');
    try {
      await passkeys.signInWithPasskey(email);
      await refresh();
      await navigate(landingPath ?? '/', { replace: true });
    } catch (caught) {
      setError(passkeys.messageForPasskeyError(caught, 'sign-in'));
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        formAction="none"
        iconName="lock-private"
        fullWidth
        loading={busy}
        loadingText="Waiting for your passkey"
        onClick={() => void signIn()}
      >
        Sign in with a passkey
      </Button>
      <LiveMessage type="error" message={error} testId="passkey-sign-in-error" />
    </>
  );
}

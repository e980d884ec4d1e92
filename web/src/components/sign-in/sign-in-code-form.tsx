// The sign-in screen's second way in, shown once a sign-in mail is on its way: "Enter the code from the e-mail".
// The mail's code is its link's secret in a form to type, for when the link opens on another device (the phone)
// or a mail filter opens links before the person does. It signs in here through the same custom challenge as
// the link (web/src/auth/sign-in-code.ts, loaded when the code is submitted); using it ends the link.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { signInCodeProblem } from '../../../../lambdas/kernel/sign-in/sign-in-code';
import { emailForSignIn } from '../../auth/email-link';
import { useAuth } from '../auth/auth-context';
import { CodeField } from './code-field';
import { LiveMessage } from './live-message';

/** A code Cognito refused: wrong, used, expired, replaced by a newer mail, or worn out by wrong ones. */
export const wrongCodeMessage =
  'This code did not work: it is wrong, was used, or a newer e-mail replaced it. After 5 wrong codes, ask for a ' +
  'new link.';
const codeSignInFailedMessage = 'Cannot sign in with the code just now. Please try again or use the link.';

export interface SignInCodeFormProps {
  /** The address the mail went to. */
  email: string;
  /** Where to land once signed in (the deep link that asked for sign-in), else Home. */
  landingPath: string | undefined;
}

export function SignInCodeForm({ email, landingPath }: SignInCodeFormProps) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const problem = signInCodeProblem(code);
    setCodeError(problem);
    if (problem) return;
    setLoading(true);
    setError(undefined);
    try {
      const { signInWithCode } = await import('../../auth/sign-in-code');
      await signInWithCode(email, code);
      emailForSignIn.remove();
      await refresh();
      await navigate(landingPath ?? '/', { replace: true });
    } catch (caught) {
      const refused = caught instanceof Error && caught.name === 'CodeRefused';
      setError(refused ? wrongCodeMessage : codeSignInFailedMessage);
    } finally {
      setLoading(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="sign-in-code-heading">
      <SpaceBetween size="m">
        <Box variant="h2" id="sign-in-code-heading">
          Enter the code from the e-mail
        </Box>
        <Box variant="p" color="text-body-secondary">
          Opening the link on another device? Type the mail&apos;s code here to sign in on this one.
        </Box>
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            if (codeError) setCodeError(undefined);
          }}
          errorText={codeError}
        />
        <Button formAction="submit" loading={loading} loadingText="Signing in" fullWidth>
          Sign in with code
        </Button>
        <LiveMessage type="error" message={error} testId="sign-in-code-error" />
      </SpaceBetween>
    </form>
  );
}

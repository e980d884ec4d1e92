// "Confirm it's you": the step-up dialog. A call that needs a sign-in proof from the last 10 minutes and is
// refused for an older one (STEP_UP_REQUIRED) opens it through the call client's step-up handler; the person
// has a fresh code mailed (a new sign-in mail, which replaces the last one) and types it, or uses a passkey if
// they have one. The same person is re-authenticated through Cognito without leaving the page
// (auth/reauthenticate.ts), and the call is sent once more. Cancel, or a wrong code, changes nothing: the
// session and the page stay as they were.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { listWebAuthnCredentials } from 'aws-amplify/auth';
import { CallError, callFunction, setStepUpHandler } from '../../api/call-client';
import { signInCodeProblem } from '../../../../lambdas/kernel/sign-in/sign-in-code';
import { signInRedirectUrl } from '../../auth/email-link';
import { ReauthenticationRefused, reauthenticateWithCode, reauthenticateWithPasskey } from '../../auth/reauthenticate';
import { useAuth } from '../auth/auth-context';
import { CodeField } from '../sign-in/code-field';
import { LiveMessage } from '../sign-in/live-message';

export const stepUpWrongCodeMessage =
  'That code did not work: it is wrong, used or expired. Check the latest e-mail, or ask for a new code.';
const stepUpFailedMessage = 'We could not confirm it is you just now. Please try again.';

export function StepUpDialog() {
  const { state } = useAuth();
  const email = state.status === 'signedIn' ? state.identity.email : '';
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'mail' | 'code' | 'passkey' | undefined>();
  const [hasPasskey, setHasPasskey] = useState(false);

  const finish = useCallback((confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = undefined;
    setOpen(false);
  }, []);

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            // A second refused call while the dialog is open waits for the same answer.
            const earlier = settle.current;
            settle.current = (confirmed) => {
              earlier?.(confirmed);
              resolve(confirmed);
            };
            setCode('');
            setCodeError(undefined);
            setSent(undefined);
            setError(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  useEffect(() => {
    if (!open) return;
    let current = true;
    // Only offered when the person has a passkey; any error here just leaves the option out.
    listWebAuthnCredentials()
      .then((result) => current && setHasPasskey(result.credentials.length > 0))
      .catch(() => current && setHasPasskey(false));
    return () => {
      current = false;
    };
  }, [open]);

  const mailCode = async () => {
    setBusy('mail');
    setError(undefined);
    try {
      await callFunction('sendSignInLink', {
        email,
        url: signInRedirectUrl(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      setSent(`We e-mailed a code to ${email}. It replaces any earlier sign-in link or code.`);
    } catch (caught) {
      setError(caught instanceof CallError && caught.fromServer ? caught.message : stepUpFailedMessage);
    } finally {
      setBusy(undefined);
    }
  };

  const confirmCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = signInCodeProblem(code);
    setCodeError(problem);
    if (problem) return;
    setBusy('code');
    setError(undefined);
    try {
      await reauthenticateWithCode(email, code);
      finish(true);
    } catch (caught) {
      setError(caught instanceof ReauthenticationRefused ? stepUpWrongCodeMessage : stepUpFailedMessage);
    } finally {
      setBusy(undefined);
    }
  };

  const confirmWithPasskey = async () => {
    setBusy('passkey');
    setError(undefined);
    try {
      await reauthenticateWithPasskey(email);
      finish(true);
    } catch {
      setError('The passkey did not confirm it is you. Try again, or use a code.');
    } finally {
      setBusy(undefined);
    }
  };

  // Mounted only while open: a modal's layer is appended to the page when it mounts, so the dialog made now lies
  // above the one whose action asked for it (a form in a modal, such as Create DAST key), not beneath it.
  if (!open) return null;
  return (
    <Modal
      visible
      onDismiss={() => finish(false)}
      header="Confirm it's you"
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" form="step-up-code" loading={busy === 'code'}>
              Confirm
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="step-up-code" noValidate onSubmit={(event) => void confirmCode(event)}>
        <SpaceBetween size="m">
          <Box>This action needs a sign-in proof from the last 10 minutes.</Box>
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={() => void mailCode()} loading={busy === 'mail'}>
              Email me a code
            </Button>
            {hasPasskey ? (
              <Button formAction="none" onClick={() => void confirmWithPasskey()} loading={busy === 'passkey'}>
                Use a passkey
              </Button>
            ) : null}
          </SpaceBetween>
          <LiveMessage type="success" message={sent} testId="step-up-sent" />
          <CodeField
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(undefined);
            }}
            errorText={codeError}
            disabled={busy !== undefined && busy !== 'code'}
          />
          <LiveMessage type="error" message={error} testId="step-up-error" />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

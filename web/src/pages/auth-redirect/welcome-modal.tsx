// Spec 2 'Welcome' dialog: the link was opened in a browser that does not hold the e-mail it was sent
// to, so the user types it (the e-mail must be known to the browser to prevent session fixation).
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { validateEmail } from '../../auth/email-link';
import { EmailField } from '../../components/sign-in/email-field';
import { LiveMessage } from '../../components/sign-in/live-message';
import { LoginWithLinkButton } from '../../components/sign-in/login-with-link-button';

export const welcomeTooltip =
  'You opened this sign-in link from the welcome e-mail or on a different device. ' +
  'To prevent session fixation, the e-mail address must be known to this browser, ' +
  'so please enter the address the link was sent to.';

export interface WelcomeModalProps {
  visible: boolean;
  loading: boolean;
  /** Why the last address was refused; the dialog stays open for another. */
  error?: string;
  onSubmit: (email: string) => void;
  onDismiss: () => void;
}

export function WelcomeModal({ visible, loading, error, onSubmit, onDismiss }: WelcomeModalProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const invalid = validateEmail(email);
    setFieldError(invalid);
    if (!invalid) onSubmit(email.trim());
  };

  return (
    <Modal visible={visible} header="Welcome" closeAriaLabel="Close" onDismiss={onDismiss}>
      <form noValidate onSubmit={submit}>
        <SpaceBetween size="l">
          <Box>
            Please provide your email to sign in{' '}
            <Popover
              header="Why am I asked for my email?"
              content={welcomeTooltip}
              dismissAriaLabel="Close"
              triggerType="custom"
              size="medium"
            >
              <Button
                variant="inline-icon"
                iconName="status-info"
                formAction="none"
                ariaLabel="Why am I asked for my email?"
              />
            </Popover>
          </Box>
          <EmailField
            value={email}
            onChange={(value) => {
              setEmail(value);
              if (fieldError) setFieldError(undefined);
            }}
            errorText={fieldError}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field; the modal moves focus into it anyway
            autoFocus
          />
          <LiveMessage type="error" message={error} testId="welcome-error" />
          <LoginWithLinkButton loading={loading} loadingText="Signing in" />
        </SpaceBetween>
      </form>
    </Modal>
  );
}

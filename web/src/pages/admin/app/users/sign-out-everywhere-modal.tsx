// Confirming 'Sign out everywhere' (signOutEverywhere): every session of the user ends; their open
// browsers notice within 15 s.
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { messageOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';

export interface SignOutEverywhereModalProps {
  user: UserRow;
  /** True when the user is the administrator themself. */
  isSelf: boolean;
  onSignedOut: (user: UserRow) => void;
  onDismiss: () => void;
}

export function SignOutEverywhereModal({ user, isSelf, onSignedOut, onDismiss }: SignOutEverywhereModalProps) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const signOut = async () => {
    setWorking(true);
    setMessage(undefined);
    try {
      await callFunction('signOutEverywhere', { uid: user.uid });
      onSignedOut(user);
    } catch (error) {
      setMessage(messageOf(error, 'The user could not be signed out. Please try again.'));
      setWorking(false);
    }
  };

  return (
    <Modal
      visible
      header="Sign out everywhere"
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" loading={working} loadingText="Signing out" onClick={() => void signOut()}>
              Sign out everywhere
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormErrorAlert message={message} />
        <Box variant="p">
          End every session of <strong>{user.email}</strong>? Their open browsers sign out within 15 seconds, and they need a
          new sign-in link to come back.{isSelf ? ' This includes you, here.' : ''}
        </Box>
      </SpaceBetween>
    </Modal>
  );
}

// Confirming 'Sign out everywhere' (signOutEverywhere): every session of the user ends; their open
// browsers notice within 15 s.
import { useState } from 'react';
import { callFunction } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { messageOf } from '../../../../components/forms/call-problems';
import { ConfirmModal } from '../../../../components/forms/form-modal';

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
    <ConfirmModal
      header="Sign out everywhere"
      confirmText="Sign out everywhere"
      workingText="Signing out"
      working={working}
      message={message}
      onConfirm={signOut}
      onDismiss={onDismiss}
    >
      End every session of <strong>{user.email}</strong>? Their open browsers sign out within 15 seconds, and they need
      a new sign-in link to come back.{isSelf ? ' This includes you, here.' : ''}
    </ConfirmModal>
  );
}

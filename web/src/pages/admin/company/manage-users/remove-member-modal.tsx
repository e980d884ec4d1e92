// Confirming that a member leaves the selected company (removeCompanyUser).
import { useState } from 'react';
import { callFunction } from '../../../../api/call-client';
import { asUserRow, type UserRow } from '../../../../components/admin/admin-records';
import { messageOf, problemOf } from '../../../../components/forms/call-problems';
import { ConfirmModal } from '../../../../components/forms/form-modal';

export interface RemoveMemberModalProps {
  slug: string;
  companyName: string;
  user: UserRow;
  onRemoved: (user: UserRow) => void;
  /** The user as they are now, learnt from a conflict. */
  onCurrent: (user: UserRow) => void;
  onDismiss: () => void;
}

export function RemoveMemberModal({
  slug,
  companyName,
  user,
  onRemoved,
  onCurrent,
  onDismiss,
}: RemoveMemberModalProps) {
  const [target, setTarget] = useState(user);
  const [removing, setRemoving] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const remove = async () => {
    setRemoving(true);
    setMessage(undefined);
    try {
      await callFunction('removeCompanyUser', { slug, uid: target.uid, version: target.version });
      onRemoved(target);
    } catch (error) {
      const problem = problemOf(error, [], 'The user could not be removed. Please try again.');
      const current = problem.conflict ? asUserRow(problem.conflict.current, target) : undefined;
      if (problem.conflict && current) {
        // Someone changed them meanwhile: say so, and let the user confirm again on the current record.
        setTarget(current);
        onCurrent(current);
        setMessage(`${problem.conflict.message} Remove them anyway?`);
      } else {
        setMessage(problem.message ?? messageOf(error, 'The user could not be removed. Please try again.'));
      }
    } finally {
      setRemoving(false);
    }
  };

  return (
    <ConfirmModal
      header="Remove user"
      confirmText="Remove"
      workingText="Removing the user"
      working={removing}
      message={message}
      onConfirm={remove}
      onDismiss={onDismiss}
    >
      Remove <strong>{target.email}</strong> from {companyName}? They lose access to its reports at once; their account
      stays.
    </ConfirmModal>
  );
}

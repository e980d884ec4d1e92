// Confirming that a member leaves the selected company (removeCompanyUser).
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../../api/call-client';
import { asUserRow, type UserRow } from '../../../../components/admin/admin-records';
import { messageOf, problemOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';

export interface RemoveMemberModalProps {
  slug: string;
  companyName: string;
  user: UserRow;
  onRemoved: (user: UserRow) => void;
  /** The user as they are now, learnt from a conflict. */
  onCurrent: (user: UserRow) => void;
  onDismiss: () => void;
}

export function RemoveMemberModal({ slug, companyName, user, onRemoved, onCurrent, onDismiss }: RemoveMemberModalProps) {
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
    <Modal
      visible
      header="Remove user"
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" loading={removing} loadingText="Removing the user" onClick={() => void remove()}>
              Remove
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormErrorAlert message={message} />
        <Box variant="p">
          Remove <strong>{target.email}</strong> from {companyName}? They lose access to its reports at once; their account stays.
        </Box>
      </SpaceBetween>
    </Modal>
  );
}

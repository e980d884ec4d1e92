// Settings' "Passkeys": the person's passkeys (Cognito's WebAuthn credentials, through Amplify), adding one
// with the browser's own dialog and removing one after a confirmation. Cognito names each passkey itself
// and does not report when one was last used, so the table shows the name and when it was added.
import { useCallback, useEffect, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { FormErrorAlert } from '../../components/forms/form-alerts';
import { ConfirmModal } from '../../components/forms/form-modal';
import { useNotifications } from '../../components/notifications/notifications-context';
import { addPasskey, listPasskeys, messageForPasskeyError, removePasskey, type Passkey } from '../../auth/passkeys';

const dateText = (at: Date | undefined) =>
  at ? at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Unknown';

export function PasskeysSection() {
  const { notify } = useNotifications();
  const [passkeys, setPasskeys] = useState<Passkey[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [addError, setAddError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | undefined>();

  const load = useCallback(async () => {
    try {
      setPasskeys(await listPasskeys());
      setLoadError(undefined);
    } catch {
      setLoadError('Your passkeys could not be listed. Reload the page to try again.');
      setPasskeys([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    setAdding(true);
    setAddError(undefined);
    try {
      await addPasskey();
      notify({ type: 'success', title: 'Passkey added', message: 'You can now sign in with it, without a mail.' });
      await load();
    } catch (error) {
      setAddError(messageForPasskeyError(error, 'add'));
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <Table
        variant="container"
        loading={passkeys === undefined}
        loadingText="Loading your passkeys"
        items={passkeys ?? []}
        trackBy="id"
        ariaLabels={{ tableLabel: 'Passkeys' }}
        header={
          <Header
            variant="h2"
            counter={passkeys ? `(${passkeys.length})` : undefined}
            description="Sign in with your device's fingerprint, face or PIN instead of a mailed link. A passkey works on this site only."
            actions={
              <Button
                iconName="add-plus"
                loading={adding}
                loadingText="Waiting for your device"
                onClick={() => void add()}
              >
                Add a passkey
              </Button>
            }
          >
            Passkeys
          </Header>
        }
        columnDefinitions={[
          { id: 'name', header: 'Name', cell: (passkey) => passkey.name, isRowHeader: true },
          { id: 'created', header: 'Created', cell: (passkey) => dateText(passkey.createdAt) },
          {
            id: 'actions',
            header: 'Actions',
            cell: (passkey) => (
              <Button variant="inline-link" ariaLabel={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                Remove
              </Button>
            ),
          },
        ]}
        empty={
          <Box textAlign="center" color="inherit">
            <SpaceBetween size="xxs">
              <b>No passkeys</b>
              <Box variant="p" color="inherit">
                Add one to sign in without waiting for a mail.
              </Box>
            </SpaceBetween>
          </Box>
        }
        footer={
          addError || loadError ? (
            <div data-testid="passkeys-error">
              <FormErrorAlert message={addError ?? loadError} />
            </div>
          ) : undefined
        }
      />
      {removing ? (
        <RemovePasskeyModal
          passkey={removing}
          onRemoved={() => {
            notify({
              type: 'success',
              title: 'Passkey removed',
              message: `${removing.name} can no longer sign you in.`,
            });
            setRemoving(undefined);
            void load();
          }}
          onDismiss={() => setRemoving(undefined)}
        />
      ) : null}
    </>
  );
}

function RemovePasskeyModal({
  passkey,
  onRemoved,
  onDismiss,
}: {
  passkey: Passkey;
  onRemoved: () => void;
  onDismiss: () => void;
}) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const remove = async () => {
    setWorking(true);
    setMessage(undefined);
    try {
      await removePasskey(passkey.id);
      onRemoved();
    } catch {
      setMessage('The passkey could not be removed. Please try again.');
      setWorking(false);
    }
  };
  return (
    <ConfirmModal
      header="Remove passkey"
      confirmText="Remove"
      workingText="Removing"
      working={working}
      message={message}
      onConfirm={remove}
      onDismiss={onDismiss}
    >
      Remove <strong>{passkey.name}</strong>? It can no longer sign you in. Your device may still offer it; delete it
      there too.
    </ConfirmModal>
  );
}

// /admin/keys_email (level 9): the sending identities (listMailIdentities) with their verification status and the
// DKIM CNAME records to publish, add and remove them (modals), and which address sends each kind of mail
// (updateMailSettings, on the version read: someone else's change is shown, never overwritten).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { callFunction, type CallOutput } from '../../../api/call-client';
import { messageOf } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { ConfirmItemModal, FormModal } from '../../../components/forms/form-modal';
import { useConfirmation } from '../../../components/forms/use-confirmation';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { MailIdentitiesHelp } from './mail-identities-help';

type Listing = CallOutput<'listMailIdentities'>;
type Identity = Listing['identities'][number];
type Settings = Listing['settings'];
type Kind = 'signIn' | 'invitation' | 'notification';

const kinds: { kind: Kind; label: string }[] = [
  { kind: 'signIn', label: 'Sign-in mail sender' },
  { kind: 'invitation', label: 'Invitation mail sender' },
  { kind: 'notification', label: 'Notification mail sender' },
];

function StatusOf({ identity }: { identity: Identity }) {
  if (identity.verified) return <StatusIndicator type="success">Verified</StatusIndicator>;
  if (identity.verificationStatus === 'Failed') return <StatusIndicator type="error">Failed</StatusIndicator>;
  return <StatusIndicator type="pending">{identity.verificationStatus}</StatusIndicator>;
}

function DkimRecords({ identity }: { identity: Identity }) {
  if (identity.type === 'address') return <Box color="text-status-inactive">Signed by its domain</Box>;
  if (identity.dkimRecords.length === 0) return <Box color="text-status-inactive">None</Box>;
  return (
    <SpaceBetween size="xxs">
      {identity.dkimRecords.map((record) => (
        <Box key={record.name} fontSize="body-s">
          <code>{record.name}</code> CNAME <code>{record.value}</code>
        </Box>
      ))}
    </SpaceBetween>
  );
}

function SendersForm({ settings, onSaved }: { settings: Settings; onSaved: (settings: Settings) => void }) {
  const [senders, setSenders] = useState<Record<Kind, string>>({
    signIn: settings.senders.signIn ?? '',
    invitation: settings.senders.invitation ?? '',
    notification: settings.senders.notification ?? '',
  });
  const [secretRef, setSecretRef] = useState(settings.providerSecretRef ?? '');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      onSaved(
        await callFunction('updateMailSettings', {
          version: settings.version,
          senders,
          ...(secretRef.trim() ? { providerSecretRef: secretRef.trim() } : {}),
        }),
      );
    } catch (error) {
      setProblem(messageOf(error, 'The senders could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Which address sends each kind of mail. Empty: the default sender, ${settings.defaultFrom}.`}
          actions={
            <Button variant="primary" loading={saving} onClick={() => void save()}>
              Save senders
            </Button>
          }
        >
          Senders
        </Header>
      }
    >
      <SpaceBetween size="m">
        {problem ? (
          <Alert type="error" header="The senders were not saved">
            {problem}
          </Alert>
        ) : null}
        {kinds.map(({ kind, label }) => (
          <FormField key={kind} label={label} description="An address under a verified identity.">
            <Input
              value={senders[kind]}
              placeholder={settings.defaultFrom}
              type="email"
              onChange={({ detail }) => setSenders((current) => ({ ...current, [kind]: detail.value }))}
            />
          </FormField>
        ))}
        <FormField
          label="Other mail provider's credentials"
          description="The Secrets Manager ARN or name of the secret (never the secret itself). Optional."
        >
          <Input
            value={secretRef}
            placeholder="arn:aws:secretsmanager:eu-west-1:123456789012:secret:portal/mail-AbCdEf"
            onChange={({ detail }) => setSecretRef(detail.value)}
          />
        </FormField>
        {settings.updatedBy ? (
          <Box color="text-body-secondary" fontSize="body-s">
            Last saved by {settings.updatedBy}
            {settings.updatedAt ? ` on ${new Date(settings.updatedAt).toLocaleString()}` : ''}.
          </Box>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

export default function MailIdentitiesPage() {
  usePageHelp(MailIdentitiesHelp);
  const { notify } = useNotifications();
  const [listing, setListing] = useState<Listing | undefined>(undefined);
  const [loadProblem, setLoadProblem] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Identity[]>([]);
  const [adding, setAdding] = useState(false);
  const [newIdentity, setNewIdentity] = useState('');
  const [busy, setBusy] = useState(false);
  const [addProblem, setAddProblem] = useState<string | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setListing(await callFunction('listMailIdentities', {}));
      setLoadProblem(undefined);
      setFormKey((key) => key + 1);
    } catch (error) {
      setLoadProblem(messageOf(error, 'Please try again in a moment.'));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const closeAdding = () => {
    setAdding(false);
    setAddProblem(undefined);
    setNewIdentity('');
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAddProblem(undefined);
    try {
      const identity = await callFunction('addMailIdentity', { identity: newIdentity });
      closeAdding();
      notify({ type: 'success', title: 'Identity added', message: `${identity.identity} was added.` });
      await load();
    } catch (error) {
      setAddProblem(messageOf(error, 'The identity could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const removal = useConfirmation(async (identity: Identity) => {
    await callFunction('removeMailIdentity', { identity: identity.identity });
    setSelected([]);
    notify({ type: 'success', title: 'Identity removed', message: `${identity.identity} was removed.` });
    await load();
  }, 'The identity could not be removed. Please try again.');

  const identities = listing?.identities ?? [];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The domains and addresses the platform sends mail from, and which one sends which mail."
          info={<InfoLink topic={MailIdentitiesHelp} ariaLabel="Info about e-mail keys" />}
        >
          E-mail keys
        </Header>
      }
    >
      <SpaceBetween size="l">
        {loadProblem ? (
          <Alert type="error" header="The identities could not be loaded">
            {loadProblem}
          </Alert>
        ) : null}
        <Table
          variant="container"
          ariaLabels={{
            tableLabel: 'Sending identities',
            selectionGroupLabel: 'Identity selection',
            itemSelectionLabel: (_selection, item) => item.identity,
          }}
          selectionType="single"
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          trackBy="identity"
          loading={loading && !listing}
          loadingText="Loading identities"
          items={identities}
          columnDefinitions={[
            { id: 'identity', header: 'Identity', cell: (item) => item.identity, isRowHeader: true },
            { id: 'type', header: 'Type', cell: (item) => (item.type === 'domain' ? 'Domain' : 'Address') },
            { id: 'status', header: 'Verification', cell: (item) => <StatusOf identity={item} /> },
            { id: 'dkim', header: 'DKIM records to publish', cell: (item) => <DkimRecords identity={item} /> },
          ]}
          wrapLines
          header={
            <Header
              variant="h2"
              counter={listing ? `(${identities.length})` : undefined}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button iconName="refresh" ariaLabel="Refresh identities" onClick={() => void load()} />
                  <Button disabled={selected.length === 0} onClick={() => removal.ask(selected[0])}>
                    Remove
                  </Button>
                  <Button variant="primary" onClick={() => setAdding(true)}>
                    Add identity
                  </Button>
                </SpaceBetween>
              }
            >
              Sending identities
            </Header>
          }
          empty={
            <TableEmptyState
              title="No sending identities"
              subtitle="Add a domain or an address to send mail from; until then the platform's default sender is used."
              action={<Button onClick={() => setAdding(true)}>Add identity</Button>}
            />
          }
        />
        {listing ? (
          <SendersForm
            key={formKey}
            settings={listing.settings}
            onSaved={(settings) => {
              setListing((current) => (current ? { ...current, settings } : current));
              setFormKey((key) => key + 1);
              notify({ type: 'success', title: 'Senders saved', message: 'The next mails use these senders.' });
            }}
          />
        ) : null}
      </SpaceBetween>
      {adding ? (
        <FormModal
          header="Add a sending identity"
          formId="add-mail-identity"
          submitText="Add"
          submittingText="Adding"
          submitting={busy}
          onSubmit={add}
          onDismiss={closeAdding}
        >
          <FormErrorAlert message={addProblem} />
          <FormField
            label="Domain or address"
            description="A domain (example.com) gets DKIM records to publish; an address is verified by a mail to it."
          >
            <Input
              value={newIdentity}
              placeholder="example.com"
              onChange={({ detail }) => setNewIdentity(detail.value)}
            />
          </FormField>
        </FormModal>
      ) : null}
      <ConfirmItemModal
        confirmation={removal}
        header={() => 'Remove sending identity'}
        confirmText="Remove"
        workingText="Removing"
      >
        {(identity) => (
          <>
            Remove <b>{identity.identity}</b>? Mail can no longer be sent from it.
          </>
        )}
      </ConfirmItemModal>
    </ContentLayout>
  );
}

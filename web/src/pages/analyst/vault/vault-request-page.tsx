// /analyst/vault/request (level 5): a request link. This browser makes an ECDH P-256 key pair; the private key
// stays here (IndexedDB, non-extractable; a key file for another device), the server gets the public key and
// the question, and the link carries the key's fingerprint. A reply is collected (once) and opened here.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FileInput from '@cloudscape-design/components/file-input';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../api/call-client';
import { problemOf, type FormProblem, noProblem } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { requestLinkUrl } from '../../../vault/vault-address';
import { fromBase64, newRequestKeyPair, openRequestReply, type SecretContent } from '../../../vault/vault-crypto';
import { importKeyFile, keyFileName, keyFileText, loadRequestKey, saveRequestKey } from './request-keys';
import { SecretView } from './secret-view';
import { CompanyField, ExpiryField, type VaultExpiry } from './vault-form-fields';
import { VaultRequestHelp } from './vault-help';
import type { VaultLinkRow } from './vault-links-config';
import { useVaultLinksTable, VaultLinksTable } from './vault-links-table';

const fields = ['label', 'expiresIn', 'companySlug'] as const;

interface CreatedRequest {
  url: string;
  linkId: string;
  keyFileUrl: string;
  expiresAt: number;
}

export default function VaultRequestPage() {
  usePageHelp(VaultRequestHelp);
  const { notify } = useNotifications();
  const table = useVaultLinksTable();
  const [label, setLabel] = useState('');
  const [expiresIn, setExpiresIn] = useState<VaultExpiry>('7d');
  const [companySlug, setCompanySlug] = useState('');
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedRequest | undefined>();
  const [collecting, setCollecting] = useState(false);
  const [reply, setReply] = useState<{ label: string; content: SecretContent } | undefined>();
  const selected = table.selectedItem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setProblem({ fieldErrors: { label: 'Say what you need, for the person who answers.' } });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      const keyPair = await newRequestKeyPair();
      const answer = await callFunction('createVaultRequest', {
        publicKey: keyPair.publicKey,
        label: label.trim(),
        expiresIn,
        ...(companySlug ? { companySlug } : {}),
      });
      await saveRequestKey(answer.linkId, keyPair.privateKey);
      const keyFile = new Blob([keyFileText(answer.linkId, keyPair.pkcs8)], { type: 'application/json' });
      setCreated({
        url: requestLinkUrl(window.location.origin, answer.linkId, keyPair.fingerprint),
        linkId: answer.linkId,
        keyFileUrl: URL.createObjectURL(keyFile),
        expiresAt: answer.expiresAt,
      });
      table.pages.reload();
    } catch (error) {
      setProblem(problemOf(error, fields, 'The request could not be created. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const startAgain = () => {
    if (created) URL.revokeObjectURL(created.keyFileUrl);
    setCreated(undefined);
    setLabel('');
    setProblem(noProblem);
  };

  const collect = async (row: VaultLinkRow) => {
    setCollecting(true);
    try {
      const privateKey = await loadRequestKey(row.linkId);
      if (!privateKey) {
        notify({
          type: 'error',
          title: 'No key for this request in this browser',
          message:
            'Import the key file of this request (Import key files), or collect it in the browser you made it in.',
        });
        return;
      }
      const answer = await callFunction('collectVaultRequest', { linkId: row.linkId });
      const content = await openRequestReply(row.linkId, privateKey, {
        ephemeralPublicKey: answer.ephemeralPublicKey,
        ciphertext: fromBase64(answer.ciphertext),
      });
      setReply({ label: row.label ?? 'Reply', content });
      table.pages.reload();
    } catch (error) {
      notify({
        type: 'error',
        title: 'Not collected',
        message: error instanceof Error ? error.message : 'The reply could not be collected. Please try again.',
      });
    } finally {
      setCollecting(false);
    }
  };

  const importFiles = async (files: File[]) => {
    for (const file of files) {
      try {
        await importKeyFile(await file.text());
        notify({
          type: 'success',
          title: 'Key imported',
          message: `${file.name}: this browser can now open its reply.`,
        });
      } catch (error) {
        notify({ type: 'error', title: 'Key not imported', message: `${file.name}: ${(error as Error).message}` });
      }
    }
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Ask someone without an account for a secret. It is encrypted in their browser to a key only you hold."
          info={<InfoLink topic={VaultRequestHelp} ariaLabel="Info about vault request links" />}
        >
          Generate vault request link
        </Header>
      }
    >
      <SpaceBetween size="l">
        {created ? (
          <Container header={<Header variant="h2">Your request link</Header>}>
            <SpaceBetween size="m">
              <Alert type="success" statusIconAriaLabel="Success">
                {`Send this link to the person who has the secret. It works until ${new Date(created.expiresAt).toLocaleString()}, for one answer.`}
              </Alert>
              <FormField label="Link" stretch>
                <Input value={created.url} readOnly ariaLabel="Request link" />
              </FormField>
              <CopyToClipboard
                variant="button"
                textToCopy={created.url}
                copyButtonText="Copy link"
                copySuccessText="Link copied"
                copyErrorText="The link could not be copied"
              />
              <Alert type="warning" statusIconAriaLabel="Warning" header="The key to the reply is only in this browser">
                <SpaceBetween size="s">
                  <Box variant="p">
                    To collect the reply on another device or browser, or in case this browser’s data is cleared, save
                    the key file now and keep it like a password. Without this browser and without the file, nobody can
                    open the reply.
                  </Box>
                  <Button iconName="download" href={created.keyFileUrl} download={keyFileName(created.linkId)}>
                    Save key file
                  </Button>
                </SpaceBetween>
              </Alert>
              <Button onClick={startAgain}>Create another request</Button>
            </SpaceBetween>
          </Container>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={saving}>
                  Create request link
                </Button>
              }
            >
              <Container header={<Header variant="h2">New request link</Header>}>
                <SpaceBetween size="l">
                  <FormErrorAlert message={problem.message} />
                  <FormField
                    label="What you need"
                    description="Shown to the person who opens the link, e.g. 'The VPN credentials for the test'."
                    errorText={problem.fieldErrors.label}
                  >
                    <Input value={label} onChange={({ detail }) => setLabel(detail.value)} ariaLabel="What you need" />
                  </FormField>
                  <ExpiryField value={expiresIn} onChange={setExpiresIn} />
                  <CompanyField value={companySlug} onChange={setCompanySlug} />
                </SpaceBetween>
              </Container>
            </Form>
          </form>
        )}
        <VaultLinksTable
          table={table}
          title="Your vault links"
          actions={[
            <FileInput
              key="import"
              multiple
              accept=".json,application/json"
              value={[]}
              onChange={({ detail }) => void importFiles(detail.value)}
              variant="button"
              ariaLabel="Import key files"
            >
              Import key files
            </FileInput>,
            <Button
              key="collect"
              variant="primary"
              disabled={!selected || selected.kind !== 'request' || selected.status !== 'fulfilled'}
              loading={collecting}
              onClick={() => selected && void collect(selected)}
            >
              Collect reply
            </Button>,
          ]}
          empty={null}
        />
      </SpaceBetween>
      {reply ? (
        <Modal
          visible
          onDismiss={() => setReply(undefined)}
          header={reply.label}
          closeAriaLabel="Close"
          footer={
            <Box float="right">
              <Button variant="primary" onClick={() => setReply(undefined)}>
                Done
              </Button>
            </Box>
          }
        >
          <SpaceBetween size="m">
            <SecretView content={reply.content} />
            <Box variant="p" color="text-body-secondary">
              The reply is gone from the server now: keep it somewhere safe before you close this.
            </Box>
          </SpaceBetween>
        </Modal>
      ) : null}
    </ContentLayout>
  );
}

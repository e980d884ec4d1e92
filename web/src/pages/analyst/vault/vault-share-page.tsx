// /analyst/vault/link (level 5): a share link. The secret (a text or a file) is encrypted in this browser
// with a new 256-bit key that goes only into the link's fragment; the server gets the ciphertext and the hash
// of the key's verifier. Below: the analyst's links and requests, and for level 9 the vault's audit.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { hasLevel } from '../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../api/call-client';
import { problemOf, type FormProblem, noProblem } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { UploadError, uploadFile, type PresignedUpload } from '../../../components/uploads/upload-file';
import { useSession } from '../../../components/session/session-context';
import { contentOf, draftProblem, emptyDraft, type SecretDraft } from '../../../vault/secret-draft';
import { maxInlineCiphertextBytes, maxShareFileBytes, sizeText } from '../../../vault/secret-limits';
import { shareLinkUrl } from '../../../vault/vault-address';
import { newShareKeys, sealShare, toBase64, verifierHashOf } from '../../../vault/vault-crypto';
import { SecretInput } from './secret-input';
import { VaultAuditTable } from './vault-audit-table';
import { CompanyField, ExpiryField, type VaultExpiry } from './vault-form-fields';
import { VaultShareHelp } from './vault-help';
import { useVaultLinksTable, VaultLinksTable } from './vault-links-table';

const fields = ['ciphertext', 'expiresIn', 'maxViews', 'companySlug', 'label'] as const;

interface CreatedLink {
  url: string;
  urlWithoutKey: string;
  key: string;
  expiresAt: number;
  maxViews: number;
}

function viewsProblem(text: string): string | undefined {
  const views = Number(text);
  return Number.isInteger(views) && views >= 1 && views <= 10 ? undefined : 'Must be a whole number from 1 to 10.';
}

export default function VaultSharePage() {
  usePageHelp(VaultShareHelp);
  const { userAccess } = useSession();
  const table = useVaultLinksTable();
  const [draft, setDraft] = useState<SecretDraft>(emptyDraft);
  const [expiresIn, setExpiresIn] = useState<VaultExpiry>('1d');
  const [views, setViews] = useState('1');
  const [companySlug, setCompanySlug] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedLink | undefined>();
  const [uploaded, setUploaded] = useState<{ sent: number; total: number } | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: Record<string, string> = {};
    const secretProblem = draftProblem(draft, maxShareFileBytes);
    if (secretProblem) fieldErrors.ciphertext = secretProblem;
    const wrongViews = viewsProblem(views);
    if (wrongViews) fieldErrors.maxViews = wrongViews;
    if (Object.keys(fieldErrors).length > 0) {
      setProblem({ fieldErrors });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      const keys = await newShareKeys();
      const ciphertext = await sealShare(keys, await contentOf(draft));
      const maxViews = Number(views);
      const inline = ciphertext.byteLength <= maxInlineCiphertextBytes;
      const answer = await callFunction('createVaultLink', {
        ...(inline ? { ciphertext: toBase64(ciphertext) } : { ciphertextSize: ciphertext.byteLength }),
        verifierHash: await verifierHashOf(keys.verifier),
        expiresIn,
        maxViews,
        ...(companySlug ? { companySlug } : {}),
        ...(label.trim() ? { label: label.trim() } : {}),
      });
      if (answer.upload) await uploadSealedFile(answer.linkId, answer.upload, ciphertext);
      const origin = window.location.origin;
      setCreated({
        url: shareLinkUrl(origin, answer.linkId, keys.secret),
        urlWithoutKey: shareLinkUrl(origin, answer.linkId),
        key: keys.secret,
        expiresAt: answer.expiresAt,
        maxViews,
      });
      setDraft(emptyDraft);
      table.pages.reload();
    } catch (error) {
      if (error instanceof UploadError) setProblem({ fieldErrors: {}, message: `${error.message} No link was made.` });
      else setProblem(problemOf(error, fields, 'The link could not be created. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  /** A sealed file over 300 KB goes straight to the bucket; a link whose upload failed is revoked at once. */
  const uploadSealedFile = async (linkId: string, upload: PresignedUpload, ciphertext: Uint8Array) => {
    const file = new File([ciphertext as Uint8Array<ArrayBuffer>], 'sealed.bin', { type: 'application/octet-stream' });
    setUploaded({ sent: 0, total: file.size });
    try {
      await uploadFile(upload, file, (sent) => setUploaded({ sent, total: file.size }));
    } catch (error) {
      await callFunction('revokeVaultLink', { linkId }).catch(() => undefined);
      throw error;
    } finally {
      setUploaded(undefined);
    }
  };

  const startAgain = () => {
    setCreated(undefined);
    setLabel('');
    setViews('1');
    setProblem(noProblem);
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Send a secret or a file to someone without an account. It is encrypted in your browser."
          info={<InfoLink topic={VaultShareHelp} ariaLabel="Info about vault share links" />}
        >
          Generate vault share link
        </Header>
      }
    >
      <SpaceBetween size="l">
        {created ? (
          <Container header={<Header variant="h2">Your share link</Header>}>
            <SpaceBetween size="m">
              <Alert type="success" statusIconAriaLabel="Success">
                {`The link works until ${new Date(created.expiresAt).toLocaleString()}, for ${created.maxViews} ${created.maxViews === 1 ? 'view' : 'views'}. This is the only time it is shown: the server does not have its key.`}
              </Alert>
              <FormField label="Link" stretch>
                <Input value={created.url} readOnly ariaLabel="Share link" />
              </FormField>
              <CopyToClipboard
                variant="button"
                textToCopy={created.url}
                copyButtonText="Copy link"
                copySuccessText="Link copied"
                copyErrorText="The link could not be copied"
              />
              <ExpandableSection headerText="Send the key separately">
                <SpaceBetween size="s">
                  <Box variant="p">
                    Send the link without its key by one channel (e-mail) and the key by another (a call, a chat): one
                    intercepted message is not enough to open it.
                  </Box>
                  <FormField label="Link without key" stretch>
                    <Input value={created.urlWithoutKey} readOnly ariaLabel="Link without key" />
                  </FormField>
                  <CopyToClipboard
                    variant="button"
                    textToCopy={created.urlWithoutKey}
                    copyButtonText="Copy link without key"
                    copySuccessText="Link without key copied"
                    copyErrorText="The link could not be copied"
                  />
                  <FormField label="Key" stretch>
                    <Input value={created.key} readOnly ariaLabel="Key" />
                  </FormField>
                  <CopyToClipboard
                    variant="button"
                    textToCopy={created.key}
                    copyButtonText="Copy key"
                    copySuccessText="Key copied"
                    copyErrorText="The key could not be copied"
                  />
                </SpaceBetween>
              </ExpandableSection>
              <Button onClick={startAgain}>Create another link</Button>
            </SpaceBetween>
          </Container>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={saving}>
                  Encrypt and create link
                </Button>
              }
            >
              <Container header={<Header variant="h2">New share link</Header>}>
                <SpaceBetween size="l">
                  <FormErrorAlert message={problem.message} />
                  {uploaded ? (
                    <ProgressBar
                      label="Uploading the encrypted file"
                      value={uploaded.total > 0 ? Math.round((uploaded.sent / uploaded.total) * 100) : 0}
                      additionalInfo={`${sizeText(uploaded.sent)} of ${sizeText(uploaded.total)}`}
                    />
                  ) : null}
                  <SecretInput
                    draft={draft}
                    onChange={setDraft}
                    error={problem.fieldErrors.ciphertext}
                    disabled={saving}
                  />
                  <ExpiryField value={expiresIn} onChange={setExpiresIn} />
                  <FormField
                    label="Views"
                    description="How many times the link can be opened (1 to 10). After the last, the secret is gone."
                    errorText={problem.fieldErrors.maxViews}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      value={views}
                      onChange={({ detail }) => setViews(detail.value)}
                      ariaLabel="Views"
                    />
                  </FormField>
                  <CompanyField value={companySlug} onChange={setCompanySlug} />
                  <FormField
                    label="Label"
                    description="Optional: for your list only. The recipient does not see it."
                    errorText={problem.fieldErrors.label}
                  >
                    <Input value={label} onChange={({ detail }) => setLabel(detail.value)} ariaLabel="Label" />
                  </FormField>
                </SpaceBetween>
              </Container>
            </Form>
          </form>
        )}
        <VaultLinksTable table={table} title="Your vault links" empty={null} />
        {hasLevel(userAccess, 9) ? <VaultAuditTable /> : null}
      </SpaceBetween>
    </ContentLayout>
  );
}

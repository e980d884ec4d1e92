// The DAST key dialogs: create (name, scopes, allowed targets, expiry), roll (grace period), and the dialog that
// shows a new key once, with a copy button. The server checks every field and names the one that is wrong.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { callFunction } from '../../../api/call-client';
import { noProblem, problemOf, type FormProblem } from '../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../components/forms/form-alerts';
import { FormModal } from '../../../components/forms/form-modal';
import { scopeLabels, type DastKey } from './dast-keys-config';

type Scope = DastKey['scopes'][number];
const allScopes = Object.keys(scopeLabels) as Scope[];
const createFields = ['name', 'scopes', 'allowedTargets', 'expiresInDays'];

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

export interface NewKey {
  key: string;
  dastKey: DastKey;
}

export function CreateDastKeyModal({
  slug,
  onCreated,
  onDismiss,
}: {
  slug: string;
  onCreated: (created: NewKey) => void;
  onDismiss: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['dast:trigger', 'dast:status:read']);
  const [targets, setTargets] = useState('');
  const [days, setDays] = useState('90');
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length === 0) {
      setProblem({ fieldErrors: { name: 'Enter a name.' } });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      onCreated(
        await callFunction('createDastKey', {
          slug,
          name: name.trim(),
          scopes,
          allowedTargets: lines(targets),
          expiresInDays: Number(days),
        }),
      );
    } catch (error) {
      setProblem(problemOf(error, createFields, 'The key could not be created. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      header="Create DAST key"
      formId="dast-key-form"
      submitText="Create key"
      submittingText="Creating"
      submitting={saving}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <FormField
        label="Name"
        description="Where the key is used, e.g. CI pipeline."
        errorText={problem.fieldErrors.name}
      >
        <Input value={name} ariaRequired disabled={saving} onChange={({ detail }) => setName(detail.value)} />
      </FormField>
      <FormField label="Scopes" errorText={problem.fieldErrors.scopes}>
        <SpaceBetween size="xxs">
          {allScopes.map((scope) => (
            <Checkbox
              key={scope}
              checked={scopes.includes(scope)}
              disabled={saving}
              onChange={({ detail }) =>
                setScopes((current) =>
                  detail.checked ? [...current, scope] : current.filter((candidate) => candidate !== scope),
                )
              }
            >
              {scopeLabels[scope]} ({scope})
            </Checkbox>
          ))}
        </SpaceBetween>
      </FormField>
      <FormField
        label="Allowed targets"
        description="One per line: a URL (https://app.example.com/), a host (*.example.com) or an IP address."
        errorText={problem.fieldErrors.allowedTargets}
      >
        <Textarea value={targets} rows={3} disabled={saving} onChange={({ detail }) => setTargets(detail.value)} />
      </FormField>
      <FormField label="Expires in (days)" description="1 to 365 days." errorText={problem.fieldErrors.expiresInDays}>
        <Input
          type="number"
          inputMode="numeric"
          value={days}
          disabled={saving}
          onChange={({ detail }) => setDays(detail.value)}
        />
      </FormField>
    </FormModal>
  );
}

export function RollDastKeyModal({
  slug,
  dastKey,
  onRolled,
  onDismiss,
}: {
  slug: string;
  dastKey: DastKey;
  onRolled: (created: NewKey) => void;
  onDismiss: () => void;
}) {
  const [graceHours, setGraceHours] = useState('24');
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(noProblem);
    try {
      const rolled = await callFunction('rollDastKey', { slug, keyId: dastKey.keyId, graceHours: Number(graceHours) });
      onRolled({ key: rolled.key, dastKey: rolled.dastKey });
    } catch (error) {
      setProblem(problemOf(error, ['graceHours', 'expiresInDays'], 'The key could not be rolled. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      header={`Roll ${dastKey.name}?`}
      formId="dast-roll-form"
      submitText="Roll key"
      submittingText="Rolling"
      submitting={saving}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <Box variant="p">
        A new key replaces {dastKey.hint} with the same scopes and targets. The old key keeps working for the grace
        period, so you can update your pipeline first.
      </Box>
      <FormField
        label="Grace period (hours)"
        description="0 to 168 hours; 0 stops the old key at once."
        errorText={problem.fieldErrors.graceHours}
      >
        <Input
          type="number"
          inputMode="numeric"
          value={graceHours}
          disabled={saving}
          onChange={({ detail }) => setGraceHours(detail.value)}
        />
      </FormField>
    </FormModal>
  );
}

/** The new key, once: it cannot be shown again. */
export function NewKeyModal({ created, onDismiss }: { created: NewKey; onDismiss: () => void }) {
  return (
    <Modal
      visible
      header={`Key created: ${created.dastKey.name}`}
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Done
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">Copy the key now. It is shown only once; the portal keeps only a hash of it.</Alert>
        <CopyToClipboard
          variant="inline"
          textToCopy={created.key}
          copyButtonAriaLabel="Copy key"
          copySuccessText="Key copied"
          copyErrorText="The key could not be copied"
        />
      </SpaceBetween>
    </Modal>
  );
}

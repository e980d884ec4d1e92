// The row actions of /analyst/agents, each on the agent as last read (its version): rotate its credential (the new
// one shown once), move it to another location, unlink it (revoke).
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../api/call-client';
import { messageOf } from '../../../components/forms/call-problems';
import { ConfirmModal, FormModal } from '../../../components/forms/form-modal';
import type { Location } from '../locations/locations-config';
import type { Agent } from './agents-config';

export type AgentAction = 'rotate' | 'move' | 'unlink';

export interface AgentActionProps {
  slug: string;
  agent: Agent;
  locations: readonly Location[];
  onDone: (message: string) => void;
  onDismiss: () => void;
}

export function RotateCredentialModal({ slug, agent, onDone, onDismiss }: AgentActionProps) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const [credential, setCredential] = useState<string | undefined>();
  if (credential) {
    return (
      <Modal
        visible
        header={`New credential of ${agent.name}`}
        onDismiss={() => onDone(`${agent.name} has a new credential.`)}
        closeAriaLabel="Close"
        footer={
          <Box float="right">
            <Button variant="primary" onClick={() => onDone(`${agent.name} has a new credential.`)}>
              Done
            </Button>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Alert type="warning" header="Shown once">
            Put it in the agent&apos;s state file (its credential field) now: the old credential no longer works.
          </Alert>
          <FormField label="Credential">
            <CopyToClipboard
              variant="inline"
              textToCopy={credential}
              copyButtonAriaLabel="Copy credential"
              copySuccessText="Credential copied"
              copyErrorText="The credential could not be copied"
            />
          </FormField>
        </SpaceBetween>
      </Modal>
    );
  }
  return (
    <ConfirmModal
      header={`Rotate the credential of ${agent.name}?`}
      confirmText="Rotate"
      workingText="Rotating"
      working={working}
      message={message}
      onDismiss={onDismiss}
      onConfirm={async () => {
        setWorking(true);
        try {
          const rotated = await callFunction('rotateAgentCredential', {
            slug,
            agentId: agent.agentId,
            expectedVersion: agent.version,
          });
          setCredential(rotated.credential);
        } catch (error) {
          setMessage(messageOf(error, 'The credential could not be rotated. Please try again.'));
        } finally {
          setWorking(false);
        }
      }}
    >
      The agent&apos;s current credential stops working at once; the new one is shown once.
    </ConfirmModal>
  );
}

export function MoveAgentModal({ slug, agent, locations, onDone, onDismiss }: AgentActionProps) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const options = locations
    .filter((location) => location.locationId !== agent.locationId)
    .map((location) => ({ value: location.locationId, label: location.name }));
  const [target, setTarget] = useState(options[0]?.value ?? '');
  return (
    <FormModal
      header={`Move ${agent.name}`}
      formId="move-agent"
      submitText="Move"
      submittingText="Moving"
      submitting={working}
      submitDisabled={!target}
      onDismiss={onDismiss}
      onSubmit={async (event) => {
        event.preventDefault();
        setWorking(true);
        try {
          await callFunction('moveAgent', {
            slug,
            agentId: agent.agentId,
            expectedVersion: agent.version,
            locationId: target,
          });
          onDone(`${agent.name} now scans from ${options.find((option) => option.value === target)?.label}.`);
        } catch (error) {
          setMessage(messageOf(error, 'The agent could not be moved. Please try again.'));
          setWorking(false);
        }
      }}
    >
      {message ? <Alert type="error">{message}</Alert> : null}
      <FormField label="New location">
        <Select
          selectedOption={options.find((option) => option.value === target) ?? null}
          options={options}
          empty="This company has no other location."
          onChange={({ detail }) => setTarget(detail.selectedOption.value ?? '')}
        />
      </FormField>
    </FormModal>
  );
}

export function UnlinkAgentModal({ slug, agent, onDone, onDismiss }: AgentActionProps) {
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  return (
    <ConfirmModal
      header={`Unlink ${agent.name}?`}
      confirmText="Unlink"
      workingText="Unlinking"
      working={working}
      message={message}
      onDismiss={onDismiss}
      onConfirm={async () => {
        setWorking(true);
        try {
          await callFunction('revokeAgent', { slug, agentId: agent.agentId, expectedVersion: agent.version });
          onDone(`${agent.name} is unlinked.`);
        } catch (error) {
          setMessage(messageOf(error, 'The agent could not be unlinked. Please try again.'));
          setWorking(false);
        }
      }}
    >
      Its credential stops working at once and it gets no more jobs. To use the host again, enroll it anew.
    </ConfirmModal>
  );
}

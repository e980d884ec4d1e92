// Editing a platform service's display name, description and whether it is offered at all
// (updatePlatformService, conditional on the version the editor saw; 0 for a service never edited).
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { callFunction } from '../../../../api/call-client';
import { asPlatformService, type PlatformService } from '../../../../components/admin/admin-records';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../../../components/forms/call-problems';
import { ConflictAlert, FormErrorAlert } from '../../../../components/forms/form-alerts';
import { changedKeys, rebase } from '../../../../components/forms/rebase';
import { fieldProblems, serviceDescriptionProblem, serviceDisplayNameProblem } from '../../../../components/forms/validation';
import { UpdatedLabel } from '../../../../components/time/updated-label';
import { OfferedStatus } from './platform-services-config';

interface ServiceValues {
  displayName: string;
  description: string;
  offered: boolean;
}

function valuesOf(service: PlatformService): ServiceValues {
  return { displayName: service.displayName, description: service.description, offered: service.offered };
}

const fields = ['displayName', 'description', 'offered', 'version'] as const;

function ServiceCurrentValue({ service }: { service: PlatformService }) {
  return (
    <KeyValuePairs
      columns={1}
      items={[
        { label: 'Name', value: service.displayName },
        { label: 'Description', value: service.description || '-' },
        { label: 'Status', value: <OfferedStatus offered={service.offered} /> },
        { label: 'Last change', value: <UpdatedLabel at={service.updatedAt} by={service.updatedBy} /> },
      ]}
    />
  );
}

export interface EditServiceModalProps {
  service: PlatformService;
  onSaved: (service: PlatformService) => void;
  onCurrent: (service: PlatformService) => void;
  onDismiss: () => void;
}

/** Rendered with key={service.name}. */
export function EditServiceModal({ service, onSaved, onCurrent, onDismiss }: EditServiceModalProps) {
  const [base, setBase] = useState(service);
  const [values, setValues] = useState<ServiceValues>(() => valuesOf(service));
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [conflict, setConflict] = useState<{ message: string; current: PlatformService } | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const set = <Field extends keyof ServiceValues>(field: Field, value: ServiceValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblem((current) => withoutFieldError(current, field));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = fieldProblems({
      displayName: serviceDisplayNameProblem(values.displayName),
      description: serviceDescriptionProblem(values.description),
    });
    if (Object.keys(errors).length > 0) {
      setProblem({ fieldErrors: errors });
      return;
    }
    const changed = changedKeys(values, valuesOf(base));
    if (changed.length === 0) {
      onDismiss();
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      const saved = await callFunction('updatePlatformService', {
        name: base.name,
        version: base.version,
        ...(changed.includes('displayName') ? { displayName: values.displayName.trim() } : {}),
        ...(changed.includes('description') ? { description: values.description.trim() } : {}),
        ...(changed.includes('offered') ? { offered: values.offered } : {}),
      });
      onSaved(saved);
    } catch (error) {
      const next = problemOf(error, fields, 'The service could not be saved. Please try again.');
      const current = asPlatformService(next.conflict?.current);
      if (next.conflict && current) {
        setConflict({ message: next.conflict.message, current });
        onCurrent(current);
      } else {
        setProblem(next);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      visible
      header="Edit service"
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancel
            </Button>
            <Button variant="primary" form="edit-service-form" formAction="submit" loading={saving} loadingText="Saving" disabled={conflict !== undefined}>
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="edit-service-form" onSubmit={(event) => void submit(event)} noValidate>
        <Form>
          <SpaceBetween size="l">
            {conflict ? (
              <ConflictAlert
                message={conflict.message}
                current={<ServiceCurrentValue service={conflict.current} />}
                onReapply={() => {
                  setValues(rebase(values, valuesOf(base), valuesOf(conflict.current)));
                  setBase(conflict.current);
                  setConflict(undefined);
                }}
                onDiscard={() => {
                  setValues(valuesOf(conflict.current));
                  setBase(conflict.current);
                  setConflict(undefined);
                }}
              />
            ) : null}
            <FormErrorAlert message={problem.message ?? problem.fieldErrors.version} />
            <Box variant="small" color="text-body-secondary">
              {base.name} · <UpdatedLabel at={base.version === 0 ? undefined : base.updatedAt} by={base.updatedBy} />
            </Box>
            <FormField label="Display name" errorText={problem.fieldErrors.displayName}>
              <Input value={values.displayName} ariaRequired disabled={saving} onChange={({ detail }) => set('displayName', detail.value)} />
            </FormField>
            <FormField label="Description" constraintText="At most 500 characters." errorText={problem.fieldErrors.description}>
              <Textarea value={values.description} rows={3} disabled={saving} onChange={({ detail }) => set('description', detail.value)} />
            </FormField>
            <FormField
              label="Availability"
              description="A service that is not offered leaves every menu and report, for everyone."
              errorText={problem.fieldErrors.offered}
            >
              <Toggle checked={values.offered} disabled={saving} onChange={({ detail }) => set('offered', detail.checked)}>
                Offered
              </Toggle>
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

// Editing a platform service's display name, description and whether it is offered at all
// (updatePlatformService, conditional on the version the editor saw; 0 for a service never edited).
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { callFunction } from '../../../../api/call-client';
import { asPlatformService, type PlatformService } from '../../../../components/admin/admin-records';
import { editAlerts } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { useVersionedEdit } from '../../../../components/forms/use-versioned-edit';
import {
  fieldProblems,
  serviceDescriptionProblem,
  serviceDisplayNameProblem,
} from '../../../../components/forms/validation';
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
  const { base, values, set, problem, conflict, saving, submit, reapply, discard } = useVersionedEdit({
    record: service,
    valuesOf,
    fields,
    failureText: 'The service could not be saved. Please try again.',
    currentOf: asPlatformService,
    onCurrent,
  });

  const save = (event: FormEvent) =>
    submit({
      event,
      fieldErrors: fieldProblems({
        displayName: serviceDisplayNameProblem(values.displayName),
        description: serviceDescriptionProblem(values.description),
      }),
      onUnchanged: onDismiss,
      send: async (from, changed) =>
        onSaved(
          await callFunction('updatePlatformService', {
            name: from.name,
            version: from.version,
            ...(changed.includes('displayName') ? { displayName: values.displayName.trim() } : {}),
            ...(changed.includes('description') ? { description: values.description.trim() } : {}),
            ...(changed.includes('offered') ? { offered: values.offered } : {}),
          }),
        ),
    });

  return (
    <FormModal
      header="Edit service"
      formId="edit-service-form"
      submitting={saving}
      submitDisabled={conflict !== undefined}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      {editAlerts({
        problem,
        conflict,
        renderCurrent: (current) => <ServiceCurrentValue service={current} />,
        onReapply: reapply,
        onDiscard: discard,
      })}
      <Box variant="small" color="text-body-secondary">
        {base.name} · <UpdatedLabel at={base.version === 0 ? undefined : base.updatedAt} by={base.updatedBy} />
      </Box>
      <FormField label="Display name" errorText={problem.fieldErrors.displayName}>
        <Input
          value={values.displayName}
          ariaRequired
          disabled={saving}
          onChange={({ detail }) => set('displayName', detail.value)}
        />
      </FormField>
      <FormField
        label="Description"
        constraintText="At most 500 characters."
        errorText={problem.fieldErrors.description}
      >
        <Textarea
          value={values.description}
          rows={3}
          disabled={saving}
          onChange={({ detail }) => set('description', detail.value)}
        />
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
    </FormModal>
  );
}

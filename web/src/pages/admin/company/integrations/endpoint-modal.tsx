// Adding or editing a webhook endpoint (createWebhookEndpoint; updateWebhookEndpoint on the version its editor
// saw): its URL, format, events and description, and whether it is on.
import { useState, type FormEvent } from 'react';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import {
  webhookEventTypes,
  webhookFormats,
  type WebhookEventType,
  type WebhookFormat,
} from '../../../../../../lambdas/contracts/webhooks';
import { callFunction } from '../../../../api/call-client';
import { problemOf, noProblem, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { eventLabels, formatLabels, type WebhookEndpoint } from './integrations-config';

const fields = ['url', 'events', 'format', 'description', 'enabled'];
const eventOptions = webhookEventTypes.map((value) => ({ value, label: eventLabels[value], description: value }));
const formatOptions = webhookFormats.map((value) => ({ value, label: formatLabels[value] }));

export interface EndpointModalProps {
  slug: string;
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  /** `secret` only when an endpoint was added: it is shown once. */
  onSaved: (endpoint: WebhookEndpoint, secret?: string) => void;
  onDismiss: () => void;
}

export function EndpointModal({ slug, endpoint, onSaved, onDismiss }: EndpointModalProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [format, setFormat] = useState<WebhookFormat>(endpoint?.format ?? 'standard');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['finding.published']);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setProblem({ fieldErrors: { events: 'Choose at least one event.' } });
      return;
    }
    setSaving(true);
    setProblem(noProblem);
    try {
      if (endpoint) {
        onSaved(
          await callFunction('updateWebhookEndpoint', {
            slug,
            endpointId: endpoint.endpointId,
            expectedVersion: endpoint.version,
            url,
            format,
            events,
            description,
            enabled,
          }),
        );
      } else {
        const created = await callFunction('createWebhookEndpoint', { slug, url, format, events, description });
        onSaved(created.endpoint, created.secret);
      }
    } catch (error) {
      setProblem(problemOf(error, fields, 'The endpoint could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      header={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      formId="webhook-endpoint-form"
      submitText={endpoint ? 'Save' : 'Add endpoint'}
      submitting={saving}
      onSubmit={save}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <FormField label="URL" description="A public https address." errorText={problem.fieldErrors.url}>
        <Input value={url} type="url" disabled={saving} onChange={({ detail }) => setUrl(detail.value)} />
      </FormField>
      <FormField label="Format" errorText={problem.fieldErrors.format}>
        <Select
          selectedOption={formatOptions.find((option) => option.value === format) ?? null}
          options={formatOptions}
          disabled={saving}
          onChange={({ detail }) => setFormat(detail.selectedOption.value as WebhookFormat)}
        />
      </FormField>
      <FormField label="Events" errorText={problem.fieldErrors.events}>
        <Multiselect
          selectedOptions={eventOptions.filter((option) => events.includes(option.value))}
          options={eventOptions}
          placeholder="Choose events"
          deselectAriaLabel={(option) => `Remove ${option.label ?? 'event'}`}
          disabled={saving}
          onChange={({ detail }) =>
            setEvents(
              detail.selectedOptions.flatMap((option) => (option.value ? [option.value as WebhookEventType] : [])),
            )
          }
        />
      </FormField>
      <FormField label="Description" constraintText="Optional." errorText={problem.fieldErrors.description}>
        <Input value={description} disabled={saving} onChange={({ detail }) => setDescription(detail.value)} />
      </FormField>
      {endpoint ? (
        <FormField errorText={problem.fieldErrors.enabled}>
          <Checkbox checked={enabled} disabled={saving} onChange={({ detail }) => setEnabled(detail.checked)}>
            On
          </Checkbox>
        </FormField>
      ) : null}
    </FormModal>
  );
}

// Create template: a title and a severity (required), and optionally the texts, references, CWE, services,
// tags and the scanner rules it covers. The server checks every field with the same rules as an edit; its
// refusals show next to the field they name.
import { useState, type FormEvent } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../api/call-client';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../components/forms/call-problems';
import { FormErrorAlert } from '../../components/forms/form-alerts';
import { FormModal } from '../../components/forms/form-modal';
import {
  listOf,
  serviceOptions,
  severityOf,
  severityOptions,
  templateFieldHints,
  templateFieldLabels,
  type Template,
  type TemplateField,
} from './template-fields';

const fields = ['title', 'severity', 'description', 'remediation', 'references', 'cwe', 'services', 'tags', 'rules'];

/** The form's fields as typed: lists one per line (references, rules) or comma-separated (CWE, tags). */
export interface TemplateDraft {
  title: string;
  severity: string;
  description: string;
  remediation: string;
  references: string;
  cwe: string;
  services: string[];
  tags: string;
  rules: string;
}

const emptyDraft: TemplateDraft = {
  title: '',
  severity: '',
  description: '',
  remediation: '',
  references: '',
  cwe: '',
  services: [],
  tags: '',
  rules: '',
};

export interface CreateTemplateModalProps {
  /** What the form starts with (a finding saved as a template); empty fields otherwise. */
  initial?: Partial<TemplateDraft>;
  /** "Create template", or what the person set out to do ("Save as template"). */
  header?: string;
  onDismiss: () => void;
  onCreated: (template: Template) => void;
}

export function CreateTemplateModal({
  initial,
  header = 'Create template',
  onDismiss,
  onCreated,
}: CreateTemplateModalProps) {
  const [draft, setDraft] = useState<TemplateDraft>({ ...emptyDraft, ...initial });
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [submitting, setSubmitting] = useState(false);

  const set = <Key extends keyof TemplateDraft>(key: Key, value: TemplateDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblem((current) => withoutFieldError(current, key));
  };
  const fieldProps = (field: TemplateField) => ({
    label: templateFieldLabels[field],
    errorText: problem.fieldErrors[field],
    constraintText: templateFieldHints[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: Record<string, string> = {};
    if (draft.title.trim() === '') fieldErrors.title = 'Enter a title.';
    if (draft.severity === '') fieldErrors.severity = 'Choose a severity.';
    if (Object.keys(fieldErrors).length > 0) {
      setProblem({ fieldErrors });
      return;
    }
    setSubmitting(true);
    try {
      const created = await callFunction('createTemplate', {
        title: draft.title.trim(),
        severity: severityOf(draft.severity),
        description: draft.description,
        remediation: draft.remediation,
        references: listOf(draft.references, 'line'),
        cwe: listOf(draft.cwe, 'comma'),
        services: draft.services as ServiceName[],
        tags: listOf(draft.tags, 'comma'),
        rules: listOf(draft.rules, 'line'),
      });
      onCreated(created);
    } catch (caught) {
      setProblem(problemOf(caught, fields, 'The template could not be created. Please try again.'));
      setSubmitting(false);
    }
  };

  return (
    <FormModal
      header={header}
      size="large"
      formId="create-template-form"
      submitText="Create template"
      submittingText="Creating"
      submitting={submitting}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <ColumnLayout columns={2}>
        <FormField {...fieldProps('title')} controlId="create-template-title">
          <Input
            controlId="create-template-title"
            value={draft.title}
            onChange={({ detail }) => set('title', detail.value)}
            ariaRequired
          />
        </FormField>
        <FormField {...fieldProps('severity')} controlId="create-template-severity">
          <Select
            controlId="create-template-severity"
            selectedOption={severityOptions.find((option) => option.value === draft.severity) ?? null}
            options={severityOptions}
            placeholder="Choose a severity"
            onChange={({ detail }) => set('severity', detail.selectedOption.value ?? '')}
            ariaRequired
          />
        </FormField>
      </ColumnLayout>
      <FormField {...fieldProps('description')} label="Description (optional)" controlId="create-template-description">
        <Textarea
          controlId="create-template-description"
          rows={5}
          value={draft.description}
          onChange={({ detail }) => set('description', detail.value)}
        />
      </FormField>
      <FormField {...fieldProps('remediation')} label="Remediation (optional)" controlId="create-template-remediation">
        <Textarea
          controlId="create-template-remediation"
          rows={3}
          value={draft.remediation}
          onChange={({ detail }) => set('remediation', detail.value)}
        />
      </FormField>
      <FormField {...fieldProps('references')} label="References (optional)" controlId="create-template-references">
        <Textarea
          controlId="create-template-references"
          rows={2}
          value={draft.references}
          onChange={({ detail }) => set('references', detail.value)}
        />
      </FormField>
      <ColumnLayout columns={2}>
        <FormField {...fieldProps('cwe')} label="CWE (optional)" controlId="create-template-cwe">
          <Input
            controlId="create-template-cwe"
            value={draft.cwe}
            placeholder="CWE-79"
            onChange={({ detail }) => set('cwe', detail.value)}
          />
        </FormField>
        <FormField {...fieldProps('services')} label="Services (optional)" controlId="create-template-services">
          <Multiselect
            controlId="create-template-services"
            selectedOptions={serviceOptions.filter((option) => draft.services.includes(option.value))}
            options={serviceOptions}
            placeholder="Choose services"
            onChange={({ detail }) =>
              set('services', detail.selectedOptions.map((option) => option.value ?? '').filter(Boolean))
            }
          />
        </FormField>
      </ColumnLayout>
      <FormField {...fieldProps('tags')} label="Tags (optional)" controlId="create-template-tags">
        <Input
          controlId="create-template-tags"
          value={draft.tags}
          onChange={({ detail }) => set('tags', detail.value)}
        />
      </FormField>
      <FormField {...fieldProps('rules')} label="Rules (optional)" controlId="create-template-rules">
        <Textarea
          controlId="create-template-rules"
          rows={2}
          value={draft.rules}
          placeholder="zap:10098"
          onChange={({ detail }) => set('rules', detail.value)}
        />
      </FormField>
    </FormModal>
  );
}

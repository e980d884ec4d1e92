// The small form of each bulk action on the selected findings: a status with its reason, a severity (or
// the tool's again), publish or unpublish (a confirmation), a tag to add or remove, or a template to apply.
// Submitting starts the bulk update on the server (bulkUpdateFindings), which the page then follows.
import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { BulkAction } from '../../../../../../lambdas/contracts/curation';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { bulkSummary, type StatusValue } from '../curation/curation-text';
import { severities, severityLabels, type Severity } from '../finding-values/finding-labels';
import { cleanStatus, FindingStatusFields, isStatusComplete } from '../curation/finding-status-fields';
import { TagSuggestInput, tagProblem } from '../curation/finding-tags-input';
import { countText, plural } from '../finding-values/finding-text';
import { TemplateChooser, type ChosenTemplate } from '../curation/template-chooser';

export type BulkActionKind =
  'setStatus' | 'setSeverity' | 'publish' | 'unpublish' | 'addTag' | 'removeTag' | 'applyTemplate';

export const bulkActionItems: { id: BulkActionKind; text: string }[] = [
  { id: 'setStatus', text: 'Set status…' },
  { id: 'setSeverity', text: 'Set severity…' },
  { id: 'publish', text: 'Publish' },
  { id: 'unpublish', text: 'Unpublish' },
  { id: 'addTag', text: 'Add tag…' },
  { id: 'removeTag', text: 'Remove tag…' },
  { id: 'applyTemplate', text: 'Apply template…' },
];

const modalTitles: Record<BulkActionKind, string> = {
  setStatus: 'Set the status',
  setSeverity: 'Set the severity',
  publish: 'Publish findings',
  unpublish: 'Unpublish findings',
  addTag: 'Add a tag',
  removeTag: 'Remove a tag',
  applyTemplate: 'Apply a template',
};

const toolSeverity = 'tool';
const severityOptions = [
  { value: toolSeverity, label: "The tool's severity" },
  ...severities.map((severity) => ({ value: severity, label: severityLabels[severity] })),
];

export interface BulkActionModalProps {
  kind: BulkActionKind;
  slug: string;
  service: ServiceName;
  findingIds: string[];
  onDismiss: () => void;
  /** The server accepted the update: its id and what it does, in words. */
  onStarted: (bulkId: string, summary: string) => void;
}

/** "the finding", "these 2 findings". */
const theseFindings = (count: number) => (count === 1 ? 'the finding' : `these ${countText(count)} findings`);

export function BulkActionModal({ kind, slug, service, findingIds, onDismiss, onStarted }: BulkActionModalProps) {
  const [status, setStatus] = useState<StatusValue>({ status: 'fixed' });
  const [severity, setSeverity] = useState<string>(toolSeverity);
  const [tag, setTag] = useState('');
  const [template, setTemplate] = useState<ChosenTemplate | undefined>(undefined);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  /** The action the form describes now, or why it cannot be sent yet. */
  const actionOrProblem = (): BulkAction | string => {
    switch (kind) {
      case 'setStatus':
        return isStatusComplete(status)
          ? { kind: 'setStatus', value: cleanStatus(status) }
          : 'Choose the day the acceptance ends.';
      case 'setSeverity':
        return { kind: 'setSeverity', value: severity === toolSeverity ? null : (severity as Severity) };
      case 'publish':
        return { kind: 'setPublished', value: true };
      case 'unpublish':
        return { kind: 'setPublished', value: false };
      case 'addTag':
      case 'removeTag': {
        const typed = tag.trim();
        return tagProblem(typed, []) ?? { kind, tag: typed };
      }
      case 'applyTemplate':
        return template ? { kind: 'applyTemplate', templateId: template.templateId } : 'Choose a template.';
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const action = actionOrProblem();
    if (typeof action === 'string') {
      setFieldError(action);
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      const { bulkId } = await callFunction('bulkUpdateFindings', { slug, service, findingIds, action });
      onStarted(bulkId, bulkSummary(action, findingIds.length, template?.title));
    } catch (caught: unknown) {
      setFailure(messageOf(caught, 'The bulk update could not be started.'));
      setSending(false);
    }
  };

  let fields: ReactNode = null;
  switch (kind) {
    case 'setStatus':
      fields = (
        <FindingStatusFields
          value={status}
          onChange={(next) => {
            setStatus(next);
            setFieldError(undefined);
          }}
          expiryError={fieldError}
        />
      );
      break;
    case 'setSeverity':
      fields = (
        <FormField label="Severity" description="The tool's severity undoes an analyst's severity.">
          <Select
            selectedOption={severityOptions.find((option) => option.value === severity) ?? null}
            options={severityOptions}
            onChange={({ detail }) => setSeverity(detail.selectedOption.value ?? toolSeverity)}
          />
        </FormField>
      );
      break;
    case 'publish':
    case 'unpublish':
      fields = (
        <Box variant="p">
          {kind === 'publish'
            ? `The customer will see ${theseFindings(findingIds.length)} in their reports.`
            : `The customer will no longer see ${theseFindings(findingIds.length)}.`}
        </Box>
      );
      break;
    case 'addTag':
    case 'removeTag':
      fields = (
        <FormField label="Tag" errorText={fieldError}>
          <TagSuggestInput
            ariaLabel="Tag"
            placeholder={kind === 'addTag' ? 'A tag in use, or a new one' : 'The tag to remove'}
            keepText
            onTextChange={(text) => {
              setTag(text);
              setFieldError(undefined);
            }}
            onEnter={(entered) => {
              setTag(entered);
              return undefined;
            }}
          />
        </FormField>
      );
      break;
    case 'applyTemplate':
      fields = (
        <FormField
          label="Template"
          description="Its title, description and remediation replace the findings' own; the findings remember the template and its version."
          errorText={fieldError}
        >
          <TemplateChooser
            chosen={template}
            invalid={fieldError !== undefined}
            onChoose={(chosen) => {
              setTemplate(chosen);
              setFieldError(undefined);
            }}
          />
        </FormField>
      );
      break;
  }

  const verb = kind === 'publish' ? 'Publish' : kind === 'unpublish' ? 'Unpublish' : 'Apply';
  return (
    <FormModal
      header={modalTitles[kind]}
      formId="bulk-action-form"
      submitText={`${verb} to ${plural(findingIds.length, 'finding')}`}
      submittingText="Starting"
      submitting={sending}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={failure} />
      <Box variant="p">{`${plural(findingIds.length, 'finding')} selected.`}</Box>
      {fields}
    </FormModal>
  );
}

// A finding's template: where its texts came from ("From template X, version N", and whether they were
// edited by hand since), the template the import suggests for it with an Apply button, and "Apply
// template…" to choose any template of the library. Applying copies the template's title, description and
// remediation into the finding's own wording (applyTemplate); the page then reads the finding again.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import type { FindingDetailRecord } from './finding-detail-record';
import { TemplateChooser, type ChosenTemplate } from '../curation/template-chooser';

/** "From template SQL injection, version 3 · edited by hand", or undefined when none was applied. */
export function lineageText(finding: Pick<FindingDetailRecord, 'template' | 'templateTextsEdited'>) {
  if (!finding.template) return undefined;
  const from = `From template ${finding.template.title}, version ${finding.template.version}`;
  return finding.templateTextsEdited ? `${from} · edited by hand` : from;
}

export interface FindingTemplatePanelProps {
  slug: string;
  service: ServiceName;
  finding: FindingDetailRecord;
  /** A template was applied (the finding's texts, lineage and versions changed). */
  onApplied: () => void;
}

export function FindingTemplatePanel({ slug, service, finding, onApplied }: FindingTemplatePanelProps) {
  const [choosing, setChoosing] = useState(false);
  const [applying, setApplying] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const apply = async (templateId: string) => {
    setApplying(templateId);
    setFailure(undefined);
    try {
      await callFunction('applyTemplate', { slug, service, findingId: finding.id, templateId });
      setChoosing(false);
      onApplied();
    } catch (caught: unknown) {
      setFailure(messageOf(caught, 'The template could not be applied.'));
    } finally {
      setApplying(undefined);
    }
  };

  const suggested = finding.suggestedTemplate;
  const showSuggestion = suggested !== undefined && finding.template?.templateId !== suggested.templateId;
  const lineage = lineageText(finding);
  return (
    <SpaceBetween size="xs">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Box variant="span" color={lineage ? 'inherit' : 'text-body-secondary'}>
          {lineage ?? 'No template applied: the texts are the tool’s, or the analyst’s own.'}
        </Box>
        <Button onClick={() => setChoosing(true)}>Apply template…</Button>
      </SpaceBetween>
      {showSuggestion ? (
        <Alert
          type="info"
          statusIconAriaLabel="Info"
          header="A template covers this finding"
          action={
            <Button
              onClick={() => void apply(suggested.templateId)}
              loading={applying === suggested.templateId}
              ariaLabel={`Apply the template ${suggested.title}`}
            >
              Apply
            </Button>
          }
        >
          The import suggests template {suggested.title}.
        </Alert>
      ) : null}
      {!choosing ? <FormErrorAlert message={failure} /> : null}
      {choosing ? (
        <ApplyTemplateModal
          applying={applying !== undefined}
          failure={failure}
          onApply={apply}
          onDismiss={() => {
            setChoosing(false);
            setFailure(undefined);
          }}
        />
      ) : null}
    </SpaceBetween>
  );
}

interface ApplyTemplateModalProps {
  applying: boolean;
  failure: string | undefined;
  onApply: (templateId: string) => Promise<void>;
  onDismiss: () => void;
}

function ApplyTemplateModal({ applying, failure, onApply, onDismiss }: ApplyTemplateModalProps) {
  const [chosen, setChosen] = useState<ChosenTemplate | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    await onApply(chosen.templateId);
  };
  return (
    <FormModal
      header="Apply a template"
      formId="apply-template-form"
      submitText="Apply"
      submittingText="Applying"
      submitting={applying}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={failure} />
      <FormField
        label="Template"
        description="Its title, description and remediation replace the finding's own wording; the finding remembers the template and its version."
        errorText={missing && !chosen ? 'Choose a template.' : undefined}
      >
        <TemplateChooser
          chosen={chosen}
          invalid={missing && !chosen}
          onChoose={(template) => {
            setChosen(template);
            setMissing(false);
          }}
        />
      </FormField>
    </FormModal>
  );
}

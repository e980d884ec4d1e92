// A finding's template: where its texts came from ("From template X, version N", and whether they were
// edited by hand since), the template the import suggests for it with an Apply button, and "Apply
// template…" to choose any template of the library. Applying copies the template's title, description and
// remediation into the finding's own wording (applyTemplate); the page then reads the finding again. Wording the
// analyst wrote (not a template's, untouched) is replaced only once they say so. "Save as template…" starts a new
// template of the library from the finding's wording, rule and CWE, and the finding then comes from it.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { scannerTools } from '../../../../../../lambdas/contracts/finding-words';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { ConfirmModal, FormModal } from '../../../../components/forms/form-modal';
import { listText } from '../../../../components/text/list-text';
import type { FindingDetailRecord } from './finding-detail-record';
import { TemplateChooser, type ChosenTemplate } from '../curation/template-chooser';
import { CreateTemplateModal, type TemplateDraft } from '../../../templates/create-template-modal';

/** A template's form filled from the finding: its shown wording and severity, its service, its rule and CWE. */
export function templateDraftOf(finding: FindingDetailRecord, service: ServiceName): Partial<TemplateDraft> {
  const rule = `${finding.tool}:${finding.ruleId}`;
  return {
    title: finding.title,
    severity: finding.severity,
    description: finding.description ?? '',
    remediation: finding.remediation ?? '',
    references: finding.references.join('\n'),
    cwe: finding.cwe.join(', '),
    services: [service],
    // The import suggests the template for the next finding of this scanner rule (one a template can name).
    rules:
      (scannerTools as readonly string[]).includes(finding.tool) && /^[^\p{Cc}\s]{1,200}$/u.test(finding.ruleId)
        ? rule
        : '',
  };
}

/** "From template SQL injection, version 3 · edited by hand", or undefined when none was applied. */
export function lineageText(finding: Pick<FindingDetailRecord, 'template' | 'templateTextsEdited'>) {
  if (!finding.template) return undefined;
  const from = `From template ${finding.template.title}, version ${finding.template.version}`;
  return finding.templateTextsEdited ? `${from} · edited by hand` : from;
}

const wordingFields = [
  ['analystTitle', 'title'],
  ['analystDescription', 'description'],
  ['analystRemediation', 'remediation'],
] as const;

/**
 * The texts an analyst wrote for this finding that a template would replace: their own, or a template's they
 * edited by hand since; none when the texts are the tool's or a template's as it was applied.
 */
export function ownWordingOf(
  finding: Pick<
    FindingDetailRecord,
    'template' | 'templateTextsEdited' | 'analystTitle' | 'analystDescription' | 'analystRemediation'
  >,
): string[] {
  if (finding.template && !finding.templateTextsEdited) return [];
  return wordingFields.filter(([field]) => (finding[field] ?? '').trim() !== '').map(([, name]) => name);
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
  const [saving, setSaving] = useState(false);
  const [applying, setApplying] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  /** The template waiting for the analyst's word before it replaces their own wording. */
  const [replacing, setReplacing] = useState<{ templateId: string; title: string } | undefined>(undefined);
  const ownWording = ownWordingOf(finding);

  const apply = async (templateId: string) => {
    setApplying(templateId);
    setFailure(undefined);
    try {
      await callFunction('applyTemplate', { slug, service, findingId: finding.id, templateId });
      setChoosing(false);
      setReplacing(undefined);
      onApplied();
    } catch (caught: unknown) {
      setFailure(messageOf(caught, 'The template could not be applied.'));
    } finally {
      setApplying(undefined);
    }
  };

  /** Applies at once, or first asks when the analyst's own wording would go. */
  const requestApply = async (template: { templateId: string; title: string }) => {
    if (ownWording.length === 0) return apply(template.templateId);
    setFailure(undefined);
    setReplacing(template);
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
        <Button onClick={() => setSaving(true)}>Save as template…</Button>
      </SpaceBetween>
      {showSuggestion ? (
        <Alert
          type="info"
          statusIconAriaLabel="Info"
          header="A template covers this finding"
          action={
            <Button
              onClick={() => void requestApply(suggested)}
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
      {!choosing && !replacing ? <FormErrorAlert message={failure} /> : null}
      {saving ? (
        <CreateTemplateModal
          header="Save as template"
          initial={templateDraftOf(finding, service)}
          onDismiss={() => setSaving(false)}
          onCreated={(template) => {
            setSaving(false);
            // The template holds the finding's own wording: applying it records where the texts now come from.
            void apply(template.templateId);
          }}
        />
      ) : null}
      {replacing ? (
        <ConfirmModal
          header="Replace your wording?"
          confirmText="Replace"
          workingText="Applying the template"
          working={applying !== undefined}
          message={failure}
          onConfirm={() => apply(replacing.templateId)}
          onDismiss={() => {
            // The analyst keeps their wording: the chooser closes too.
            setReplacing(undefined);
            setChoosing(false);
            setFailure(undefined);
          }}
        >
          The template {replacing.title} replaces the {listText(ownWording)} written for this finding. The finding’s
          history keeps what they said.
        </ConfirmModal>
      ) : choosing ? (
        <ApplyTemplateModal
          applying={applying !== undefined}
          failure={failure}
          onApply={(template) => requestApply(template)}
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
  onApply: (template: ChosenTemplate) => Promise<void>;
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
    await onApply(chosen);
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

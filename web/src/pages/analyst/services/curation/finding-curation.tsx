// What an analyst makes of a finding, edited in place: severity (or the tool's), status with its reason,
// published, tags, the title, description and remediation in their own wording (the tool's text beside
// them, and a way back to it), the CVSS 3.1 and 4.0 vectors (cvss-field.tsx), and notes. Every field saves itself after a pause (updateFinding, one field
// at a time, conditional on that field's version), with spec section 2's status icon, the lock and both
// values when someone else changed the field meanwhile, and a failed save shown and tried again.
import { useCallback, useId, useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import {
  callFunction,
  CallError,
  type EditableFindingField,
  type FindingFieldValues,
} from '../../../../api/call-client';
import {
  AutoSaveFrame,
  AutoSaveSelect,
  AutoSaveTextarea,
  AutoSaveToggle,
} from '../../../../components/auto-save/auto-save-fields';
import type { SaveField } from '../../../../components/auto-save/auto-save-driver';
import { callbackAutoSavePauseMs, type Equals } from '../../../../components/auto-save/auto-save-machine';
import {
  AutoSaveConflictPanel,
  AutoSaveStatusIcon,
  autoSaveErrorText,
} from '../../../../components/auto-save/auto-save-status';
import { useAutoSave, type AutoSave } from '../../../../components/auto-save/use-auto-save';
import { statusText, type StatusValue } from './curation-text';
import type { FindingDetailRecord } from '../finding-detail/finding-detail-record';
import { severities, severityLabels, type Severity } from '../finding-values/finding-labels';
import { cleanStatus, FindingStatusFields, isStatusComplete } from './finding-status-fields';
import { FindingTagsInput } from './finding-tags-input';
import { markdownHint, MarkdownPreview, MarkdownText } from '../../../../components/markdown/markdown-text';
import { CvssField } from './cvss-field';

type TextField = 'title' | 'description' | 'remediation';

/** The analyst's wording of a text field ('' when the tool's text is shown). */
function analystTextOf(finding: FindingDetailRecord, field: TextField): string {
  if (field === 'title') return finding.analystTitle ?? '';
  if (field === 'description') return finding.analystDescription ?? '';
  return finding.analystRemediation ?? '';
}

/** The tool's own text (the shown one prefers the analyst's). */
export function toolTextOf(finding: FindingDetailRecord, field: TextField): string {
  if (field === 'title') return finding.toolTitle;
  return (field === 'description' ? finding.toolDescription : finding.toolRemediation) ?? '';
}

/** The stored value a conflict names, as this field's control holds it (none: the tool's, or empty). */
type FromStored<T> = (stored: unknown) => T;

/** A save of one field, whose conflict carries the stored value as the control holds it. */
function fieldSave<T, Wire>(
  send: (value: Wire, expectedVersion: number) => Promise<{ version: number }>,
  toWire: (value: T) => Wire,
  fromStored: FromStored<T>,
): SaveField<T> {
  return async (value, expectedVersion) => {
    try {
      return await send(toWire(value), expectedVersion);
    } catch (caught: unknown) {
      if (caught instanceof CallError && caught.code === 'aborted' && isRecord(caught.details)) {
        const details = { ...caught.details, value: fromStored(caught.details.value) };
        throw new CallError(caught.code, caught.message, details, caught.fromServer, caught.serverStatus);
      }
      throw caught;
    }
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asText: FromStored<string> = (stored) => (typeof stored === 'string' ? stored : '');
const identity = <T,>(value: T) => value;

const toolSeverity = 'tool';
const asSeverityChoice: FromStored<string> = (stored) =>
  typeof stored === 'string' && (severities as readonly string[]).includes(stored) ? stored : toolSeverity;

const asTags: FromStored<string[]> = (stored) =>
  Array.isArray(stored) ? stored.filter((tag): tag is string => typeof tag === 'string') : [];

const sameTags: Equals<string[]> = (a, b) => a.length === b.length && a.every((tag) => b.includes(tag));

function asStatus(stored: unknown): StatusValue {
  if (isRecord(stored) && typeof stored.status === 'string') {
    return {
      status: stored.status as StatusValue['status'],
      ...(typeof stored.note === 'string' ? { note: stored.note } : {}),
      ...(typeof stored.expiresAt === 'number' ? { expiresAt: stored.expiresAt } : {}),
    };
  }
  return { status: 'open' };
}

const sameStatus: Equals<StatusValue> = (a, b) =>
  a.status === b.status && (a.note ?? '') === (b.note ?? '') && a.expiresAt === b.expiresAt;

/** The finding's status with the reason the analyst gave for it (when it was given for this status). */
export function storedStatusOf(finding: FindingDetailRecord): StatusValue {
  const reason = finding.statusReason?.status === finding.status ? finding.statusReason : undefined;
  return cleanStatus({
    status: finding.status,
    ...(reason?.note !== undefined ? { note: reason.note } : {}),
    ...(reason?.expiresAt !== undefined ? { expiresAt: reason.expiresAt } : {}),
  });
}

const toolLabels: Record<TextField, string> = {
  title: "The tool's title",
  description: "The tool's description",
  remediation: "The tool's remediation",
};

interface CuratedTextFieldProps {
  field: TextField;
  label: string;
  finding: FindingDetailRecord;
  version: number;
  save: SaveField<string>;
  multiline: boolean;
}

/** The analyst's wording of a text, the tool's beside it, and a way back to the tool's. */
function CuratedTextField({ field, label, finding, version, save, multiline }: CuratedTextFieldProps) {
  const autoSave = useAutoSave({ stored: analystTextOf(finding, field), version, save });
  const controlId = `curation-${field}${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const toolText = toolTextOf(finding, field);
  const own = autoSave.value !== '';
  const control = multiline ? (
    <Textarea
      controlId={controlId}
      rows={4}
      value={autoSave.value}
      placeholder={toolText ? "The tool's text is shown: write your own here" : undefined}
      onChange={({ detail }) => autoSave.setValue(detail.value)}
    />
  ) : (
    <Input
      controlId={controlId}
      value={autoSave.value}
      placeholder={toolText}
      onChange={({ detail }) => autoSave.setValue(detail.value)}
    />
  );
  return (
    <AutoSaveFrame
      autoSave={autoSave}
      label={label}
      controlId={controlId}
      description={
        <>
          {own ? 'Your wording is shown; empty it to show the tool’s again.' : 'Empty: the tool’s text is shown.'}
          {multiline ? ` ${markdownHint}` : null}
        </>
      }
      formatValue={(value) => (value === '' ? "(the tool's text)" : value)}
    >
      {control}
      {multiline && own ? <MarkdownPreview text={autoSave.value} /> : null}
      {multiline ? (
        <ExpandableSection headerText={toolLabels[field]} variant="footer">
          {toolText.trim() === '' ? (
            <Box color="text-body-secondary">The tool gave none.</Box>
          ) : (
            <MarkdownText text={toolText} />
          )}
        </ExpandableSection>
      ) : own ? (
        <Box variant="small">{`${toolLabels[field]}: ${toolText}`}</Box>
      ) : null}
      {own ? (
        <Box>
          <Button variant="inline-link" onClick={() => autoSave.setValue('')}>
            {`Back to the tool's ${label.toLowerCase()}`}
          </Button>
        </Box>
      ) : null}
    </AutoSaveFrame>
  );
}

interface StatusFieldProps {
  finding: FindingDetailRecord;
  version: number;
  save: SaveField<StatusValue>;
}

/** The status with its reason: saved once whole (risk accepted waits for its expiry); the note after 2 s. */
function StatusField({ finding, version, save }: StatusFieldProps) {
  const [lastEdit, setLastEdit] = useState<'status' | 'note'>('status');
  const autoSave = useAutoSave({
    stored: storedStatusOf(finding),
    version,
    save,
    equals: sameStatus,
    delayMs: lastEdit === 'note' ? callbackAutoSavePauseMs : undefined,
  });
  // A status not whole yet (risk accepted without its day) stays here until it is.
  const [draft, setDraft] = useState<{ value: StatusValue; over: StatusValue } | undefined>(undefined);
  const shown = draft && sameStatus(draft.over, autoSave.value) ? draft.value : autoSave.value;
  const change = (next: StatusValue) => {
    setLastEdit(next.status === shown.status && next.expiresAt === shown.expiresAt ? 'note' : 'status');
    if (isStatusComplete(next)) {
      setDraft(undefined);
      autoSave.setValue(cleanStatus(next));
    } else {
      setDraft({ value: next, over: autoSave.value });
    }
  };
  return (
    <div role="group" aria-label="Status">
      <SpaceBetween size="xs">
        <FindingStatusFields
          value={shown}
          onChange={change}
          expiryError={draft ? 'Choose the day the acceptance ends: the status is saved then.' : undefined}
          statusInfo={
            <span data-auto-save-status={autoSave.status}>
              <AutoSaveStatusIcon status={autoSave.status} />
            </span>
          }
        />
        {autoSaveErrorText(autoSave as AutoSave<unknown>) ? (
          <Box color="text-status-error">{autoSaveErrorText(autoSave as AutoSave<unknown>)}</Box>
        ) : null}
        <AutoSaveConflictPanel autoSave={autoSave} fieldLabel="Status" formatValue={statusText} />
      </SpaceBetween>
    </div>
  );
}

interface TagsFieldProps {
  finding: FindingDetailRecord;
  version: number;
  save: SaveField<string[]>;
}

function TagsField({ finding, version, save }: TagsFieldProps) {
  const autoSave = useAutoSave({ stored: finding.tags, version, save, equals: sameTags });
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <AutoSaveFrame
      autoSave={autoSave}
      label="Tags"
      description={
        problem ?? (finding.toolTags.length > 0 ? `The tool's own: ${finding.toolTags.join(', ')}` : undefined)
      }
      formatValue={(tags) => (tags.length === 0 ? '(none)' : tags.join(', '))}
    >
      <FindingTagsInput tags={autoSave.value} onChange={autoSave.setValue} onProblem={setProblem} />
    </AutoSaveFrame>
  );
}

export interface FindingCurationProps {
  slug: string;
  service: ServiceName;
  finding: FindingDetailRecord;
  /** A field was saved (the page may read the finding again for its history). */
  onSaved: () => void;
}

export function FindingCuration({ slug, service, finding, onSaved }: FindingCurationProps) {
  const findingId = finding.id;
  const versionOf = (field: EditableFindingField) => finding.fieldVersions[field] ?? 0;

  const send = useCallback(
    <Field extends EditableFindingField>(field: Field) =>
      async (value: FindingFieldValues[Field], expectedVersion: number) => {
        const answer = await callFunction('updateFinding', {
          slug,
          service,
          findingId,
          field,
          value,
          expectedVersion,
        } as Parameters<typeof callFunction<'updateFinding'>>[1]);
        onSaved();
        return answer;
      },
    [slug, service, findingId, onSaved],
  );

  // One stable save per field (the auto-save driver keeps the latest anyway).
  const saves = useMemo(
    () => ({
      title: fieldSave(send('title'), identity<string>, asText),
      description: fieldSave(send('description'), identity<string>, asText),
      remediation: fieldSave(send('remediation'), identity<string>, asText),
      notes: fieldSave(send('notes'), identity<string>, asText),
      severity: fieldSave(
        send('severity'),
        (choice: string) => (choice === toolSeverity ? null : (choice as Severity)),
        asSeverityChoice,
      ),
      status: fieldSave(send('status'), cleanStatus, asStatus),
      tags: fieldSave(send('tags'), identity<string[]>, asTags),
      published: fieldSave(send('published'), identity<boolean>, (stored) => stored === true),
      // '' shows the tool's vector again (null on the wire); a conflict names the stored vector or null.
      cvss31: fieldSave(send('cvss31'), (vector: string) => vector || null, asText),
      cvss40: fieldSave(send('cvss40'), (vector: string) => vector || null, asText),
    }),
    [send],
  );

  const severityOptions = [
    { value: toolSeverity, label: `The tool's severity (${severityLabels[finding.toolSeverity]})` },
    ...severities.map((severity) => ({ value: severity, label: severityLabels[severity] })),
  ];

  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={3} variant="text-grid">
        <AutoSaveSelect
          label="Severity"
          stored={finding.analystSeverity ?? toolSeverity}
          version={versionOf('severity')}
          save={saves.severity}
          options={severityOptions}
        />
        <StatusField finding={finding} version={versionOf('status')} save={saves.status} />
        <AutoSaveToggle
          label="Published"
          stored={finding.published}
          version={versionOf('published')}
          save={saves.published}
          text="The customer sees this finding"
        />
      </ColumnLayout>
      <TagsField finding={finding} version={versionOf('tags')} save={saves.tags} />
      <CuratedTextField
        field="title"
        label="Title"
        finding={finding}
        version={versionOf('title')}
        save={saves.title}
        multiline={false}
      />
      <CuratedTextField
        field="description"
        label="Description"
        finding={finding}
        version={versionOf('description')}
        save={saves.description}
        multiline
      />
      <CuratedTextField
        field="remediation"
        label="Remediation"
        finding={finding}
        version={versionOf('remediation')}
        save={saves.remediation}
        multiline
      />
      <CvssField cvssVersion="3.1" finding={finding} version={versionOf('cvss31')} save={saves.cvss31} />
      <CvssField cvssVersion="4.0" finding={finding} version={versionOf('cvss40')} save={saves.cvss40} />
      <AutoSaveTextarea
        label="Notes"
        description="For the analysts: saved 2 seconds after you stop typing."
        stored={finding.notes ?? ''}
        version={versionOf('notes')}
        save={saves.notes}
        delayMs={callbackAutoSavePauseMs}
        rows={3}
      />
    </SpaceBetween>
  );
}

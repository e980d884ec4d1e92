// The request form of the remediation loop (finding-remediation.tsx): what was fixed, or why the risk is
// acceptable and until when. Loaded when a customer opens it, so the report page does not carry its form parts.
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Textarea from '@cloudscape-design/components/textarea';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../api/call-client';
import { FormModal } from '../../components/forms/form-modal';
import { FormErrorAlert } from '../../components/forms/form-alerts';
import { messageOf } from '../../components/forms/call-problems';
import { dayStart, isoDay } from '../analyst/services/curation/curation-text';

export type ReviewKind = 'retest' | 'riskAcceptance';

/** What the form reads of an open instance: its id and where it is. */
export interface OpenInstance {
  id: string;
  uri?: string;
  method?: string;
  param?: string;
}

/** One choice per instance id (the same URL, method and parameter are one instance to retest). */
function instanceOptions(instances: readonly OpenInstance[]): MultiselectProps.Option[] {
  const options = new Map<string, MultiselectProps.Option>();
  for (const instance of instances) {
    if (options.has(instance.id)) continue;
    const label = [instance.method, instance.uri].filter(Boolean).join(' ') || instance.id;
    options.set(instance.id, {
      value: instance.id,
      label,
      ...(instance.param ? { description: `Parameter ${instance.param}` } : {}),
    });
  }
  return [...options.values()];
}

const day = 24 * 3600 * 1000;

export default function ReviewRequestModal({
  kind,
  slug,
  service,
  findingId,
  openInstances = [],
  onDismiss,
  onSent,
}: {
  kind: ReviewKind;
  slug: string;
  service: ServiceName;
  findingId: string;
  /** The finding's open instances: a retest may name some of them (none chosen: the whole finding). */
  openInstances?: readonly OpenInstance[];
  onDismiss: () => void;
  onSent: () => void;
}) {
  const [note, setNote] = useState('');
  const [until, setUntil] = useState(isoDay(Date.now() + 90 * day));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const [chosen, setChosen] = useState<readonly MultiselectProps.Option[]>([]);
  const options = kind === 'retest' ? instanceOptions(openInstances) : [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setNoteError(
        kind === 'retest'
          ? 'Say what was fixed, so the analyst knows what to check.'
          : 'Say why the risk is acceptable.',
      );
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      const untilAt = kind === 'riskAcceptance' ? dayStart(until) : undefined;
      await callFunction('requestFindingReview', {
        slug,
        service,
        findingId,
        kind,
        note: note.trim(),
        ...(untilAt !== undefined ? { until: untilAt } : {}),
        ...(chosen.length ? { instances: chosen.map((option) => option.value!) } : {}),
      });
      onSent();
    } catch (caught: unknown) {
      setFailure(messageOf(caught, 'The request could not be sent.'));
      setSending(false);
    }
  };
  const today = Date.now();
  return (
    <FormModal
      header={kind === 'retest' ? 'Mark fixed and request a retest' : 'Request risk acceptance'}
      formId="finding-review-form"
      submitText={kind === 'retest' ? 'Request retest' : 'Request acceptance'}
      submittingText="Sending"
      submitting={sending}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={failure} />
      <Box variant="p">
        {kind === 'retest'
          ? 'An analyst retests the finding, or the next scan confirms it. You will see the answer here.'
          : 'An analyst decides. Until then the finding stays open.'}
      </Box>
      <FormField label={kind === 'retest' ? 'What was fixed' : 'Why the risk is acceptable'} errorText={noteError}>
        <Textarea
          value={note}
          rows={3}
          onChange={({ detail }) => {
            setNote(detail.value);
            setNoteError(undefined);
          }}
        />
      </FormField>
      {options.length > 1 ? (
        <FormField
          label="Instances fixed"
          description="Leave empty when every instance is fixed; the next scan then checks only the ones chosen."
        >
          <Multiselect
            selectedOptions={chosen}
            options={options}
            placeholder="Every instance"
            filteringType="auto"
            filteringAriaLabel="Find instances"
            deselectAriaLabel={(option) => `Remove ${option.label ?? option.value ?? ''}`}
            tokenLimit={3}
            i18nStrings={{ tokenLimitShowMore: 'Show more', tokenLimitShowFewer: 'Show fewer' }}
            onChange={({ detail }) => setChosen(detail.selectedOptions)}
          />
        </FormField>
      ) : null}
      {kind === 'riskAcceptance' ? (
        <FormField label="Accept until" description="At most a year from today; the finding opens again then.">
          <DatePicker
            value={until}
            placeholder="YYYY/MM/DD"
            isDateEnabled={(date) => date.getTime() > today && date.getTime() <= today + 365 * day}
            openCalendarAriaLabel={(selected) =>
              `Choose the last day${selected ? `, selected date is ${selected}` : ''}`
            }
            onChange={({ detail }) => setUntil(detail.value)}
          />
        </FormField>
      ) : null}
    </FormModal>
  );
}

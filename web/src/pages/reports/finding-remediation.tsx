// The remediation loop on a customer's finding: the request waiting for an analyst, the buttons to ask for a
// retest ("fixed, please retest") or a risk acceptance (level 2 and above, open findings only), and the
// finding's remediation history. The server decides who may ask; the buttons only follow it.
import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction, type CallOutput } from '../../api/call-client';
import { FormModal } from '../../components/forms/form-modal';
import { FormErrorAlert } from '../../components/forms/form-alerts';
import { messageOf } from '../../components/forms/call-problems';
import { TimeAgo } from '../../components/time/updated-label';
import { dayStart, isoDay } from '../analyst/services/curation-text';

type CustomerFinding = Extract<CallOutput<'getFinding'>, { view: 'customer' }>;
type Kind = 'retest' | 'riskAcceptance';
type LogEntry = CustomerFinding['reviewLog'][number];

const day = 24 * 3600 * 1000;
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A history line in words: who did what. */
export function reviewEventText(entry: LogEntry): string {
  const who =
    entry.by.role === 'scan'
      ? 'The next scan'
      : (entry.by.name ?? (entry.by.role === 'analyst' ? 'An analyst' : 'A customer'));
  switch (entry.event) {
    case 'retestRequested':
      return `${who} marked it fixed and asked for a retest`;
    case 'riskAcceptanceRequested':
      return `${who} asked to accept the risk until ${entry.until ? dateOnly.format(entry.until) : 'a date'}`;
    case 'confirmedFixed':
      return entry.by.role === 'scan' ? 'The next scan no longer found it: fixed' : `${who} confirmed the fix`;
    case 'stillPresent':
      return entry.by.role === 'scan' ? 'The next scan still found it: it stays open' : `${who} found it still present`;
    case 'riskAccepted':
      return `${who} accepted the risk until ${entry.until ? dateOnly.format(entry.until) : 'the date asked'}`;
    case 'riskAcceptanceDeclined':
      return `${who} declined the risk acceptance`;
  }
}

function RequestModal({
  kind,
  slug,
  service,
  findingId,
  onDismiss,
  onSent,
}: {
  kind: Kind;
  slug: string;
  service: ServiceName;
  findingId: string;
  onDismiss: () => void;
  onSent: () => void;
}) {
  const [note, setNote] = useState('');
  const [until, setUntil] = useState(isoDay(Date.now() + 90 * day));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
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

export function FindingRemediation({
  slug,
  service,
  finding,
  mayRequest,
  onChanged,
}: {
  slug: string;
  service: ServiceName;
  finding: CustomerFinding;
  mayRequest: boolean;
  onChanged: () => void;
}) {
  const [asking, setAsking] = useState<Kind>();
  const pending = finding.review;
  return (
    <SpaceBetween size="s">
      <Box variant="h3">Remediation</Box>
      {pending ? (
        <Alert
          type="info"
          statusIconAriaLabel="Info"
          header={pending.kind === 'retest' ? 'Retest requested' : 'Risk acceptance requested'}
        >
          {`${pending.byName ?? 'Your team'} asked `}
          <TimeAgo at={pending.at} />
          {`: “${pending.note}”. An analyst will answer it.`}
        </Alert>
      ) : finding.status === 'open' && mayRequest ? (
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => setAsking('retest')}>Mark fixed, request retest</Button>
          <Button onClick={() => setAsking('riskAcceptance')}>Request risk acceptance</Button>
        </SpaceBetween>
      ) : null}
      {finding.reviewLog.length ? (
        <ol aria-label="Remediation history">
          {[...finding.reviewLog].reverse().map((entry) => (
            <li key={`${entry.at}-${entry.event}`}>
              <SpaceBetween size="xxxs">
                <Box>
                  {reviewEventText(entry)} · <TimeAgo at={entry.at} />
                </Box>
                {entry.note ? <Box color="text-body-secondary">{`“${entry.note}”`}</Box> : null}
              </SpaceBetween>
            </li>
          ))}
        </ol>
      ) : (
        <Box color="text-body-secondary">
          {mayRequest
            ? 'No retest or risk acceptance asked yet. Fixed it? Ask for a retest.'
            : 'No retest or risk acceptance asked yet.'}
        </Box>
      )}
      {asking ? (
        <RequestModal
          kind={asking}
          slug={slug}
          service={service}
          findingId={finding.id}
          onDismiss={() => setAsking(undefined)}
          onSent={() => {
            setAsking(undefined);
            onChanged();
          }}
        />
      ) : null}
    </SpaceBetween>
  );
}

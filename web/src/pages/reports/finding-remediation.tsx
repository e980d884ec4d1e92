// The remediation loop on a customer's finding: the request waiting for an analyst, the buttons to ask for a
// retest ("fixed, please retest") or a risk acceptance (level 2 and above, open findings only), and the
// finding's remediation history. The server decides who may ask; the buttons only follow it.
import { lazy, Suspense, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import type { CallOutput } from '../../api/call-client';
import type { ReviewKind } from './review-request-modal';

const ReviewRequestModal = lazy(() => import('./review-request-modal'));
import { TimeAgo } from '../../components/time/updated-label';

type CustomerFinding = Extract<CallOutput<'getFinding'>, { view: 'customer' }>;
type Kind = ReviewKind;
type LogEntry = CustomerFinding['reviewLog'][number];

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const instancesOf = (entry: { instances?: string[] }) =>
  entry.instances ? ` (${entry.instances.length === 1 ? '1 instance' : `${entry.instances.length} instances`})` : '';

/** A history line in words: who did what (and of which instances, when a retest named some). */
export function reviewEventText(entry: LogEntry): string {
  return eventWords(entry) + instancesOf(entry);
}

function eventWords(entry: LogEntry): string {
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
          {`${instancesOf(pending)}: “${pending.note}”. An analyst will answer it.`}
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
        <Suspense fallback={null}>
          <ReviewRequestModal
            kind={asking}
            slug={slug}
            service={service}
            findingId={finding.id}
            openInstances={finding.instances.filter((instance) => instance.state === 'open')}
            onDismiss={() => setAsking(undefined)}
            onSent={() => {
              setAsking(undefined);
              onChanged();
            }}
          />
        </Suspense>
      ) : null}
    </SpaceBetween>
  );
}

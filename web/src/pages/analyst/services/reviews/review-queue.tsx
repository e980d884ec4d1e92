// The review queue of the service page: the customers' retest and risk-acceptance requests of this company's
// service, oldest first (listFindingReviews), each decided in a modal (decideFindingReview): a retest is
// fixed or still present, a risk is accepted until the date asked or declined, with a note the customer
// reads. Shown only while something waits; the next import settles the retests its scan answers by itself.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import type { Severity } from '../../../../../../lambdas/kernel/scanners/finding-model';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { messageOf } from '../../../../components/forms/call-problems';
import { TimeAgo } from '../../../../components/time/updated-label';
import { FindingLink } from '../findings/finding-link';
import { SeverityBadge } from '../finding-values/scanner-values';

type QueuedReview = CallOutput<'listFindingReviews'>['reviews'][number];
export type Decision = 'fixed' | 'stillPresent' | 'accept' | 'decline';

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const kindText = (review: Pick<QueuedReview, 'kind' | 'until' | 'instances'>) =>
  review.kind === 'retest'
    ? review.instances
      ? `Retest of ${review.instances.length === 1 ? '1 instance' : `${review.instances.length} instances`}`
      : 'Retest'
    : `Risk acceptance until ${review.until ? dateOnly.format(review.until) : 'a date'}`;

/** The decision of one request (also the analysts' queue across companies, /analyst/reviews). */
export function DecideModal({
  slug,
  service,
  review,
  onDismiss,
  onDecided,
}: {
  slug: string;
  service: ServiceName;
  review: QueuedReview;
  onDismiss: () => void;
  onDecided: (decision: Decision) => void;
}) {
  const options =
    review.kind === 'retest'
      ? [
          { value: 'fixed', label: 'Fixed', description: 'The finding becomes fixed.' },
          { value: 'stillPresent', label: 'Still present', description: 'The finding stays open.' },
        ]
      : [
          {
            value: 'accept',
            label: `Accept until ${review.until ? dateOnly.format(review.until) : 'the date asked'}`,
            description: 'The finding becomes risk accepted, and opens again on that day.',
          },
          { value: 'decline', label: 'Decline', description: 'The finding stays open.' },
        ];
  const [decision, setDecision] = useState(options[0]!.value as Decision);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(undefined);
    try {
      await callFunction('decideFindingReview', {
        slug,
        service,
        findingId: review.findingId,
        decision,
        requestedAt: review.at,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      onDecided(decision);
    } catch (caught: unknown) {
      setFailure(messageOf(caught, 'The decision could not be saved.'));
      setSending(false);
    }
  };
  return (
    <FormModal
      header={`Decide: ${review.title}`}
      formId="review-decision-form"
      submitText="Save decision"
      submittingText="Saving"
      submitting={sending}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={failure} />
      <Box variant="p">{`${review.by.name ?? review.by.email} asked: “${review.note}”`}</Box>
      <FormField label="Decision">
        <RadioGroup value={decision} items={options} onChange={({ detail }) => setDecision(detail.value as Decision)} />
      </FormField>
      <FormField label="Note for the customer" description="Optional: what you checked.">
        <Textarea value={note} rows={2} onChange={({ detail }) => setNote(detail.value)} />
      </FormField>
    </FormModal>
  );
}

export function ReviewQueue({
  slug,
  service,
  refreshKey,
  onDecided,
}: {
  slug: string;
  service: ServiceName;
  refreshKey: number;
  onDecided: () => void;
}) {
  const [reviews, setReviews] = useState<QueuedReview[]>([]);
  const [more, setMore] = useState(false);
  const [deciding, setDeciding] = useState<QueuedReview>();
  const [reads, setReads] = useState(0);
  const reload = useCallback(() => setReads((count) => count + 1), []);
  useEffect(() => {
    let current = true;
    callFunction('listFindingReviews', { slug, service }).then(
      (answer) => {
        if (!current) return;
        setReviews(answer.reviews);
        setMore(answer.more);
      },
      // The queue is an addition to the page: when it cannot be read, the findings still show.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [slug, service, refreshKey, reads]);

  if (reviews.length === 0) return null;
  return (
    <>
      <Table
        variant="container"
        header={
          <Header
            variant="h2"
            counter={`(${reviews.length}${more ? '+' : ''})`}
            description="Customers' requests waiting for a decision, oldest first. The next scan settles retests it can answer."
          >
            Review requests
          </Header>
        }
        items={reviews}
        trackBy="findingId"
        columnDefinitions={[
          {
            id: 'title',
            header: 'Finding',
            cell: (review) => <FindingLink finding={{ id: review.findingId, title: review.title }} />,
          },
          {
            id: 'severity',
            header: 'Severity',
            cell: (review) => <SeverityBadge severity={review.severity as Severity} />,
          },
          { id: 'kind', header: 'Request', cell: kindText },
          { id: 'by', header: 'Asked by', cell: (review) => review.by.name ?? review.by.email },
          { id: 'at', header: 'Asked', cell: (review) => <TimeAgo at={review.at} /> },
          { id: 'note', header: 'Note', cell: (review) => review.note },
          {
            id: 'decide',
            header: 'Decision',
            cell: (review) => (
              <Button onClick={() => setDeciding(review)} ariaLabel={`Decide ${review.title}`}>
                Decide
              </Button>
            ),
          },
        ]}
      />
      {deciding ? (
        <DecideModal
          slug={slug}
          service={service}
          review={deciding}
          onDismiss={() => setDeciding(undefined)}
          onDecided={() => {
            setDeciding(undefined);
            reload();
            onDecided();
          }}
        />
      ) : null}
    </>
  );
}

// /analyst/reviews (analysts of level 7): the review requests of every company in one queue (listReviewQueue), newest
// first (the list is long when requests wait: the new ones show at once), optionally of one kind, each decided here in the service page's modal (decideFindingReview).
import { useCallback, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import type { ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../components/tables/use-server-table';
import { DecideModal } from '../services/reviews/review-queue';
import { ReviewRequestsHelp } from './review-requests-help';
import { reviewKey, reviewMatches, reviewRequestsTable, type ListedReview } from './review-requests-config';

type KindFilter = 'all' | 'retest' | 'riskAcceptance';
const kindOptions: { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'Every request' },
  { value: 'retest', label: 'Retests' },
  { value: 'riskAcceptance', label: 'Risk acceptances' },
];

export default function ReviewRequestsPage() {
  usePageHelp(ReviewRequestsHelp);
  const { notify } = useNotifications();
  const [kind, setKind] = useState<KindFilter>('all');
  const [deciding, setDeciding] = useState<ListedReview>();
  const fetchReviews = useCallback(
    ({ cursor, descending }: ServerListRequest) =>
      callFunction('listReviewQueue', {
        ...(cursor ? { cursor } : {}),
        descending,
        ...(kind === 'all' ? {} : { kind }),
        limit: reviewRequestsTable.fetchSize,
      }).then((answer) => ({ items: answer.reviews, ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}) })),
    [kind],
  );
  const table = useServerTable({
    config: reviewRequestsTable,
    fetchPage: fetchReviews,
    keyOf: reviewKey,
    matches: reviewMatches,
    filtering: 'client',
    failureText: 'The review requests could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((review) => reviewKey(review) === reviewKey(chosen));

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Customers' retest and risk-acceptance requests of every company, newest first."
          info={<InfoLink topic={ReviewRequestsHelp} ariaLabel="Info about review requests" />}
        >
          Review requests
        </Header>
      }
    >
      <ServerTable
        table={table}
        tableLabel="Review requests"
        nameOf={(review) => `${review.title} (${review.companyName})`}
        loadingText="Loading review requests"
        title="Waiting for a decision"
        refreshLabel="Refresh review requests"
        actions={[
          <Button key="decide" variant="primary" disabled={!selected} onClick={() => setDeciding(selected)}>
            Decide
          </Button>,
        ]}
        filterLabel="Find review requests"
        extraFilters={{
          controls: (
            <Select
              selectedOption={kindOptions.find((option) => option.value === kind) ?? kindOptions[0]!}
              options={kindOptions}
              onChange={({ detail }) => setKind((detail.selectedOption.value as KindFilter | undefined) ?? 'all')}
              ariaLabel="Kind of request"
            />
          ),
          active: kind !== 'all',
          clear: () => setKind('all'),
        }}
        empty={
          <TableEmptyState
            title="No review requests"
            subtitle="Customers' retest and risk-acceptance requests appear here until they are decided."
          />
        }
      />
      {deciding ? (
        <DecideModal
          slug={deciding.slug}
          service={deciding.service as ServiceName}
          review={deciding}
          onDismiss={() => setDeciding(undefined)}
          onDecided={() => {
            notify({
              type: 'success',
              title: 'Decision saved',
              message: `${deciding.companyName} is told of your decision on ${deciding.title}.`,
            });
            setDeciding(undefined);
            table.clearSelection();
            table.pages.removeItem(deciding);
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

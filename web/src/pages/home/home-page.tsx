// '/' for a signed-in user: who is signed in, and their events (spec 7), newest first, with
// 'Load more' for the next page of the server's cursor.
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { displayNameOf, useSession } from '../../components/session/session-context';
import { eventColumnDefinitions, eventsDefaultSorting } from './events-table-config';
import { useEvents } from './use-events';

export default function HomePage() {
  const { user } = useSession();
  const { events, loading, loadingMore, hasMore, error, loadMore, reload } = useEvents();
  const { items, collectionProps } = useCollection(events, {
    filtering: { empty: <TableEmptyState title="No events" subtitle="Events you create appear here." /> },
    sorting: { defaultState: eventsDefaultSorting },
  });

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`Signed in as ${user.email}`}>
          Welcome, {displayNameOf(user)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {error ? (
          <div role="alert">
            <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={reload}>Try again</Button>}>
              {error}
            </Alert>
          </div>
        ) : null}
        <Table
          {...collectionProps}
          items={items}
          columnDefinitions={eventColumnDefinitions}
          trackBy="id"
          loading={loading}
          loadingText="Loading your events"
          ariaLabels={{ tableLabel: 'Your events' }}
          header={
            <Header
              variant="h2"
              counter={loading ? undefined : `(${events.length}${hasMore ? '+' : ''})`}
              actions={<Button iconName="refresh" ariaLabel="Refresh events" onClick={reload} disabled={loading} />}
            >
              Your events
            </Header>
          }
          footer={
            hasMore ? (
              <Box textAlign="center">
                <Button onClick={loadMore} loading={loadingMore} loadingText="Loading more events">
                  Load more
                </Button>
              </Box>
            ) : undefined
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

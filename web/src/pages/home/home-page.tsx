// '/' for a signed-in user: who is signed in, and their events (spec 7), newest first, with
// 'Load more' for the next page of the server's cursor. Level 9 may list everyone's events instead.
import { useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { hasLevel } from '../../../../lambdas/kernel/access/rules';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { displayNameOf, useSession } from '../../components/session/session-context';
import { LoadErrorAlert } from '../../components/tables/load-error-alert';
import { eventColumnDefinitions, eventsDefaultSorting, everyoneEventColumnDefinitions } from './events-table-config';
import { useEvents } from './use-events';

export default function HomePage() {
  const { user, userAccess } = useSession();
  const mayListEveryone = hasLevel(userAccess, 9);
  const [everyone, setEveryone] = useState(false);
  const scope = everyone && mayListEveryone ? 'everyone' : 'mine';
  const { events, loading, loadingMore, hasMore, error, loadMore, reload } = useEvents(scope);
  const { items, collectionProps } = useCollection(events, {
    filtering: {
      empty: (
        <TableEmptyState
          title="No events"
          subtitle={scope === 'everyone' ? 'Nobody has made a change yet.' : 'Events you create appear here.'}
        />
      ),
    },
    sorting: { defaultState: eventsDefaultSorting },
  });
  const title = scope === 'everyone' ? "Everyone's events" : 'Your events';

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`Signed in as ${user.email}`}>
          Welcome, {displayNameOf(user)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {error ? <LoadErrorAlert message={error} onRetry={reload} /> : null}
        <Table
          {...collectionProps}
          items={items}
          columnDefinitions={scope === 'everyone' ? everyoneEventColumnDefinitions : eventColumnDefinitions}
          trackBy="id"
          loading={loading}
          loadingText={scope === 'everyone' ? "Loading everyone's events" : 'Loading your events'}
          ariaLabels={{ tableLabel: title }}
          header={
            <Header
              variant="h2"
              counter={loading ? undefined : `(${events.length}${hasMore ? '+' : ''})`}
              actions={
                <SpaceBetween direction="horizontal" size="m" alignItems="center">
                  {mayListEveryone ? (
                    <Toggle checked={everyone} onChange={({ detail }) => setEveryone(detail.checked)}>
                      Show everyone's events
                    </Toggle>
                  ) : null}
                  <Button iconName="refresh" ariaLabel="Refresh events" onClick={reload} disabled={loading} />
                </SpaceBetween>
              }
            >
              {title}
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

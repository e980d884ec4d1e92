// '/' for a signed-in user: who is signed in, the invitations waiting for their answer, for a customer the reports overview of the selected company
// (where they stand, service by service), and their events (spec 7), newest first, a page at a time from the
// server's cursor. Level 9 may list everyone's events instead.
import { useState } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { hasLevel, menuLevels } from '../../../../lambdas/kernel/access/rules';
import { ReportsOverview } from '../../components/reports/reports-overview';
import { displayNameOf, useSession } from '../../components/session/session-context';
import { EventsTable } from './events-table';
import { Invitations } from './invitations';
import type { EventsScope } from './use-events';

export default function HomePage() {
  const { user, userAccess, company } = useSession();
  // Customers (below the analysts' level, who work on every company) see where their company stands first.
  const customer = hasLevel(userAccess, menuLevels.report) && !hasLevel(userAccess, menuLevels.analystServicePage);
  const mayListEveryone = hasLevel(userAccess, 9);
  const [everyone, setEveryone] = useState(false);
  const scope: EventsScope = everyone && mayListEveryone ? 'everyone' : 'mine';

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`Signed in as ${user.email}`}>
          Welcome, {displayNameOf(user)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Invitations />
        {customer && company ? <ReportsOverview key={company} company={company} /> : null}
        {/* Keyed by scope: each table has its own columns and remembered preferences. */}
        <EventsTable
          key={scope}
          scope={scope}
          {...(mayListEveryone ? { onScopeChange: (next: EventsScope) => setEveryone(next === 'everyone') } : {})}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

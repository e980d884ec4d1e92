// /admin/company/manage-users (level 3 for their own companies; 7 and above, any): the members of the
// selected company (the session's company), a batch at a time from the server; invite by e-mail,
// change a member's level (never above the editor's own) and enabled services, or remove them.
import { useCallback, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { callFunction } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { EditAccessModal } from '../../../../components/admin/edit-access-modal';
import { asServiceNames } from '../../../../components/admin/service-labels';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { ServerPagination } from '../../../../components/tables/server-pagination';
import { selectionLabels } from '../../../../components/tables/table-labels';
import { useServerPages } from '../../../../components/tables/use-server-pages';
import { InviteUserModal } from './invite-user-modal';
import {
  memberColumnDefinitions,
  memberFilteringFields,
  membersDefaultSorting,
  membersFetchSize,
  membersPageSize,
} from './manage-users-config';
import { RemoveMemberModal } from './remove-member-modal';

type Dialog = { kind: 'invite' } | { kind: 'edit'; user: UserRow } | { kind: 'remove'; user: UserRow };

export default function ManageUsersPage() {
  const { company, companyDoc, companyList } = useSession();
  const companyName = companyDoc?.companyName ?? companyList.find((option) => option.slug === company)?.companyName ?? company;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={company ? `The members of ${companyName}.` : undefined}>
          Manage company users
        </Header>
      }
    >
      {company && companyName ? (
        <CompanyMembers key={company} slug={company} companyName={companyName} />
      ) : (
        <Container>
          <TableEmptyState title="No company selected" subtitle="Choose a company in the user menu to manage its users." />
        </Container>
      )}
    </ContentLayout>
  );
}

function CompanyMembers({ slug, companyName }: { slug: string; companyName: string }) {
  const { userAccess, user: self, refreshSession } = useSession();
  const { notify } = useNotifications();
  const ownLevel = userAccess.claims.accessLevel;
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callFunction('listCompanyUsers', { slug, limit: membersFetchSize, ...(cursor ? { cursor } : {}) }).then((page) => ({
        items: page.users,
        nextCursor: page.nextCursor,
      })),
    [slug],
  );
  const pages = useServerPages(fetchPage, (user: UserRow) => user.uid, 'The company users could not be loaded.');
  const inviteButton = <Button onClick={() => setDialog({ kind: 'invite' })}>Invite user</Button>;

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(pages.items, {
    filtering: {
      fields: memberFilteringFields,
      empty: <TableEmptyState title="No users" subtitle={`${companyName} has no users yet.`} action={inviteButton} />,
      noMatch: (
        <TableEmptyState
          title="No matches"
          subtitle="No loaded user matches that text."
          action={<Button onClick={() => actions.setFiltering('')}>Clear filter</Button>}
        />
      ),
    },
    sorting: { defaultState: membersDefaultSorting },
    pagination: { pageSize: membersPageSize },
    selection: { trackBy: 'uid' },
  });

  const selected = collectionProps.selectedItems?.[0];
  const aboveOwnLevel = selected !== undefined && selected.accessLevel > ownLevel;
  const notEditable = aboveOwnLevel ? `Their access level is above yours (${ownLevel}).` : undefined;
  const close = () => setDialog(undefined);
  const changedSelf = (user: UserRow) => {
    if (user.uid === self.uid) void refreshSession().catch(() => undefined);
  };

  return (
    <SpaceBetween size="l">
      {pages.error ? (
        <div role="alert">
          <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={pages.reload}>Try again</Button>}>
            {pages.error}
          </Alert>
        </div>
      ) : null}
      <Table
        {...collectionProps}
        items={items}
        columnDefinitions={memberColumnDefinitions}
        trackBy="uid"
        selectionType="single"
        loading={pages.loading}
        loadingText="Loading company users"
        wrapLines
        ariaLabels={selectionLabels<UserRow>(`Users of ${companyName}`, (user) => user.email)}
        header={
          <Header
            variant="h2"
            counter={pages.loading ? undefined : `(${pages.items.length}${pages.hasMore ? '+' : ''})`}
            description="Access levels you give stop at your own."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="refresh" ariaLabel="Refresh users" onClick={pages.reload} disabled={pages.loading} />
                <Button
                  disabled={!selected || aboveOwnLevel}
                  disabledReason={notEditable}
                  onClick={() => selected && setDialog({ kind: 'edit', user: selected })}
                >
                  Edit
                </Button>
                <Button
                  disabled={!selected || aboveOwnLevel}
                  disabledReason={notEditable}
                  onClick={() => selected && setDialog({ kind: 'remove', user: selected })}
                >
                  Remove
                </Button>
                <Button variant="primary" onClick={() => setDialog({ kind: 'invite' })}>
                  Invite user
                </Button>
              </SpaceBetween>
            }
          >
            Users of {companyName}
          </Header>
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder="Find users"
            filteringAriaLabel="Find users"
            filteringClearAriaLabel="Clear filter"
            countText={`${filteredItemsCount ?? 0} ${filteredItemsCount === 1 ? 'match' : 'matches'}`}
          />
        }
        pagination={
          <ServerPagination
            paginationProps={paginationProps}
            hasMore={pages.hasMore}
            loadingMore={pages.loadingMore}
            loadMore={pages.loadMore}
            setCurrentPage={actions.setCurrentPage}
          />
        }
      />
      {dialog?.kind === 'invite' ? (
        <InviteUserModal
          slug={slug}
          companyName={companyName}
          maxLevel={ownLevel}
          onDismiss={close}
          onInvited={(email, created) => {
            close();
            notify({
              type: 'success',
              title: 'Invitation sent',
              message: created
                ? `${email} was invited to ${companyName}; a sign-in link is on its way.`
                : `${email} already had an account: ${companyName} was added to it and a sign-in link is on its way.`,
            });
            pages.reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditAccessModal
          key={dialog.user.uid}
          user={dialog.user}
          header={`Edit ${dialog.user.email}`}
          description={<Box variant="span">Their access in {companyName}.</Box>}
          fields={['accessLevel', 'servicesEnabled']}
          maxLevel={ownLevel}
          save={(base, change) =>
            callFunction('updateCompanyUser', {
              slug,
              uid: base.uid,
              version: base.version,
              ...(change.accessLevel !== undefined ? { accessLevel: change.accessLevel } : {}),
              ...(change.servicesEnabled ? { servicesEnabled: asServiceNames(change.servicesEnabled) } : {}),
            })
          }
          onSaved={(user) => {
            pages.replaceItem(user);
            close();
            notify({ type: 'success', title: 'User saved', message: `${user.email}'s access was saved.` });
            changedSelf(user);
          }}
          onCurrent={pages.replaceItem}
          onDismiss={close}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveMemberModal
          slug={slug}
          companyName={companyName}
          user={dialog.user}
          onRemoved={(user) => {
            pages.removeItem(user);
            actions.setSelectedItems([]);
            close();
            notify({ type: 'success', title: 'User removed', message: `${user.email} was removed from ${companyName}.` });
            changedSelf(user);
          }}
          onCurrent={pages.replaceItem}
          onDismiss={close}
        />
      ) : null}
    </SpaceBetween>
  );
}

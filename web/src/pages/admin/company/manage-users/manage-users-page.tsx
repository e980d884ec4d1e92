// /admin/company/manage-users (level 3 for their own companies; 7 and above, any): the members of the
// selected company (the session's company), a batch at a time from the server; invite by e-mail,
// change a member's level (never above the editor's own) and enabled services, or remove them.
import { useCallback, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { EditAccessModal } from '../../../../components/admin/edit-access-modal';
import { asServiceNames } from '../../../../components/admin/service-labels';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { ServerTable, useServerCollection } from '../../../../components/tables/server-table';
import { useServerPages } from '../../../../components/tables/use-server-pages';
import { InviteUserModal } from './invite-user-modal';
import {
  memberColumnDefinitions,
  memberFilteringFields,
  membersDefaultSorting,
  membersFetchSize,
  membersPageSize,
} from './manage-users-config';
import { NoCompanyState } from './no-company-state';
import { RemoveMemberModal } from './remove-member-modal';

type Dialog = { kind: 'invite' } | { kind: 'edit'; user: UserRow } | { kind: 'remove'; user: UserRow };

export default function ManageUsersPage() {
  const { company, companyDoc, companyList } = useSession();
  const companyName =
    companyDoc?.companyName ?? companyList.find((option) => option.slug === company)?.companyName ?? company;
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
        <NoCompanyState />
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
      callFunction('listCompanyUsers', { slug, limit: membersFetchSize, ...(cursor ? { cursor } : {}) }).then(
        (page) => ({
          items: page.users,
          nextCursor: page.nextCursor,
        }),
      ),
    [slug],
  );
  const pages = useServerPages(fetchPage, (user: UserRow) => user.uid, 'The company users could not be loaded.');
  const inviteButton = <Button onClick={() => setDialog({ kind: 'invite' })}>Invite user</Button>;

  const collection = useServerCollection(pages.items, {
    trackBy: 'uid',
    defaultSorting: membersDefaultSorting,
    empty: <TableEmptyState title="No users" subtitle={`${companyName} has no users yet.`} action={inviteButton} />,
    noMatchText: 'No loaded user matches that text.',
    filteringFields: memberFilteringFields,
    pageSize: membersPageSize,
  });

  const selected = collection.collectionProps.selectedItems?.[0];
  const aboveOwnLevel = selected !== undefined && selected.accessLevel > ownLevel;
  const notEditable = aboveOwnLevel ? `Their access level is above yours (${ownLevel}).` : undefined;
  const close = () => setDialog(undefined);
  const changedSelf = (user: UserRow) => {
    if (user.uid === self.uid) void refreshSession().catch(() => undefined);
  };

  return (
    <>
      <ServerTable
        pages={pages}
        collection={collection}
        columnDefinitions={memberColumnDefinitions}
        trackBy="uid"
        tableLabel={`Users of ${companyName}`}
        nameOf={(user) => user.email}
        loadingText="Loading company users"
        title={<>Users of {companyName}</>}
        description="Access levels you give stop at your own."
        refreshLabel="Refresh users"
        actions={[
          <Button
            key="edit"
            disabled={!selected || aboveOwnLevel}
            disabledReason={notEditable}
            onClick={() => selected && setDialog({ kind: 'edit', user: selected })}
          >
            Edit
          </Button>,
          <Button
            key="remove"
            disabled={!selected || aboveOwnLevel}
            disabledReason={notEditable}
            onClick={() => selected && setDialog({ kind: 'remove', user: selected })}
          >
            Remove
          </Button>,
          <Button key="invite" variant="primary" onClick={() => setDialog({ kind: 'invite' })}>
            Invite user
          </Button>,
        ]}
        filterText="Find users"
        paginated
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
            collection.actions.setSelectedItems([]);
            close();
            notify({
              type: 'success',
              title: 'User removed',
              message: `${user.email} was removed from ${companyName}.`,
            });
            changedSelf(user);
          }}
          onCurrent={pages.replaceItem}
          onDismiss={close}
        />
      ) : null}
    </>
  );
}

// /admin/company/manage-users (level 3 for their own companies; 7 and above, any): the members of the
// selected company (the session's company), a batch at a time from the server; invite by e-mail (the
// person joins when they accept), change a member's level here (never above the editor's own level here)
// and enabled services, or remove them from this company.
import { useCallback, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { EditAccessModal } from '../../../../components/admin/edit-access-modal';
import { asServiceNames } from '../../../../components/admin/service-labels';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../../components/session/session-context';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../../components/tables/use-server-table';
import { InviteUserModal } from './invite-user-modal';
import { memberMatches, membersTable } from './manage-users-config';
import { ManageUsersHelp } from './manage-users-help';
import { NoCompanyState } from './no-company-state';
import { RemoveMemberModal } from './remove-member-modal';

type Dialog = { kind: 'invite' } | { kind: 'edit'; user: UserRow } | { kind: 'remove'; user: UserRow };

const memberKey = (user: UserRow) => user.uid;

/**
 * A provider analyst listed among the members carries no level (theirs is the platform's): the table reads
 * them as above every company level, so a company's administrator is never offered to edit them.
 */
const providerAnalystLevel = Number.POSITIVE_INFINITY;
const asMember = (row: CallOutput<'listCompanyUsers'>['users'][number]): UserRow => ({
  ...row,
  accessLevel: row.accessLevel ?? providerAnalystLevel,
});

export default function ManageUsersPage() {
  usePageHelp(ManageUsersHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={company ? `The members of ${companyName}.` : undefined}
          info={<InfoLink topic={ManageUsersHelp} ariaLabel="Info about access levels and invitations" />}
        >
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
    ({ cursor, filter, descending }: ServerListRequest) =>
      callFunction('listCompanyUsers', {
        slug,
        limit: membersTable.fetchSize,
        descending,
        ...(cursor ? { cursor } : {}),
        ...(filter ? { filter } : {}),
      }).then((page) => ({ items: page.users.map(asMember), nextCursor: page.nextCursor })),
    [slug],
  );
  const table = useServerTable({
    config: membersTable,
    fetchPage,
    keyOf: memberKey,
    matches: memberMatches,
    failureText: 'The company users could not be loaded.',
  });
  const { pages, collection } = table;
  const inviteButton = <Button onClick={() => setDialog({ kind: 'invite' })}>Invite user</Button>;
  const selected = table.selectedItem;
  const aboveOwnLevel = selected !== undefined && selected.accessLevel > ownLevel;
  const notEditable = aboveOwnLevel ? `Their access level is above yours (${ownLevel}).` : undefined;
  const close = () => setDialog(undefined);
  const changedSelf = (user: UserRow) => {
    if (user.uid === self.uid) void refreshSession().catch(() => undefined);
  };

  return (
    <>
      <ServerTable
        table={table}
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
        filterLabel="Find users"
        empty={<TableEmptyState title="No users" subtitle={`${companyName} has no users yet.`} action={inviteButton} />}
      />
      {dialog?.kind === 'invite' ? (
        <InviteUserModal
          slug={slug}
          companyName={companyName}
          maxLevel={ownLevel}
          onDismiss={close}
          onInvited={(email) => {
            close();
            notify({
              type: 'success',
              title: 'Invitation sent',
              message: `An invitation to ${companyName} is on its way to ${email}. They join when they accept it.`,
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
            }).then(asMember)
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

// /admin/app/users (level 9): every user, paged on the server by e-mail and filtered there by what their
// row shows (listUsers); edit anyone's type, level, companies and services (updateUserAccess), or sign
// them out everywhere.
import { useCallback, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../../api/call-client';
import type { UserRow } from '../../../../components/admin/admin-records';
import { EditAccessModal } from '../../../../components/admin/edit-access-modal';
import { asServiceNames } from '../../../../components/admin/service-labels';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../../components/tables/use-server-table';
import { platformUsersTable, userMatches } from './platform-users-config';
import { PlatformUsersHelp } from './platform-users-help';
import { SignOutEverywhereModal } from './sign-out-everywhere-modal';

type Dialog = { kind: 'edit'; user: UserRow } | { kind: 'signOut'; user: UserRow };

const userKey = (user: UserRow) => user.uid;

export default function PlatformUsersPage() {
  usePageHelp(PlatformUsersHelp);
  const { user: self, userAccess, refreshSession } = useSession();
  const { notify } = useNotifications();
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);

  const fetchPage = useCallback(
    ({ cursor, filter, descending }: ServerListRequest) =>
      callFunction('listUsers', {
        limit: platformUsersTable.fetchSize,
        descending,
        ...(cursor ? { cursor } : {}),
        ...(filter ? { filter } : {}),
      }).then((page) => ({ items: page.users, nextCursor: page.nextCursor })),
    [],
  );
  const table = useServerTable({
    config: platformUsersTable,
    fetchPage,
    keyOf: userKey,
    matches: userMatches,
    failureText: 'The users could not be loaded.',
  });
  const { pages } = table;
  const selected = table.selectedItem;
  const close = () => setDialog(undefined);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Every user of the platform, their access and their sessions."
          info={<InfoLink topic={PlatformUsersHelp} ariaLabel="Info about platform users and access levels" />}
        >
          Platform users
        </Header>
      }
    >
      <ServerTable
        table={table}
        tableLabel="Users"
        nameOf={(user) => user.email}
        loadingText="Loading users"
        title="Users"
        refreshLabel="Refresh users"
        actions={[
          <Button
            key="sign-out"
            disabled={!selected}
            onClick={() => selected && setDialog({ kind: 'signOut', user: selected })}
          >
            Sign out everywhere
          </Button>,
          <Button
            key="edit"
            variant="primary"
            disabled={!selected}
            onClick={() => selected && setDialog({ kind: 'edit', user: selected })}
          >
            Edit access
          </Button>,
        ]}
        filterLabel="Find users"
        empty={<TableEmptyState title="No users" subtitle="Nobody has an account yet." />}
      />
      {dialog?.kind === 'edit' ? (
        <EditAccessModal
          key={dialog.user.uid}
          user={dialog.user}
          header={`Edit access of ${dialog.user.email}`}
          fields={['userType', 'accessLevel', 'companies', 'servicesEnabled', 'servicesManaged']}
          maxLevel={userAccess.claims.accessLevel}
          save={(base, change) =>
            callFunction('updateUserAccess', {
              uid: base.uid,
              version: base.version,
              ...(change.userType === 'analyst' || change.userType === 'customer' ? { userType: change.userType } : {}),
              ...(change.accessLevel !== undefined ? { accessLevel: change.accessLevel } : {}),
              ...(change.companies ? { companies: change.companies } : {}),
              ...(change.servicesEnabled ? { servicesEnabled: asServiceNames(change.servicesEnabled) } : {}),
              ...(change.servicesManaged ? { servicesManaged: asServiceNames(change.servicesManaged) } : {}),
            })
          }
          onSaved={(user) => {
            pages.replaceItem(user);
            close();
            notify({ type: 'success', title: 'User saved', message: `${user.email}'s access was saved.` });
            if (user.uid === self.uid) void refreshSession().catch(() => undefined);
          }}
          onCurrent={pages.replaceItem}
          onDismiss={close}
        />
      ) : null}
      {dialog?.kind === 'signOut' ? (
        <SignOutEverywhereModal
          user={dialog.user}
          isSelf={dialog.user.uid === self.uid}
          onDismiss={close}
          onSignedOut={(user) => {
            close();
            notify({
              type: 'success',
              title: 'Signed out everywhere',
              message: `Every session of ${user.email} has ended.`,
            });
            pages.reload(); // their access record has a new version
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

// /admin/app/users (level 9): every user, searched by e-mail prefix and paged on the server (listUsers);
// edit anyone's type, level, companies and services (updateUserAccess), or sign them out everywhere.
import { useCallback, useEffect, useState } from 'react';
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
import { ServerTable, useServerCollection } from '../../../../components/tables/server-table';
import { useDebouncedValue, useServerPages } from '../../../../components/tables/use-server-pages';
import {
  userColumnDefinitions,
  userMatches,
  usersDefaultSorting,
  usersFetchSize,
  usersPageSize,
} from './platform-users-config';
import { PlatformUsersHelp } from './platform-users-help';
import { SignOutEverywhereModal } from './sign-out-everywhere-modal';

type Dialog = { kind: 'edit'; user: UserRow } | { kind: 'signOut'; user: UserRow };

export default function PlatformUsersPage() {
  usePageHelp(PlatformUsersHelp);
  const { user: self, userAccess, refreshSession } = useSession();
  const { notify } = useNotifications();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callFunction('listUsers', {
        limit: usersFetchSize,
        ...(cursor ? { cursor } : {}),
        ...(query ? { query } : {}),
      }).then((page) => ({
        items: page.users,
        nextCursor: page.nextCursor,
      })),
    [query],
  );
  const pages = useServerPages(fetchPage, (user: UserRow) => user.uid, 'The users could not be loaded.');

  const collection = useServerCollection(pages.items, {
    trackBy: 'uid',
    defaultSorting: usersDefaultSorting,
    empty: <TableEmptyState title="No users" subtitle="Nobody has an account yet." />,
    noMatchText: 'No e-mail address starts with that text.',
    filteringFunction: userMatches,
    pageSize: usersPageSize,
  });

  const filteringText = useDebouncedValue(collection.filterProps.filteringText);
  useEffect(() => setQuery(filteringText.trim().toLowerCase()), [filteringText]);

  const selected = collection.collectionProps.selectedItems?.[0];
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
        pages={pages}
        collection={collection}
        columnDefinitions={userColumnDefinitions}
        trackBy="uid"
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
        filterText="Find users by e-mail"
        countSoFar
        paginated
        resizableColumns
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

// Column definitions of the platform users table (/admin/app/users).
import type { TableProps } from '@cloudscape-design/components/table';
import { levelLabel } from '../../../../components/admin/access-levels';
import type { UserRow } from '../../../../components/admin/admin-records';
import { userTypeLabel } from '../../../../components/admin/edit-access-modal';
import { serviceListText } from '../../../../components/admin/service-labels';
import { TimeAgo } from '../../../../components/time/updated-label';

export const userColumnDefinitions: TableProps.ColumnDefinition<UserRow>[] = [
  { id: 'email', header: 'E-mail', cell: (user) => user.email, sortingField: 'email', isRowHeader: true },
  { id: 'displayName', header: 'Name', cell: (user) => user.displayName || '-', sortingField: 'displayName' },
  { id: 'userType', header: 'User type', cell: (user) => userTypeLabel(user.userType), sortingField: 'userType' },
  {
    id: 'accessLevel',
    header: 'Access level',
    cell: (user) => levelLabel(user.accessLevel),
    sortingField: 'accessLevel',
  },
  {
    id: 'companies',
    header: 'Companies',
    cell: (user) => (user.companies.length > 0 ? user.companies.join(', ') : 'None'),
  },
  { id: 'servicesEnabled', header: 'Enabled services', cell: (user) => serviceListText(user.servicesEnabled) },
  { id: 'servicesManaged', header: 'Managed services', cell: (user) => serviceListText(user.servicesManaged) },
  {
    id: 'lastSignInAt',
    header: 'Last sign-in',
    cell: (user) => <TimeAgo at={user.lastSignInAt} />,
    sortingComparator: (a, b) => (a.lastSignInAt ?? 0) - (b.lastSignInAt ?? 0),
  },
];

export const usersDefaultSorting = { sortingColumn: { sortingField: 'email' }, isDescending: false };
export const usersPageSize = 20;
/** Users fetched per call (the server allows up to 50). */
export const usersFetchSize = 50;

/** The filter matches what the server's search matches: e-mail addresses starting with the text. */
export function userMatches(user: UserRow, filteringText: string): boolean {
  return user.email.startsWith(filteringText.trim().toLowerCase());
}

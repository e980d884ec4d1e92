// Column definitions of the company members table (/admin/company/manage-users).
import type { TableProps } from '@cloudscape-design/components/table';
import { levelLabel } from '../../../../components/admin/access-levels';
import type { UserRow } from '../../../../components/admin/admin-records';
import { serviceListText } from '../../../../components/admin/service-labels';
import { TimeAgo } from '../../../../components/time/updated-label';

export const memberColumnDefinitions: TableProps.ColumnDefinition<UserRow>[] = [
  { id: 'email', header: 'E-mail', cell: (user) => user.email, sortingField: 'email', isRowHeader: true },
  { id: 'displayName', header: 'Name', cell: (user) => user.displayName || '-', sortingField: 'displayName' },
  {
    id: 'accessLevel',
    header: 'Access level',
    cell: (user) => levelLabel(user.accessLevel),
    sortingField: 'accessLevel',
  },
  { id: 'servicesEnabled', header: 'Enabled services', cell: (user) => serviceListText(user.servicesEnabled) },
  {
    id: 'lastSignInAt',
    header: 'Last sign-in',
    cell: (user) => <TimeAgo at={user.lastSignInAt} />,
    sortingComparator: (a, b) => (a.lastSignInAt ?? 0) - (b.lastSignInAt ?? 0),
  },
];

export const membersDefaultSorting = { sortingColumn: { sortingField: 'email' }, isDescending: false };
export const membersPageSize = 20;
/** Members fetched per call (the server allows up to 50). */
export const membersFetchSize = 50;
export const memberFilteringFields = ['email', 'displayName'];

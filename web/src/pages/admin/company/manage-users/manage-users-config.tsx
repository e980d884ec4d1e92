// The company members table (/admin/company/manage-users): columns, the order the server lists members
// in (by e-mail, either way), page sizes, and the filter rule (the server's, row-search.ts).
import { levelLabel } from '../../../../../../lambdas/kernel/search/labels';
import { memberSearchText } from '../../../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../../../lambdas/kernel/search/search-text';
import { userEmailColumn, userNameColumn } from '../../../../components/admin/user-columns';
import type { UserRow } from '../../../../components/admin/admin-records';
import { serviceListText } from '../../../../components/admin/service-labels';
import { CellText } from '../../../../components/tables/cell-text';
import type { TableConfig } from '../../../../components/tables/table-config';
import { TimeAgo } from '../../../../components/time/updated-label';

export const membersTable: TableConfig<UserRow> = {
  id: 'company-users',
  noun: 'users',
  columns: [
    userEmailColumn,
    userNameColumn,
    {
      id: 'accessLevel',
      header: 'Access level',
      cell: (user) => levelLabel(user.accessLevel),
      sortingField: 'accessLevel',
    },
    {
      id: 'servicesEnabled',
      header: 'Enabled services',
      cell: (user) => <CellText value={serviceListText(user.servicesEnabled)} />,
    },
    {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      cell: (user) => <TimeAgo at={user.lastSignInAt} />,
      sortingField: 'lastSignInAt',
      sortingComparator: (a, b) => (a.lastSignInAt ?? 0) - (b.lastSignInAt ?? 0),
    },
  ],
  orderColumn: 'email',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** The most listCompanyUsers answers at once (and searches at once, with a filter). */
  fetchSize: 50,
};

export function memberMatches(user: UserRow, filter: string): boolean {
  return matchesFilter(memberSearchText(user), filter);
}

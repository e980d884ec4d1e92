// The platform users table (/admin/app/users): columns, the order the server lists users in (by
// e-mail, either way), page sizes, and the filter rule (the server's, row-search.ts).
import { userTypeLabel } from '../../../../../../lambdas/kernel/search/labels';
import { userRowMatches } from '../../../../../../lambdas/kernel/search/row-search';
import {
  userAccessLevelColumn,
  userEmailColumn,
  userLastSignInColumn,
  userNameColumn,
  userServicesEnabledColumn,
} from '../../../../components/admin/user-columns';
import type { UserRow } from '../../../../components/admin/admin-records';
import { serviceListText } from '../../../../components/admin/service-labels';
import { CellText, IdentifierList } from '../../../../components/tables/cell-text';
import type { TableConfig } from '../../../../components/tables/table-config';

export const platformUsersTable: TableConfig<UserRow> = {
  id: 'platform-users',
  noun: 'users',
  columns: [
    userEmailColumn,
    userNameColumn,
    { id: 'userType', header: 'User type', cell: (user) => userTypeLabel(user.userType), sortingField: 'userType' },
    userAccessLevelColumn,
    {
      id: 'companies',
      header: 'Companies',
      cell: (user) => <IdentifierList values={user.companies} empty="None" />,
    },
    userServicesEnabledColumn,
    {
      id: 'servicesManaged',
      header: 'Managed services',
      cell: (user) => <CellText value={serviceListText(user.servicesManaged)} />,
    },
    userLastSignInColumn,
  ],
  orderColumn: 'email',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** The most listUsers answers at once. */
  fetchSize: 50,
};

export const userMatches = userRowMatches;

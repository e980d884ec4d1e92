// The company members table (/admin/company/manage-users): columns, the order the server lists members
// in (by e-mail, either way), page sizes, and the filter rule (the server's, row-search.ts).
import { memberSearchText } from '../../../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../../../lambdas/kernel/search/search-text';
import {
  userAccessLevelColumn,
  userEmailColumn,
  userLastSignInColumn,
  userNameColumn,
  userServicesEnabledColumn,
} from '../../../../components/admin/user-columns';
import type { UserRow } from '../../../../components/admin/admin-records';
import type { TableConfig } from '../../../../components/tables/table-config';

export const membersTable: TableConfig<UserRow> = {
  id: 'company-users',
  noun: 'users',
  columns: [userEmailColumn, userNameColumn, userAccessLevelColumn, userServicesEnabledColumn, userLastSignInColumn],
  orderColumn: 'email',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** The most listCompanyUsers answers at once (and searches at once, with a filter). */
  fetchSize: 50,
};

export function memberMatches(user: UserRow, filter: string): boolean {
  return matchesFilter(memberSearchText(user), filter);
}

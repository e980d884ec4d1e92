// The columns every table of users starts with (Platform users, Manage users): the e-mail, which the
// server orders users by, and the name.
import { CellText, IdentifierText } from '../tables/cell-text';
import { compareKeys, type TableColumn } from '../tables/table-config';
import type { UserRow } from './admin-records';

export const userEmailColumn: TableColumn<UserRow> = {
  id: 'email',
  header: 'E-mail',
  cell: (user) => <IdentifierText value={user.email} />,
  sortingField: 'email',
  sortingComparator: (a, b) => compareKeys(a.email, b.email),
  isRowHeader: true,
  alwaysVisible: true,
  width: 240,
  minWidth: 160,
};

export const userNameColumn: TableColumn<UserRow> = {
  id: 'displayName',
  header: 'Name',
  cell: (user) => <CellText value={user.displayName || '-'} />,
  sortingField: 'displayName',
};

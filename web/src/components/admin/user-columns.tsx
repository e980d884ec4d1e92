// The columns the tables of users share (Platform users, Manage users): the e-mail, which the server orders
// users by, the name, the access level, the enabled services and the last sign-in.
import { levelLabel } from '../../../../lambdas/kernel/search/labels';
import { CellText, IdentifierText } from '../tables/cell-text';
import { compareKeys, type TableColumn } from '../tables/table-config';
import { TimeAgo } from '../time/updated-label';
import type { UserRow } from './admin-records';
import { serviceListText } from './service-labels';

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

export const userAccessLevelColumn: TableColumn<UserRow> = {
  id: 'accessLevel',
  header: 'Access level',
  // A provider analyst among a company's members has no level there (theirs is the platform's).
  cell: (user) => (Number.isFinite(user.accessLevel) ? levelLabel(user.accessLevel) : 'Provider analyst'),
  sortingField: 'accessLevel',
};

export const userServicesEnabledColumn: TableColumn<UserRow> = {
  id: 'servicesEnabled',
  header: 'Enabled services',
  cell: (user) => <CellText value={serviceListText(user.servicesEnabled)} />,
};

export const userLastSignInColumn: TableColumn<UserRow> = {
  id: 'lastSignInAt',
  header: 'Last sign-in',
  cell: (user) => <TimeAgo at={user.lastSignInAt} />,
  sortingField: 'lastSignInAt',
  sortingComparator: (a, b) => (a.lastSignInAt ?? 0) - (b.lastSignInAt ?? 0),
};

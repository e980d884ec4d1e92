// The DAST keys table (/admin/dast): a company's few keys read whole, filtered and sorted in the browser.
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';
import { TimeAgo } from '../../../components/time/updated-label';

export type DastKey = CallOutput<'listDastKeys'>['dastKeys'][number];

export const scopeLabels: Record<DastKey['scopes'][number], string> = {
  'dast:trigger': 'Trigger scans',
  'dast:status:read': 'Read scan status',
  'dast:results:read': 'Read results',
  'findings:retest': 'Request retests (ticket systems)',
};

const dateText = (at: number) => new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' });

function KeyStatus({ dastKey }: { dastKey: DastKey }) {
  if (dastKey.status === 'revoked') return <StatusIndicator type="stopped">Revoked</StatusIndicator>;
  if (dastKey.status === 'expired') return <StatusIndicator type="stopped">Expired</StatusIndicator>;
  if (dastKey.rolledTo) {
    return (
      <StatusIndicator type="pending">
        Rolled, works until {new Date(dastKey.expiresAt).toLocaleString()}
      </StatusIndicator>
    );
  }
  return <StatusIndicator type="success">Active</StatusIndicator>;
}

export const dastKeysTable: TableConfig<DastKey> = {
  id: 'admin-dast-keys',
  noun: 'keys',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (dastKey) => <CellText value={dastKey.name} />,
      sortingField: 'name',
      sortingComparator: (a, b) => compareKeys(a.name, b.name),
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'hint', header: 'Key', cell: (dastKey) => <IdentifierText value={dastKey.hint} /> },
    { id: 'status', header: 'Status', cell: (dastKey) => <KeyStatus dastKey={dastKey} /> },
    {
      id: 'scopes',
      header: 'Scopes',
      cell: (dastKey) => <CellText value={dastKey.scopes.map((scope) => scopeLabels[scope]).join(', ')} />,
    },
    {
      id: 'allowedTargets',
      header: 'Allowed targets',
      cell: (dastKey) => <IdentifierText value={dastKey.allowedTargets.join(', ')} />,
    },
    {
      id: 'lastUsedAt',
      header: 'Last used',
      cell: (dastKey) => (dastKey.lastUsedAt ? <TimeAgo at={dastKey.lastUsedAt} /> : 'Never'),
      sortingField: 'lastUsedAt',
      sortingComparator: (a, b) => (a.lastUsedAt ?? 0) - (b.lastUsedAt ?? 0),
    },
    {
      id: 'expiresAt',
      header: 'Expires',
      cell: (dastKey) => <CellText value={dateText(dastKey.expiresAt)} />,
      sortingField: 'expiresAt',
      sortingComparator: (a, b) => a.expiresAt - b.expiresAt,
    },
    {
      id: 'createdAt',
      header: 'Created',
      cell: (dastKey) => <CellText value={`${dateText(dastKey.createdAt)} by ${dastKey.createdBy}`} />,
      sortingField: 'createdAt',
      sortingComparator: (a, b) => a.createdAt - b.createdAt,
    },
  ],
  orderColumn: 'createdAt',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  fetchSize: 50,
};

export function dastKeyMatches(dastKey: DastKey, filter: string): boolean {
  const text = [dastKey.name, dastKey.hint, dastKey.status, ...dastKey.scopes, ...dastKey.allowedTargets]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

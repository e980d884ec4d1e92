// The table of the analyst's vault links and requests: columns, order (newest first, as the server lists
// them) and the filter over what a row shows.
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import type { TableConfig } from '../../../components/tables/table-config';
import { TimeAgo } from '../../../components/time/updated-label';
import { sizeText } from '../../../vault/secret-limits';

export type VaultLinkRow = CallOutput<'listVaultLinks'>['items'][number];

const statusTypes: Record<VaultLinkRow['status'], StatusIndicatorProps.Type> = {
  waiting: 'pending',
  opened: 'success',
  fulfilled: 'info',
  collected: 'success',
  expired: 'stopped',
  revoked: 'stopped',
};

export const statusLabels: Record<VaultLinkRow['status'], string> = {
  waiting: 'Waiting',
  opened: 'Opened',
  fulfilled: 'Answered: collect it',
  collected: 'Collected',
  expired: 'Expired',
  revoked: 'Revoked',
};

function statusText(row: VaultLinkRow): string {
  if (row.kind === 'share' && row.status === 'opened' && row.viewsLeft) {
    return `Opened (${row.viewsLeft} of ${row.maxViews ?? row.viewsLeft} views left)`;
  }
  return statusLabels[row.status];
}

const dateText = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const vaultLinksTable: TableConfig<VaultLinkRow> = {
  id: 'vault-links',
  noun: 'links',
  columns: [
    {
      id: 'label',
      header: 'Label',
      cell: (row) => <CellText value={row.label || (row.kind === 'share' ? '(no label)' : '')} />,
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'kind', header: 'Kind', cell: (row) => (row.kind === 'share' ? 'Share link' : 'Request link') },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => <StatusIndicator type={statusTypes[row.status]}>{statusText(row)}</StatusIndicator>,
    },
    { id: 'companySlug', header: 'Company', cell: (row) => <IdentifierText value={row.companySlug ?? ''} /> },
    { id: 'createdAt', header: 'Created', cell: (row) => <TimeAgo at={row.createdAt} />, sortingField: 'createdAt' },
    { id: 'expiresAt', header: 'Expires', cell: (row) => dateText(row.expiresAt), sortingField: 'expiresAt' },
    {
      id: 'size',
      header: 'Size',
      cell: (row) => (row.size === undefined ? '' : sizeText(row.size)),
      hiddenByDefault: true,
    },
    { id: 'linkId', header: 'Id', cell: (row) => <IdentifierText value={row.linkId} />, hiddenByDefault: true },
  ],
  orderColumn: 'createdAt',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  fetchSize: 100,
};

export function vaultLinkMatches(row: VaultLinkRow, filter: string): boolean {
  const text = [row.label, row.companySlug, statusText(row), row.kind, row.linkId].join(' ').toLowerCase();
  return text.includes(filter.toLowerCase());
}

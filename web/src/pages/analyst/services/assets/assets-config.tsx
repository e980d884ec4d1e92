// The Assets tab's table: what the service's scans looked at for the company (subdomains, hosts, ports,
// URLs, cloud resources, accounts), with first and last seen and a line of what the tool said of each.
// The server lists assets in its own order (by key) and filters them by key or name.
import { matchesFilter, searchText } from '../../../../../../lambdas/kernel/search/search-text';
import type { CallOutput } from '../../../../api/call-client';
import { CellText, IdentifierText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../../components/tables/table-config';
import { TimeAgo } from '../../../../components/time/updated-label';
import { serviceListText } from '../../../../components/admin/service-labels';
import { summaryLine } from '../finding-values/finding-text';

export type AssetRow = CallOutput<'listAssets'>['assets'][number];

export const assetsTable: TableConfig<AssetRow> = {
  id: 'analyst-assets',
  noun: 'assets',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (asset) => <IdentifierText value={asset.name} />,
      sortingComparator: (a, b) => a.name.localeCompare(b.name),
      isRowHeader: true,
      alwaysVisible: true,
      minWidth: 200,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (asset) => asset.kind,
      sortingComparator: (a, b) => a.kind.localeCompare(b.kind),
      width: 150,
    },
    {
      // The server's order; it has no other, so the column does not offer to sort.
      id: 'key',
      header: 'Key',
      cell: (asset) => <IdentifierText value={asset.key} />,
      minWidth: 220,
    },
    {
      id: 'detail',
      header: 'Detail',
      cell: (asset) => <CellText value={summaryLine(asset.detail) || '—'} />,
      minWidth: 240,
    },
    {
      id: 'firstSeenAt',
      header: 'First seen',
      cell: (asset) => <TimeAgo at={asset.firstSeenAt} />,
      sortingComparator: (a, b) => a.firstSeenAt - b.firstSeenAt,
      width: 150,
    },
    {
      id: 'lastSeenAt',
      header: 'Last seen',
      cell: (asset) => <TimeAgo at={asset.lastSeenAt} />,
      sortingComparator: (a, b) => a.lastSeenAt - b.lastSeenAt,
      width: 150,
    },
    {
      id: 'parentKey',
      header: 'Part of',
      cell: (asset) => (asset.parentKey ? <IdentifierText value={asset.parentKey} /> : '—'),
      sortingComparator: (a, b) => compareKeys(a.parentKey ?? '', b.parentKey ?? ''),
      hiddenByDefault: true,
    },
    {
      id: 'services',
      header: 'Seen by',
      cell: (asset) => <CellText value={serviceListText(asset.services)} />,
      hiddenByDefault: true,
    },
  ],
  orderColumn: 'key',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** listAssets answers up to 100; 50 keeps an answer small. */
  fetchSize: 50,
};

/** listAssets' rule: part of the asset's key, name or kind, in any case. */
export function assetMatches(asset: AssetRow, filter: string): boolean {
  return matchesFilter(searchText([asset.key, asset.name, asset.kind]), filter);
}

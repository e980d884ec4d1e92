// The Scans tab's table: the service's imports for the company, newest first as the server lists them,
// with the tool, files, who imported, where each stands, and what it did (new, unchanged, fixed,
// reopened, total). The list is read a page at a time and filtered in the browser (listScans has no
// filter): by files, tool, who imported and status.
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { matchesFilter, searchText } from '../../../../../../lambdas/kernel/search/search-text';
import type { CallOutput } from '../../../../api/call-client';
import { CellText, IdentifierList, IdentifierText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableColumn, type TableConfig } from '../../../../components/tables/table-config';
import { TimeAgo } from '../../../../components/time/updated-label';
import { scanStatusText, type ImportStatus } from '../finding-values/finding-labels';
import { bytesText, countText } from '../finding-values/finding-text';
import { toolText } from '../imports/import-summary';

export type ScanRow = CallOutput<'listScans'>['scans'][number];

const statusTypes: Record<ImportStatus, StatusIndicatorProps.Type> = {
  uploading: 'pending',
  queued: 'pending',
  running: 'in-progress',
  done: 'success',
  failed: 'error',
};

export function ScanStatus({ scan }: { scan: ScanRow }) {
  return <StatusIndicator type={statusTypes[scan.status]}>{scanStatusText(scan)}</StatusIndicator>;
}

function whoImported(scan: ScanRow): string {
  return scan.createdByName ?? scan.createdByEmail;
}

type CountKey = 'new' | 'unchanged' | 'fixed' | 'reopened' | 'changed' | 'total' | 'assets';

function countColumn(id: CountKey, header: string, width: number, hiddenByDefault = false): TableColumn<ScanRow> {
  return {
    id,
    header,
    cell: (scan) => (scan.counts ? countText(scan.counts[id]) : '—'),
    sortingComparator: (a, b) => (a.counts?.[id] ?? -1) - (b.counts?.[id] ?? -1),
    width,
    ...(hiddenByDefault ? { hiddenByDefault } : {}),
  };
}

export const scansTable: TableConfig<ScanRow> = {
  id: 'analyst-scans',
  noun: 'scans',
  columns: [
    {
      id: 'createdAt',
      header: 'Date',
      cell: (scan) => <TimeAgo at={scan.createdAt} />,
      sortingField: 'createdAt',
      // The server's order: by time, then id.
      sortingComparator: (a, b) => a.createdAt - b.createdAt || compareKeys(a.importId, b.importId),
      isRowHeader: true,
      alwaysVisible: true,
      width: 150,
    },
    {
      id: 'tool',
      header: 'Tool',
      cell: (scan) => <CellText value={toolText(scan)} />,
      sortingComparator: (a, b) => toolText(a).localeCompare(toolText(b)),
      minWidth: 160,
    },
    {
      id: 'files',
      header: 'Files',
      cell: (scan) => <IdentifierList values={scan.files.map((file) => file.name)} empty="—" />,
      minWidth: 180,
    },
    {
      id: 'createdBy',
      header: 'Imported by',
      cell: (scan) => <IdentifierText value={whoImported(scan)} />,
      sortingComparator: (a, b) => whoImported(a).localeCompare(whoImported(b)),
      minWidth: 160,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (scan) => <ScanStatus scan={scan} />,
      sortingComparator: (a, b) => scanStatusText(a).localeCompare(scanStatusText(b)),
      width: 170,
    },
    countColumn('new', 'New', 100),
    countColumn('unchanged', 'Unchanged', 140),
    countColumn('fixed', 'Fixed', 100),
    countColumn('reopened', 'Reopened', 130),
    countColumn('total', 'Total', 100),
    countColumn('changed', 'Changed', 130, true),
    countColumn('assets', 'Assets', 110, true),
    {
      id: 'size',
      header: 'Size',
      cell: (scan) => bytesText(scan.progress.bytesTotal),
      sortingComparator: (a, b) => a.progress.bytesTotal - b.progress.bytesTotal,
      hiddenByDefault: true,
    },
    {
      id: 'finishedAt',
      header: 'Finished',
      cell: (scan) => (scan.finishedAt ? <TimeAgo at={scan.finishedAt} /> : '—'),
      sortingComparator: (a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0),
      hiddenByDefault: true,
    },
  ],
  orderColumn: 'createdAt',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  /** listScans answers up to 100; 50 keeps an answer small. */
  fetchSize: 50,
};

export function scanMatches(scan: ScanRow, filter: string): boolean {
  return matchesFilter(
    searchText([
      ...scan.files.map((file) => file.name),
      toolText(scan),
      scan.createdByEmail,
      scan.createdByName,
      scanStatusText(scan),
    ]),
    filter,
  );
}

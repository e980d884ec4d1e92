// The DAST scans table (/admin/dast): a company's scans, newest first, a page at a time from the server; the loaded
// rows are filtered and sorted in the browser.
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';

export type DastScan = CallOutput<'listDastScans'>['scans'][number];

const statusLabels: Record<DastScan['status'], [StatusIndicatorProps.Type, string]> = {
  queued: ['pending', 'Queued'],
  running: ['in-progress', 'Running'],
  done: ['success', 'Done'],
  failed: ['error', 'Failed'],
  cancelled: ['stopped', 'Cancelled'],
  expired: ['stopped', 'Expired'],
};

/** Whether a scan may still be cancelled. */
export const cancellable = (scan: DastScan) => scan.status === 'queued' || scan.status === 'running';

const timeText = (at: number | undefined) =>
  at === undefined ? '-' : new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ScanStatus({ scan }: { scan: DastScan }) {
  const [type, label] = statusLabels[scan.status];
  if (scan.status === 'queued' && scan.notBefore !== undefined && scan.notBefore > Date.now()) {
    // Queued outside its location's scan window: no agent takes it before the window opens.
    return (
      <StatusIndicator type="pending">{`Waiting for the scan window (${timeText(scan.notBefore)})`}</StatusIndicator>
    );
  }
  return <StatusIndicator type={type}>{label}</StatusIndicator>;
}

export const dastScansTable: TableConfig<DastScan> = {
  id: 'admin-dast-scans',
  noun: 'scans',
  columns: [
    {
      id: 'target',
      header: 'Target',
      cell: (scan) => <IdentifierText value={scan.target} />,
      sortingField: 'target',
      sortingComparator: (a, b) => compareKeys(a.target, b.target),
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'status', header: 'Status', cell: (scan) => <ScanStatus scan={scan} /> },
    {
      id: 'queuedAt',
      header: 'Requested',
      cell: (scan) => <CellText value={timeText(scan.queuedAt)} />,
      sortingField: 'queuedAt',
      sortingComparator: (a, b) => a.queuedAt - b.queuedAt,
    },
    {
      id: 'claimedAt',
      header: 'Started',
      cell: (scan) => <CellText value={timeText(scan.claimedAt)} />,
      sortingField: 'claimedAt',
      sortingComparator: (a, b) => (a.claimedAt ?? 0) - (b.claimedAt ?? 0),
    },
    {
      id: 'finishedAt',
      header: 'Finished',
      cell: (scan) => <CellText value={timeText(scan.finishedAt)} />,
      sortingField: 'finishedAt',
      sortingComparator: (a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0),
    },
    { id: 'reason', header: 'Reason', cell: (scan) => <CellText value={scan.reason ?? '-'} /> },
    {
      id: 'queuedBy',
      header: 'Requested by',
      cell: (scan) => <CellText value={scan.queuedBy.replace(/^dast-key:/, 'DAST key ')} />,
      hiddenByDefault: true,
    },
    { id: 'scanId', header: 'Scan id', cell: (scan) => <IdentifierText value={scan.scanId} />, hiddenByDefault: true },
  ],
  orderColumn: 'queuedAt',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  fetchSize: 50,
};

export function dastScanMatches(scan: DastScan, filter: string): boolean {
  const text = [scan.target, scan.status, scan.scanId, scan.queuedBy, scan.reason ?? ''].join(' ').toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

// The Scans tab: the service's imports for the company, newest first, with where each stands (rows still
// under way are read again every 2 s, so an import started elsewhere shows its progress too) and, for the
// scan chosen in the table, what it did.
import { useCallback, useEffect, useRef } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../../components/tables/use-server-table';
import { isImportActive, isImportEnded } from '../finding-values/finding-labels';
import { ImportProgressBar } from '../imports/import-panel';
import { importView } from '../imports/import-view';
import { ImportSummary } from '../imports/import-summary';
import { scanMatches, scansTable, type ScanRow } from './scans-config';
import { importInvitation } from '../service-texts';
import { useReloadOn } from '../use-reload-on';

const scanKey = (scan: ScanRow) => scan.importId;
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How often rows under way are read again. */
export const activeScanPollMs = 2000;
/** How long an upload may take (the presigned POST's window): an older 'uploading' row is abandoned. */
const uploadWindowMs = 3600 * 1000;

function underWay(scan: ScanRow, now: number): boolean {
  return isImportActive(scan.status) || (scan.status === 'uploading' && now - scan.createdAt < uploadWindowMs);
}

export interface ScansTableProps {
  slug: string;
  service: ServiceName;
  refreshKey: number;
  onImport: () => void;
}

export function ScansTable({ slug, service, refreshKey, onImport }: ScansTableProps) {
  const fetchPage = useCallback(
    ({ cursor }: ServerListRequest) =>
      callFunction('listScans', { slug, service, limit: scansTable.fetchSize, ...(cursor ? { cursor } : {}) }).then(
        (page) => ({ items: page.scans, nextCursor: page.nextCursor }),
      ),
    [slug, service],
  );
  const table = useServerTable({
    config: scansTable,
    fetchPage,
    keyOf: scanKey,
    matches: scanMatches,
    filtering: 'client',
    failureText: 'The scans could not be loaded.',
  });
  const { pages } = table;
  useReloadOn(refreshKey, pages.reload);

  const replaceItem = useRef(pages.replaceItem);
  replaceItem.current = pages.replaceItem;
  const activeIds = pages.items
    .filter((scan) => underWay(scan, Date.now()))
    .map(scanKey)
    .join(' ');
  useEffect(() => {
    if (!activeIds) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      for (const importId of activeIds.split(' ')) {
        callFunction('getScanImport', { importId }).then(
          (scan) => replaceItem.current(scan),
          (caught: unknown) => console.warn('Reading an import failed', caught),
        );
      }
    }, activeScanPollMs);
    return () => window.clearInterval(timer);
  }, [activeIds]);

  // The chosen row as it is now (rows under way are replaced as they progress).
  const chosenId = table.selectedItem?.importId;
  const chosen = pages.items.find((scan) => scan.importId === chosenId);

  return (
    <SpaceBetween size="l">
      <ServerTable
        table={table}
        tableLabel="Scans"
        nameOf={(scan) => `the scan of ${fullDate.format(scan.createdAt)}`}
        loadingText="Loading scans"
        title="Scans"
        description="Each import of a file is a scan. Choose one to see what it did."
        refreshLabel="Refresh scans"
        filterLabel="Find scans"
        empty={
          <TableEmptyState
            title="No scans yet"
            subtitle={`${importInvitation(service)}: each import appears here, with what it found.`}
            action={<Button onClick={onImport}>Import scan</Button>}
          />
        }
      />
      {chosen ? (
        <Container header={<Header variant="h2">Scan of {fullDate.format(chosen.createdAt)}</Header>}>
          {isImportEnded(chosen.status) ? (
            <ImportSummary scan={chosen} />
          ) : (
            <ImportProgressBar view={importView([], undefined, chosen)} />
          )}
        </Container>
      ) : null}
    </SpaceBetween>
  );
}

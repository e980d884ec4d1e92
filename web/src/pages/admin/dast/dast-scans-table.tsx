// The company's DAST scans on /admin/dast: what its keys triggered, and Cancel for a queued or running scan (its
// agent stops at its next heartbeat; the scan's place under the company's limit of five is free at once).
import { useCallback } from 'react';
import Button from '@cloudscape-design/components/button';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { ConfirmItemModal } from '../../../components/forms/form-modal';
import { useConfirmation } from '../../../components/forms/use-confirmation';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../components/tables/use-server-table';
import { cancellable, dastScanMatches, dastScansTable, type DastScan } from './dast-scans-config';

const scanId = (scan: DastScan) => scan.scanId;

export function CompanyDastScans({ slug }: { slug: string }) {
  const { notify } = useNotifications();
  const fetchScans = useCallback(
    ({ cursor }: ServerListRequest) =>
      callFunction('listDastScans', { slug, ...(cursor ? { cursor } : {}), limit: dastScansTable.fetchSize }).then(
        (answer) => ({ items: answer.scans, ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}) }),
      ),
    [slug],
  );
  const table = useServerTable({
    config: dastScansTable,
    fetchPage: fetchScans,
    keyOf: scanId,
    matches: dastScanMatches,
    filtering: 'client',
    failureText: 'The scans could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((scan) => scan.scanId === chosen.scanId);

  const cancellation = useConfirmation(async (scan: DastScan) => {
    await callFunction('cancelDastScan', { slug, scanId: scan.scanId });
    notify({ type: 'success', title: 'Scan cancelled', message: `The scan of ${scan.target} was cancelled.` });
    table.pages.reload();
  }, 'The scan could not be cancelled. Please reload and try again.');

  return (
    <>
      <ServerTable
        table={table}
        tableLabel="DAST scans"
        nameOf={(scan) => scan.target}
        loadingText="Loading scans"
        title="Scans"
        description="Scans triggered with the company's keys, newest first. A company runs at most five at once."
        refreshLabel="Refresh scans"
        actions={[
          <Button
            key="cancel"
            disabled={!selected || !cancellable(selected)}
            onClick={() => cancellation.ask(selected)}
          >
            Cancel scan
          </Button>,
        ]}
        filterLabel="Find scans"
        empty={<TableEmptyState title="No scans" subtitle="Scans triggered with a DAST key appear here." />}
      />
      <ConfirmItemModal
        confirmation={cancellation}
        header={(scan) => `Cancel the scan of ${scan.target}?`}
        confirmText="Cancel scan"
        workingText="Cancelling"
      >
        {(scan) =>
          scan.status === 'running'
            ? 'The agent running it stops at its next heartbeat and its results are discarded. This cannot be undone.'
            : 'No agent will run it. This cannot be undone.'
        }
      </ConfirmItemModal>
    </>
  );
}

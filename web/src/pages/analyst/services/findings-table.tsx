// The Findings tab: the company's findings of the service, by severity from the server (either way), a
// page at a time, narrowed there by the text filter and the table's own filters (severity, status, asset,
// new in the last scan). A finding's title opens its detail below the table.
import { useCallback, useEffect, useRef } from 'react';
import Button from '@cloudscape-design/components/button';
import type { ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../components/tables/use-server-table';
import { FindingFilterControls } from './finding-filter-controls';
import { findingFilterInput, findingFiltersActive, noFindingFilters, type FindingFilters } from './finding-filter';
import { findingMatches, findingsTables, type FindingRow } from './findings-config';
import { importInvitation } from './service-texts';
import { useReloadOn } from './use-reload-on';

const findingKey = (finding: FindingRow) => finding.id;

export interface FindingsTableProps {
  slug: string;
  service: ServiceName;
  filters: FindingFilters;
  onFiltersChange: (filters: FindingFilters) => void;
  /** The last finished scan's id ("New in the last scan"). */
  lastScanId: string | undefined;
  /** Changes when the list must be read again (an import ended). */
  refreshKey: number;
  onImport: () => void;
}

export function FindingsTable({
  slug,
  service,
  filters,
  onFiltersChange,
  lastScanId,
  refreshKey,
  onImport,
}: FindingsTableProps) {
  const config = findingsTables[service];
  const fetchPage = useCallback(
    ({ cursor, filter, descending }: ServerListRequest) => {
      const narrowedBy = findingFilterInput(filters, filter, lastScanId);
      return callFunction('listFindings', {
        slug,
        service,
        limit: config.fetchSize,
        descending,
        ...(cursor ? { cursor } : {}),
        ...(narrowedBy ? { filter: narrowedBy } : {}),
      }).then((page) => ({ items: page.findings, nextCursor: page.nextCursor }));
    },
    [slug, service, config, filters, lastScanId],
  );
  const table = useServerTable({
    config,
    fetchPage,
    keyOf: findingKey,
    matches: findingMatches,
    failureText: 'The findings could not be loaded.',
  });
  useReloadOn(refreshKey, table.pages.reload);

  // New filters may bring a partial list back, which only the severity column sorts.
  const restoreOrder = useRef(table.restoreOrder);
  restoreOrder.current = table.restoreOrder;
  useEffect(() => restoreOrder.current(), [filters, lastScanId]);

  return (
    <ServerTable
      table={table}
      tableLabel="Findings"
      loadingText="Loading findings"
      title="Findings"
      refreshLabel="Refresh findings"
      filterLabel="Find findings"
      extraFilters={{
        controls: <FindingFilterControls filters={filters} onChange={onFiltersChange} hasLastScan={!!lastScanId} />,
        active: findingFiltersActive(filters, lastScanId),
        clear: () => onFiltersChange(noFindingFilters),
      }}
      empty={
        <TableEmptyState
          title="No findings yet"
          subtitle={`${importInvitation(service)}: its findings appear here.`}
          action={<Button onClick={onImport}>Import scan</Button>}
        />
      }
    />
  );
}

// The Findings tab: the company's findings of the service, by severity from the server (either way), a
// page at a time, narrowed there by the text filter and the table's own filters (severity, status, asset,
// new in the last scan). A finding's title opens its detail below the table. Findings are selected (on any
// page, up to 1,000 at once) for a bulk action, which runs on the server and which the page then follows.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../../components/tables/use-server-table';
import { ExportFindingsButton } from '../../../../components/findings/export-findings-button';
import { BulkActionModal, bulkActionItems, type BulkActionKind } from '../bulk-updates/bulk-action-modal';
import { FindingFilterControls } from './finding-filter-controls';
import { findingFilterInput, findingFiltersActive, noFindingFilters, type FindingFilters } from './finding-filter';
import { findingMatches, findingsTables, type FindingRow } from './findings-config';
import { maxBulkFindings } from '../curation/curation-text';
import { countText, plural } from '../finding-values/finding-text';
import { importInvitation } from '../service-texts';
import { useReloadOn } from '../use-reload-on';

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
  /** A bulk update began on the server for the selection: its id and what it does. */
  onBulkStarted: (bulkId: string, summary: string, selection: readonly FindingRow[]) => void;
}

export function FindingsTable({
  slug,
  service,
  filters,
  onFiltersChange,
  lastScanId,
  refreshKey,
  onImport,
  onBulkStarted,
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
      }).then((page) => ({ items: page.view === 'analyst' ? page.findings : [], nextCursor: page.nextCursor }));
    },
    [slug, service, config, filters, lastScanId],
  );
  const table = useServerTable({
    config,
    fetchPage,
    keyOf: findingKey,
    matches: findingMatches,
    failureText: 'The findings could not be loaded.',
    keepSelection: true,
  });
  useReloadOn(refreshKey, table.pages.reload);

  // New filters may bring a partial list back, which only the severity column sorts.
  const restoreOrder = useRef(table.restoreOrder);
  restoreOrder.current = table.restoreOrder;
  useEffect(() => restoreOrder.current(), [filters, lastScanId]);

  const [bulkAction, setBulkAction] = useState<BulkActionKind | undefined>(undefined);
  const selected = table.selectedItems;
  const tooMany = selected.length > maxBulkFindings;

  return (
    <>
      {tooMany ? (
        <Alert type="warning" statusIconAriaLabel="Warning" header={`${plural(selected.length, 'finding')} selected`}>
          A bulk action takes at most {countText(maxBulkFindings)} findings at once: leave out{' '}
          {plural(selected.length - maxBulkFindings, 'finding')}, or act on them in parts.
        </Alert>
      ) : null}
      <ServerTable
        table={table}
        tableLabel="Findings"
        nameOf={(finding) => finding.title}
        selectionType="multi"
        counter={
          selected.length > 0
            ? `(${countText(selected.length)}/${countText(table.collection.filteredItemsCount ?? 0)}${table.pages.hasMore ? '+' : ''})`
            : undefined
        }
        actions={[
          <ExportFindingsButton
            key="export"
            slug={slug}
            service={service}
            filter={findingFilterInput(filters, table.filteringText || undefined, lastScanId)}
            descending={table.collection.collectionProps.sortingDescending !== false}
          />,
          <ButtonDropdown
            key="bulk"
            items={bulkActionItems}
            disabled={selected.length === 0 || tooMany}
            disabledReason={
              tooMany ? `At most ${countText(maxBulkFindings)} findings at once` : 'Select findings first'
            }
            onItemClick={({ detail }) => setBulkAction(detail.id as BulkActionKind)}
          >
            Bulk actions
          </ButtonDropdown>,
        ]}
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
      {bulkAction ? (
        <BulkActionModal
          kind={bulkAction}
          slug={slug}
          service={service}
          findingIds={selected.map(findingKey)}
          onDismiss={() => setBulkAction(undefined)}
          onStarted={(bulkId, summary) => {
            // The selection stays: the next action (publish after a template, say) is often on the same findings.
            setBulkAction(undefined);
            onBulkStarted(bulkId, summary, selected);
          }}
        />
      ) : null}
    </>
  );
}

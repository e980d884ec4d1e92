// A report's findings: the published findings of the service (the server decides), a page at a time, by
// severity, with the filters of report-filter-controls.tsx kept in the address and the text filter of
// every table, and the export of the filtered view. A finding's title opens its detail below (?finding=<id>).
import { exploitFilterInput } from '../analyst/services/finding-values/exploit-signals';
import { useCallback, useEffect, useRef } from 'react';
import { useAddressParams } from '../../components/address/use-address-params';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../api/call-client';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { ExportFindingsButton } from '../../components/findings/export-findings-button';
import { ServerTable } from '../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../components/tables/use-server-table';
import { filtersActive, noReportFilters, type ReportFilters } from './report-address';
import { ReportFilterControls, type FilterChoices } from './report-filter-controls';
import { reportFindingKey, reportFindingMatches, reportFindingsTables } from './report-findings-config';

export interface ReportFindingsTableProps {
  slug: string;
  service: ServiceName;
  /** The report's last scan, for "new in the last scan" (none before the first scan, or while it loads). */
  lastScanImportId?: string;
  filters: ReportFilters;
  /** The sites, frameworks and categories to filter by (a customer's: of published findings). */
  choices?: FilterChoices;
  /** Changes these filters, the others as the address has them then. */
  onFiltersChange: (change: Partial<ReportFilters>) => void;
}

/** The text filter in the address too (`?q=`): read once when the page opens, then kept as typed. */
function useTextInAddress(text: string, setText: (text: string) => void) {
  const [params, setParams] = useAddressParams();
  const initial = useRef(params.get('q'));
  useEffect(() => {
    if (initial.current) setText(initial.current);
    // Only when the page opens: later the table's own text leads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (initial.current && text === '') return; // the address's text is on its way into the table
    initial.current = null;
    if ((params.get('q') ?? '') === text) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text) next.set('q', text);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // The address is read when the text changes, not the other way round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, setParams]);
}

export function ReportFindingsTable({
  slug,
  service,
  lastScanImportId,
  filters,
  choices,
  onFiltersChange,
}: ReportFindingsTableProps) {
  const config = reportFindingsTables[service];
  const newIn = filters.newOnly ? lastScanImportId : undefined;
  const narrowed = (text: string | undefined) => {
    const filter = {
      ...(filters.severity.length ? { severity: filters.severity } : {}),
      ...(filters.status.length ? { status: filters.status } : {}),
      ...(filters.sla ? { sla: filters.sla } : {}),
      ...exploitFilterInput(filters.exploit),
      ...(filters.confidence.length ? { confidence: filters.confidence } : {}),
      ...(newIn ? { newInImport: newIn } : {}),
      ...(filters.hasCve ? { hasCve: true } : {}),
      ...(filters.fixAvailable ? { fixAvailable: true } : {}),
      ...(filters.subnet ? { subnet: filters.subnet } : {}),
      ...(filters.framework.length ? { framework: filters.framework } : {}),
      ...(filters.category.length ? { category: filters.category } : {}),
      ...(filters.site.length ? { site: filters.site } : {}),
      ...(text ? { text } : {}),
    };
    return Object.keys(filter).length ? filter : undefined;
  };
  const fetchPage = useCallback(
    ({ cursor, filter, descending }: ServerListRequest) => {
      const narrowedBy = narrowed(filter);
      return callFunction('listFindings', {
        slug,
        service,
        limit: config.fetchSize,
        descending,
        ...(cursor ? { cursor } : {}),
        ...(narrowedBy ? { filter: narrowedBy } : {}),
      }).then((page) => ({ items: page.view === 'customer' ? page.findings : [], nextCursor: page.nextCursor }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- narrowed reads filters, listed here
    [slug, service, config, filters, newIn],
  );
  const table = useServerTable({
    config,
    fetchPage,
    keyOf: reportFindingKey,
    matches: reportFindingMatches,
    failureText: 'The findings could not be loaded.',
  });
  useTextInAddress(table.filteringText, table.onFilteringChange);
  const restoreOrder = useRef(table.restoreOrder);
  restoreOrder.current = table.restoreOrder;
  useEffect(() => restoreOrder.current(), [filters]);
  const active = filtersActive(filters);

  return (
    <ServerTable
      table={table}
      tableLabel="Findings"
      nameOf={(finding) => finding.title}
      actions={[
        <ExportFindingsButton
          key="export"
          slug={slug}
          service={service}
          filter={narrowed(table.filteringText || undefined)}
          descending={table.collection.collectionProps.sortingDescending !== false}
        />,
      ]}
      loadingText="Loading findings"
      title="Findings"
      description="The findings the assessment team has published to you, most severe first."
      refreshLabel="Refresh findings"
      filterLabel="Find findings"
      extraFilters={{
        controls: (
          <ReportFilterControls
            service={service}
            filters={filters}
            onFiltersChange={onFiltersChange}
            lastScanImportId={lastScanImportId}
            choices={choices}
          />
        ),
        active,
        clear: () => onFiltersChange(noReportFilters),
      }}
      empty={
        <TableEmptyState
          title="No published finding yet"
          subtitle="Findings show here once the assessment team has reviewed a scan and published them to you."
        />
      }
    />
  );
}

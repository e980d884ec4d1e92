// The platform services table (/admin/app/services): a small catalogue read whole, so filtered (by what
// the rows show, row-search.ts) and sorted on any column in the browser.
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { platformServiceSearchText } from '../../../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../../../lambdas/kernel/search/search-text';
import type { PlatformService } from '../../../../components/admin/admin-records';
import { CellText, IdentifierText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../../components/tables/table-config';
import { UpdatedLabel } from '../../../../components/time/updated-label';

export function OfferedStatus({ offered }: { offered: boolean }) {
  return offered ? (
    <StatusIndicator type="success">Offered</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">Not offered</StatusIndicator>
  );
}

export const platformServicesTable: TableConfig<PlatformService> = {
  id: 'platform-services',
  noun: 'services',
  columns: [
    {
      id: 'displayName',
      header: 'Name',
      cell: (service) => <CellText value={service.displayName} />,
      sortingField: 'displayName',
      sortingComparator: (a, b) => compareKeys(a.displayName, b.displayName),
      isRowHeader: true,
      alwaysVisible: true,
    },
    {
      id: 'name',
      header: 'Service',
      cell: (service) => <IdentifierText value={service.name} />,
      sortingField: 'name',
      sortingComparator: (a, b) => compareKeys(a.name, b.name),
    },
    { id: 'description', header: 'Description', cell: (service) => <CellText value={service.description || '-'} /> },
    {
      id: 'offered',
      header: 'Status',
      minWidth: 150,
      cell: (service) => <OfferedStatus offered={service.offered} />,
      sortingField: 'offered',
      sortingComparator: (a, b) => Number(b.offered) - Number(a.offered),
    },
    {
      id: 'updatedAt',
      header: 'Last change',
      // Version 0: nobody has edited the service yet.
      cell: (service) => (
        <UpdatedLabel at={service.version === 0 ? undefined : service.updatedAt} by={service.updatedBy} />
      ),
      sortingField: 'updatedAt',
      sortingComparator: (a, b) => (a.updatedAt ?? 0) - (b.updatedAt ?? 0),
    },
  ],
  // The catalogue comes whole in one answer (filtered and sorted in the browser), by name at first.
  orderColumn: 'displayName',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  fetchSize: 50,
};

export function serviceMatches(service: PlatformService, filter: string): boolean {
  return matchesFilter(platformServiceSearchText(service), filter);
}

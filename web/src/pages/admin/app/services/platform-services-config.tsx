// Column definitions of the platform services table (/admin/app/services).
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { PlatformService } from '../../../../components/admin/admin-records';
import { UpdatedLabel } from '../../../../components/time/updated-label';

export function OfferedStatus({ offered }: { offered: boolean }) {
  return offered ? (
    <StatusIndicator type="success">Offered</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">Not offered</StatusIndicator>
  );
}

export const serviceColumnDefinitions: TableProps.ColumnDefinition<PlatformService>[] = [
  {
    id: 'displayName',
    header: 'Name',
    cell: (service) => service.displayName,
    sortingField: 'displayName',
    isRowHeader: true,
  },
  { id: 'name', header: 'Service', cell: (service) => service.name, sortingField: 'name' },
  { id: 'description', header: 'Description', cell: (service) => service.description || '-' },
  {
    id: 'offered',
    header: 'Status',
    minWidth: 150,
    cell: (service) => <OfferedStatus offered={service.offered} />,
    sortingComparator: (a, b) => Number(b.offered) - Number(a.offered),
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    // Version 0: nobody has edited the service yet.
    cell: (service) => (
      <UpdatedLabel at={service.version === 0 ? undefined : service.updatedAt} by={service.updatedBy} />
    ),
    sortingComparator: (a, b) => (a.updatedAt ?? 0) - (b.updatedAt ?? 0),
  },
];

export const servicesDefaultSorting = { sortingColumn: { sortingField: 'displayName' }, isDescending: false };

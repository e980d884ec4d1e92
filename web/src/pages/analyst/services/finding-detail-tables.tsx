// The two tables of a finding's detail: its instances (each place the tool saw it: URL, method, parameter,
// attack, evidence…, the columns being the fields the tool filled in) and its history across scans.
import { useCollection } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { paginationAriaLabels } from '../../../components/tables/server-pagination';
import { IdentifierText } from '../../../components/tables/cell-text';
import { TimeAgo } from '../../../components/time/updated-label';
import { fieldLabel, instanceColumns } from './finding-text';
import type { FindingDetailRecord } from './finding-detail';
import { ScannerValue, SeverityBadge } from './scanner-values';

type Instance = FindingDetailRecord['instances'][number];
type Change = FindingDetailRecord['history'][number];

/** Fields shown as code (what the tool matched or sent). */
const codeFields = new Set(['attack', 'evidence', 'extracted']);

const changeLabels: Record<Change['change'], string> = {
  new: 'New',
  changed: 'Changed',
  fixed: 'Fixed',
  reopened: 'Reopened',
};

export function FindingInstances({ instances }: { instances: readonly Instance[] }) {
  const { items, collectionProps, paginationProps } = useCollection([...instances], { pagination: { pageSize: 10 } });
  const columnDefinitions: TableProps.ColumnDefinition<Instance>[] = instanceColumns(instances).map((field) => ({
    id: field,
    header: fieldLabel(field),
    cell: (instance) => <ScannerValue value={instance[field]} code={codeFields.has(field)} />,
    ...(field === 'uri' ? { isRowHeader: true, minWidth: 240 } : {}),
  }));
  return (
    <Table
      {...collectionProps}
      variant="embedded"
      wrapLines
      ariaLabels={{ tableLabel: 'Instances' }}
      items={items}
      columnDefinitions={columnDefinitions}
      pagination={
        instances.length > 10 ? <Pagination {...paginationProps} ariaLabels={paginationAriaLabels} /> : undefined
      }
    />
  );
}

export function FindingHistory({ history }: { history: readonly Change[] }) {
  const newestFirst = [...history].sort((a, b) => b.at - a.at);
  const { items, collectionProps, paginationProps } = useCollection(newestFirst, { pagination: { pageSize: 10 } });
  return (
    <Table
      {...collectionProps}
      variant="embedded"
      ariaLabels={{ tableLabel: 'History across scans' }}
      items={items}
      columnDefinitions={[
        { id: 'at', header: 'When', cell: (change) => <TimeAgo at={change.at} />, isRowHeader: true },
        { id: 'change', header: 'Change', cell: (change) => changeLabels[change.change] },
        { id: 'severity', header: 'Severity', cell: (change) => <SeverityBadge severity={change.severity} /> },
        { id: 'importId', header: 'Scan', cell: (change) => <IdentifierText value={change.importId} /> },
      ]}
      empty={<TableEmptyState title="No history" subtitle="No scan has changed this finding yet." />}
      pagination={
        history.length > 10 ? <Pagination {...paginationProps} ariaLabels={paginationAriaLabels} /> : undefined
      }
    />
  );
}

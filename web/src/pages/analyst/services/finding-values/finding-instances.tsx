// Where a finding is: each place the tool saw it (URL, method, parameter, attack, evidence…; the columns are the fields
// the tool filled in), ten a page, each with its state: open while the scans see it, fixed since the scan that no
// longer did. The analyst's detail and the customer's (whose instances the server answers through the customer
// whitelist) show the same table.
import { useCollection } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { paginationAriaLabels } from '../../../../components/tables/server-pagination';
import { fieldLabel, instanceColumns } from './finding-text';
import { ScannerValue } from './scanner-values';
import { scannerEvidence } from '../../../../../../lambdas/kernel/scanners/scanner-html';

type Instance = Record<string, unknown> & { id: string; state: 'open' | 'fixed'; fixedAt?: number };

/** Fields shown as code (what the tool matched or sent). */
const codeFields = new Set(['attack', 'evidence', 'extracted']);

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An instance's state in words: 'Open', or 'Fixed 2 Jan 2026' (when a scan stopped seeing it). */
export function InstanceState({ instance }: { instance: Instance }) {
  if (instance.state === 'open') return <StatusIndicator type="warning">Open</StatusIndicator>;
  return (
    <StatusIndicator type="success">
      {instance.fixedAt === undefined ? 'Fixed' : `Fixed ${dateOnly.format(instance.fixedAt)}`}
    </StatusIndicator>
  );
}

export function FindingInstances({ instances }: { instances: readonly Instance[] }) {
  // ZAP's other info as text, as older imports stored it in HTML.
  const { items, collectionProps, paginationProps } = useCollection(instances.map(scannerEvidence), {
    pagination: { pageSize: 10 },
  });
  const fieldColumns = instanceColumns(instances).map((field): TableProps.ColumnDefinition<Instance> => ({
    id: field,
    header: fieldLabel(field),
    cell: (instance) => <ScannerValue value={instance[field]} code={codeFields.has(field)} />,
    ...(field === 'uri' ? { isRowHeader: true, minWidth: 240 } : {}),
  }));
  // The state beside the URL, before the longer fields.
  const stateColumn: TableProps.ColumnDefinition<Instance> = {
    id: 'state',
    header: 'State',
    cell: (instance) => <InstanceState instance={instance} />,
    minWidth: 150,
  };
  const afterUri = fieldColumns[0]?.id === 'uri' ? 1 : 0;
  const columnDefinitions = [...fieldColumns.slice(0, afterUri), stateColumn, ...fieldColumns.slice(afterUri)];
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

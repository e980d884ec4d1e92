// Where a finding is: each place the tool saw it (URL, method, parameter, attack, evidence…; the columns are the fields
// the tool filled in), ten a page. The analyst's detail and the customer's (whose instances the server answers
// through the customer whitelist) show the same table.
import { useCollection } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { paginationAriaLabels } from '../../../../components/tables/server-pagination';
import { fieldLabel, instanceColumns } from './finding-text';
import { ScannerValue } from './scanner-values';
import { scannerEvidence } from '../../../../../../lambdas/kernel/scanners/scanner-html';

type Instance = Record<string, unknown>;

/** Fields shown as code (what the tool matched or sent). */
const codeFields = new Set(['attack', 'evidence', 'extracted']);

export function FindingInstances({ instances }: { instances: readonly Instance[] }) {
  // ZAP's other info as text, as older imports stored it in HTML.
  const { items, collectionProps, paginationProps } = useCollection(instances.map(scannerEvidence), {
    pagination: { pageSize: 10 },
  });
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

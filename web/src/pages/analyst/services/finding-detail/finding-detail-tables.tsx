// The history table of a finding's detail: the scans' changes and the analysts' edits (field, before → after, who),
// newest first. Its instances' table is shared with the customer's detail (components/findings/finding-instances).
import { useCollection } from '@cloudscape-design/collection-hooks';
import Pagination from '@cloudscape-design/components/pagination';
import Table from '@cloudscape-design/components/table';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { paginationAriaLabels } from '../../../../components/tables/server-pagination';
import { IdentifierText } from '../../../../components/tables/cell-text';
import type { FindingEdit } from '../../../../api/call-client';
import { TimeAgo } from '../../../../components/time/updated-label';
import { editSourceText, editValueText, fieldLabelOf } from '../curation/curation-text';
import type { FindingDetailRecord } from './finding-detail-record';
import { SeverityBadge } from '../finding-values/scanner-values';

type Change = FindingDetailRecord['history'][number];

const changeLabels: Record<Change['change'], string> = {
  new: 'New',
  changed: 'Changed',
  fixed: 'Fixed',
  reopened: 'Reopened',
};

type HistoryEntry = { at: number; key: string } & (
  { kind: 'scan'; change: Change } | { kind: 'edit'; edit: FindingEdit }
);

/** The scans' changes and the analysts' edits in one list, newest first. */
export function historyEntries(history: readonly Change[], edits: readonly FindingEdit[]): HistoryEntry[] {
  return [
    ...history.map((change, index): HistoryEntry => ({ kind: 'scan', at: change.at, key: `scan-${index}`, change })),
    ...edits.map((edit, index): HistoryEntry => ({ kind: 'edit', at: edit.at, key: `edit-${index}`, edit })),
  ].sort((a, b) => b.at - a.at);
}

function EditValues({ edit }: { edit: FindingEdit }) {
  return (
    <span>
      <del aria-label={`Before: ${editValueText(edit.field, edit.before)}`}>
        {editValueText(edit.field, edit.before)}
      </del>
      {' → '}
      <ins aria-label={`After: ${editValueText(edit.field, edit.after)}`}>{editValueText(edit.field, edit.after)}</ins>
    </span>
  );
}

export function FindingHistory({
  history,
  edits = [],
}: {
  history: readonly Change[];
  edits?: readonly FindingEdit[];
}) {
  const entries = historyEntries(history, edits);
  const { items, collectionProps, paginationProps } = useCollection(entries, { pagination: { pageSize: 10 } });
  return (
    <Table
      {...collectionProps}
      variant="embedded"
      wrapLines
      trackBy="key"
      ariaLabels={{ tableLabel: 'History' }}
      items={items}
      columnDefinitions={[
        { id: 'at', header: 'When', cell: (entry) => <TimeAgo at={entry.at} />, isRowHeader: true, width: 150 },
        {
          id: 'change',
          header: 'Change',
          cell: (entry) =>
            entry.kind === 'scan' ? changeLabels[entry.change.change] : `${fieldLabelOf(entry.edit.field)} edited`,
          width: 170,
        },
        {
          id: 'what',
          header: 'What',
          cell: (entry) =>
            entry.kind === 'scan' ? (
              <SeverityBadge severity={entry.change.severity} />
            ) : (
              <EditValues edit={entry.edit} />
            ),
        },
        {
          id: 'by',
          header: 'By',
          cell: (entry) => {
            if (entry.kind === 'scan') return <IdentifierText value={`scan ${entry.change.importId}`} />;
            const source = editSourceText(entry.edit);
            return <IdentifierText value={source ? `${entry.edit.by} (${source})` : entry.edit.by} />;
          },
          minWidth: 200,
        },
      ]}
      empty={<TableEmptyState title="No history" subtitle="No scan or analyst has changed this finding yet." />}
      pagination={
        entries.length > 10 ? <Pagination {...paginationProps} ariaLabels={paginationAriaLabels} /> : undefined
      }
    />
  );
}

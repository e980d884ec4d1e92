// A finding's SLA as both views show it in their lists: overdue (since when), due within 7 days, or its due date;
// a dash when it has none (info, unpublished, not open). The server computes the state (slaState) at read time.
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  slaFilterStates,
  type slaStates,
  type SlaFilterState,
} from '../../../../../../lambdas/contracts/finding-filter';
import type { TableColumn } from '../../../../components/tables/table-config';

type SlaState = (typeof slaStates)[number];
type WithSla = { dueAt?: number; slaState: SlaState };

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What the SLA filter's choices say. */
export const slaFilterLabels: Record<SlaFilterState, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due within 7 days',
};

/** The SLA filter's choices, after the one that narrows nothing (`anyLabel`, value ''). */
export const slaFilterOptions = (anyLabel: string) => [
  { value: '', label: anyLabel },
  ...slaFilterStates.map((value) => ({ value, label: slaFilterLabels[value] })),
];

/** "Overdue since 12 Nov 2026", "Due 2 Dec 2026", "2 Mar 2027", or '—'. */
export function slaText(finding: WithSla): string {
  if (finding.slaState === 'none' || finding.dueAt === undefined) return '—';
  const date = dateOnly.format(finding.dueAt);
  if (finding.slaState === 'overdue') return `Overdue since ${date}`;
  if (finding.slaState === 'dueSoon') return `Due ${date}`;
  return date;
}

export function SlaDue({ finding }: { finding: WithSla }) {
  const text = slaText(finding);
  if (finding.slaState === 'overdue') return <StatusIndicator type="error">{text}</StatusIndicator>;
  if (finding.slaState === 'dueSoon') return <StatusIndicator type="warning">{text}</StatusIndicator>;
  return <>{text}</>;
}

/** Due dates in list order: soonest first, findings without one last. */
export const byDueDate = (a: { dueAt?: number }, b: { dueAt?: number }) =>
  (a.dueAt ?? Number.POSITIVE_INFINITY) - (b.dueAt ?? Number.POSITIVE_INFINITY);

/** The Due column of both findings lists (the analyst's and the customer's report). */
export function dueColumn<Row extends WithSla>(): TableColumn<Row> {
  return {
    id: 'dueAt',
    header: 'Due',
    cell: (finding) => <SlaDue finding={finding} />,
    sortingComparator: byDueDate,
    width: 210,
  };
}

// The notification rules table (/admin/company/notifications): a company's few rules read whole, filtered and
// sorted in the browser; the words for services, severities, cadences and recipients shared with the rule form.
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import type { CallOutput } from '../../../../api/call-client';
import { CellText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../../components/tables/table-config';

export type NotificationRule = CallOutput<'listNotificationRules'>['rules'][number];
export type Severity = NotificationRule['minSeverity'];
export type Cadence = NotificationRule['cadence'];

export const serviceLabels: Record<ServiceName, string> = {
  projectmariana: 'ProjectMariana',
  password_cracking: 'Password cracking',
  dast: 'DAST',
  network: 'Network scanning',
  cloud: 'Cloud scanning',
};

export const severityLabels: Record<Severity, string> = {
  critical: 'Critical only',
  high: 'High and above',
  medium: 'Medium and above',
  low: 'Low and above',
  info: 'Every severity',
};

export const cadenceLabels: Record<Cadence, string> = {
  immediate: 'At once',
  daily: 'Daily digest',
};

const severityOrder: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

export function recipientsText(rule: NotificationRule, names: ReadonlyMap<string, string>): string {
  if (rule.recipientMode === 'everyone') return `Everyone who may view ${serviceLabels[rule.service]}`;
  return rule.recipients.map((uid) => names.get(uid) ?? 'a former user').join(', ');
}

export function notificationsTable(names: ReadonlyMap<string, string>): TableConfig<NotificationRule> {
  return {
    id: 'company-notification-rules',
    noun: 'rules',
    columns: [
      {
        id: 'service',
        header: 'Service',
        cell: (rule) => <CellText value={serviceLabels[rule.service]} />,
        sortingField: 'service',
        sortingComparator: (a, b) => compareKeys(serviceLabels[a.service], serviceLabels[b.service]),
        isRowHeader: true,
        alwaysVisible: true,
      },
      {
        id: 'minSeverity',
        header: 'Findings',
        cell: (rule) => <CellText value={severityLabels[rule.minSeverity]} />,
        sortingField: 'minSeverity',
        sortingComparator: (a, b) => severityOrder[b.minSeverity] - severityOrder[a.minSeverity],
      },
      {
        id: 'cadence',
        header: 'When',
        cell: (rule) => <CellText value={cadenceLabels[rule.cadence]} />,
        sortingField: 'cadence',
        sortingComparator: (a, b) => compareKeys(a.cadence, b.cadence),
      },
      { id: 'recipients', header: 'Recipients', cell: (rule) => <CellText value={recipientsText(rule, names)} /> },
      { id: 'updatedBy', header: 'Last changed by', cell: (rule) => <CellText value={rule.updatedBy} /> },
    ],
    orderColumn: 'service',
    pageSizes: [10, 20],
    defaultPageSize: 20,
    fetchSize: 20,
  };
}

export function ruleMatches(rule: NotificationRule, filter: string): boolean {
  const text = [
    serviceLabels[rule.service],
    severityLabels[rule.minSeverity],
    cadenceLabels[rule.cadence],
    rule.updatedBy,
  ]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

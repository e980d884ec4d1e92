// The findings table of each analyst service page: columns (the finding's title links to its detail; the
// analyst's tags and whether the customer sees it), the order the server lists findings in (by severity,
// critical first, either way), page sizes, and the text filter's rule as listFindings states it (title,
// rule, asset, CVE or tool, in any case).
import { services, type ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { matchesFilter, searchText } from '../../../../../../lambdas/kernel/search/search-text';
import type { CallOutput } from '../../../../api/call-client';
import { CellText, IdentifierList, IdentifierText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableColumn, type TableConfig } from '../../../../components/tables/table-config';
import { TimeAgo } from '../../../../components/time/updated-label';
import { FindingLink } from './finding-link';
import { dueColumn } from '../finding-values/sla-due';
import { exploitColumn } from '../finding-values/exploit-signals';
import { findingStatusLabels, severityLabels, severityRank } from '../finding-values/finding-labels';
import { instancesText } from '../finding-values/finding-text';
import { SeverityBadge } from '../finding-values/scanner-values';

/** The analysts' rows (a customer's answer, `view: 'customer'`, has fewer fields). */
export type FindingRow = Extract<CallOutput<'listFindings'>, { view: 'analyst' }>['findings'][number];

const byText = (text: (finding: FindingRow) => string) => (a: FindingRow, b: FindingRow) =>
  text(a).localeCompare(text(b));

// In reading order; the curation columns (status, published, tags) come first, so they show at 1,440 px with the
// navigation open.
const columns: readonly TableColumn<FindingRow>[] = [
  {
    id: 'title',
    header: 'Finding',
    cell: (finding) => <FindingLink finding={finding} />,
    sortingComparator: byText((finding) => finding.title),
    isRowHeader: true,
    alwaysVisible: true,
    minWidth: 280,
  },
  {
    id: 'severity',
    header: 'Severity',
    cell: (finding) => <SeverityBadge severity={finding.severity} />,
    sortingField: 'severity',
    // Ties keep the server's order (the sort is stable).
    sortingComparator: (a, b) => severityRank(a.severity) - severityRank(b.severity),
    width: 120,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (finding) => findingStatusLabels[finding.status],
    sortingComparator: byText((finding) => findingStatusLabels[finding.status]),
    width: 150,
  },
  dueColumn(),
  exploitColumn(),
  {
    id: 'published',
    header: 'Published',
    cell: (finding) => <CellText value={finding.published ? 'Yes' : 'No'} />,
    sortingComparator: (a, b) => Number(a.published) - Number(b.published),
    width: 120,
  },
  {
    id: 'tags',
    header: 'Tags',
    cell: (finding) => <IdentifierList values={finding.tags} empty="—" />,
    minWidth: 160,
  },
  {
    id: 'asset',
    header: 'Asset',
    cell: (finding) => <IdentifierText value={finding.asset.name} />,
    sortingComparator: byText((finding) => finding.asset.name),
    minWidth: 200,
  },
  {
    id: 'cve',
    header: 'CVE',
    // One identifier whole, then how many more (all of them on hover).
    cell: (finding) => <IdentifierList values={finding.cve} empty="—" shown={1} />,
    minWidth: 200,
  },
  {
    id: 'instanceCount',
    header: 'Instances',
    cell: (finding) => instancesText(finding),
    sortingComparator: (a, b) => a.instanceCount - b.instanceCount,
    width: 150,
  },
  {
    id: 'firstSeenAt',
    header: 'First seen',
    cell: (finding) => <TimeAgo at={finding.firstSeenAt} />,
    sortingComparator: (a, b) => a.firstSeenAt - b.firstSeenAt,
    width: 150,
  },
  {
    id: 'tool',
    header: 'Tool',
    cell: (finding) => <IdentifierText value={finding.tool} />,
    sortingComparator: byText((finding) => finding.tool),
    width: 120,
  },
  {
    id: 'assetKind',
    header: 'Asset kind',
    cell: (finding) => finding.asset.kind,
    sortingComparator: byText((finding) => finding.asset.kind),
    hiddenByDefault: true,
  },
  {
    id: 'ruleId',
    header: 'Rule',
    cell: (finding) => <IdentifierText value={finding.ruleId} />,
    sortingComparator: (a, b) => compareKeys(a.ruleId, b.ruleId),
    hiddenByDefault: true,
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    cell: (finding) => <TimeAgo at={finding.updatedAt} />,
    sortingComparator: (a, b) => a.updatedAt - b.updatedAt,
    hiddenByDefault: true,
  },
  {
    id: 'toolSeverity',
    header: 'Tool severity',
    cell: (finding) => severityLabels[finding.toolSeverity],
    sortingComparator: (a, b) => severityRank(a.toolSeverity) - severityRank(b.toolSeverity),
    hiddenByDefault: true,
  },
];

/** One table (and one set of remembered preferences) per service. */
export const findingsTables = Object.fromEntries(
  services.map((service): [ServiceName, TableConfig<FindingRow>] => [
    service,
    {
      id: `analyst-findings-${service}`,
      noun: 'findings',
      columns,
      orderColumn: 'severity',
      orderDescending: true,
      pageSizes: [10, 20, 50],
      defaultPageSize: 20,
      /** listFindings answers up to 100; 50 keeps an answer small. */
      fetchSize: 50,
    },
  ]),
) as Record<ServiceName, TableConfig<FindingRow>>;

export function findingMatches(finding: FindingRow, filter: string): boolean {
  return matchesFilter(
    searchText([finding.title, finding.ruleId, finding.asset.key, finding.asset.name, finding.tool, ...finding.cve]),
    filter,
  );
}

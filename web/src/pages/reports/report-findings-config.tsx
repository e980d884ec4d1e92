// The columns of a report's findings list (research file section 5's shared columns a customer reads: no
// analyst field), one table and one set of remembered preferences per service.
import { services, type ServiceName } from '../../../../lambdas/kernel/access/rules';
import { assetFacetsOf, checkServiceOf } from '../../../../lambdas/kernel/scanners/asset-keys';
import { matchesFilter, searchText } from '../../../../lambdas/kernel/search/search-text';
import type { CallOutput } from '../../api/call-client';
import { IdentifierList, IdentifierText } from '../../components/tables/cell-text';
import type { TableColumn, TableConfig } from '../../components/tables/table-config';
import { TimeAgo } from '../../components/time/updated-label';
import { FindingLink } from '../analyst/services/findings/finding-link';
import { dueColumn } from '../analyst/services/finding-values/sla-due';
import { exploitColumn } from '../analyst/services/finding-values/exploit-signals';
import { findingStatusLabels, severityRank } from '../analyst/services/finding-values/finding-labels';
import { instancesText } from '../analyst/services/finding-values/finding-text';
import { SeverityBadge } from '../analyst/services/finding-values/scanner-values';

/** The rows a customer reads (`view: 'customer'`). */
export type ReportFindingRow = Extract<CallOutput<'listFindings'>, { view: 'customer' }>['findings'][number];

const byText = (text: (finding: ReportFindingRow) => string) => (a: ReportFindingRow, b: ReportFindingRow) =>
  text(a).localeCompare(text(b));

/** A part of the finding's asset key (a network finding's host and port, a cloud finding's account and region). */
const facet = (name: keyof ReturnType<typeof assetFacetsOf>) => (finding: ReportFindingRow) =>
  assetFacetsOf(finding.asset.key)[name] ?? '';
const cloudService = (finding: ReportFindingRow) =>
  (finding.tool === 'prowler' ? checkServiceOf(finding.ruleId) : undefined) ?? '';

/** A column of one part of the asset key, blank where the key has none. */
function facetColumn(id: string, header: string, text: (finding: ReportFindingRow) => string, width = 160) {
  return {
    id,
    header,
    cell: (finding: ReportFindingRow) => <IdentifierText value={text(finding) || '—'} />,
    sortingComparator: byText(text),
    width,
    hiddenByDefault: true,
  } satisfies TableColumn<ReportFindingRow>;
}

const columns: readonly TableColumn<ReportFindingRow>[] = [
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
    sortingComparator: (a, b) => severityRank(a.severity) - severityRank(b.severity),
    width: 130,
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
    id: 'asset',
    header: 'Asset',
    cell: (finding) => <IdentifierText value={finding.asset.name} />,
    sortingComparator: byText((finding) => finding.asset.name),
    minWidth: 200,
  },
  facetColumn('host', 'Host', facet('host'), 200),
  facetColumn('port', 'Port', facet('port'), 120),
  facetColumn('account', 'Account', facet('account'), 180),
  facetColumn('region', 'Region', facet('region'), 150),
  facetColumn('cloudService', 'Service', cloudService, 130),
  {
    id: 'cve',
    header: 'CVE',
    cell: (finding) => <IdentifierList values={finding.cve} empty="—" shown={1} />,
    minWidth: 200,
    hiddenByDefault: true,
  },
  {
    id: 'cwe',
    header: 'CWE',
    cell: (finding) => <IdentifierList values={finding.cwe} empty="—" />,
    hiddenByDefault: true,
  },
  {
    id: 'cvssScore',
    header: 'CVSS',
    cell: (finding) => (finding.cvssScore === undefined ? '—' : finding.cvssScore.toFixed(1)),
    sortingComparator: (a, b) => (a.cvssScore ?? -1) - (b.cvssScore ?? -1),
    width: 110,
    hiddenByDefault: true,
  },
  {
    id: 'confidence',
    header: 'Confidence',
    cell: (finding) => finding.confidence ?? '—',
    width: 140,
    hiddenByDefault: true,
  },
  {
    id: 'ruleId',
    header: 'Rule',
    cell: (finding) => <IdentifierText value={finding.ruleId} />,
    hiddenByDefault: true,
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
    id: 'lastSeenAt',
    header: 'Last seen',
    cell: (finding) => <TimeAgo at={finding.lastSeenAt} />,
    sortingComparator: (a, b) => (a.lastSeenAt ?? 0) - (b.lastSeenAt ?? 0),
    width: 150,
    hiddenByDefault: true,
  },
];

/** The columns the research file lists for each service's findings, shown by default (the others in the gear). */
const shownFor: Record<ServiceName, readonly string[]> = {
  dast: ['confidence', 'cwe'],
  network: ['port', 'cvssScore', 'cve', 'confidence'],
  projectmariana: ['ruleId', 'cve'],
  cloud: ['ruleId', 'account', 'region', 'cloudService'],
  password_cracking: [],
};

export const reportFindingsTables = Object.fromEntries(
  services.map((service): [ServiceName, TableConfig<ReportFindingRow>] => [
    service,
    {
      id: `report-findings-${service}`,
      noun: 'findings',
      columns: columns.map((column) =>
        shownFor[service].includes(column.id) ? { ...column, hiddenByDefault: false } : column,
      ),
      orderColumn: 'severity',
      orderDescending: true,
      pageSizes: [10, 20, 50],
      defaultPageSize: 20,
      fetchSize: 50,
    },
  ]),
) as Record<ServiceName, TableConfig<ReportFindingRow>>;

export const reportFindingKey = (finding: ReportFindingRow) => finding.id;

export function reportFindingMatches(finding: ReportFindingRow, filter: string): boolean {
  return matchesFilter(
    searchText([finding.title, finding.ruleId, finding.asset.key, finding.asset.name, finding.tool, ...finding.cve]),
    filter,
  );
}

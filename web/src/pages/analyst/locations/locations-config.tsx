// The locations table (/analyst/locations): a company's few locations read whole, filtered and sorted in the
// browser.
import Badge from '@cloudscape-design/components/badge';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';

export type Location = CallOutput<'listLocations'>['locations'][number];

export const locationKindLabels: Record<Location['kind'], string> = {
  'hosted-region': 'Hosted region',
  site: 'Customer site',
  segment: 'Network segment',
  vpc: 'VPC',
};

const listText = (values: readonly string[]) => (values.length === 0 ? '-' : values.join(', '));

export function scanWindowText(location: Location): string {
  const window = location.scanWindow;
  if (!window) return 'Any time';
  return `${window.days.join(', ')} ${window.start}–${window.end} (${window.timeZone})`;
}

/** Agents online and in all at a location (unlinked agents not counted). */
export type AgentCounts = ReadonlyMap<string, { online: number; total: number }>;

export const agentsText = (counts: AgentCounts | undefined, locationId: string) => {
  if (!counts) return '…';
  const count = counts.get(locationId) ?? { online: 0, total: 0 };
  return `${count.online} / ${count.total}`;
};

export const locationsTable = (counts?: AgentCounts): TableConfig<Location> => ({
  id: 'analyst-locations',
  noun: 'locations',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (location) => (
        <>
          <CellText value={location.name} /> {location.isDefault ? <Badge color="blue">Default</Badge> : null}
        </>
      ),
      sortingField: 'name',
      sortingComparator: (a, b) => compareKeys(a.name, b.name),
      isRowHeader: true,
      alwaysVisible: true,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (location) => (
        <CellText value={`${locationKindLabels[location.kind]}${location.region ? ` (${location.region})` : ''}`} />
      ),
      sortingField: 'kind',
      sortingComparator: (a, b) => compareKeys(a.kind, b.kind),
    },
    { id: 'cidrs', header: 'Ranges', cell: (location) => <IdentifierText value={listText(location.cidrs)} /> },
    {
      id: 'exclusions',
      header: 'Exclusions',
      cell: (location) => <IdentifierText value={listText(location.exclusions)} />,
    },
    { id: 'domains', header: 'Domains', cell: (location) => <IdentifierText value={listText(location.domains)} /> },
    {
      id: 'networkLabel',
      header: 'Network',
      cell: (location) => <IdentifierText value={location.networkLabel} />,
      sortingField: 'networkLabel',
      sortingComparator: (a, b) => compareKeys(a.networkLabel, b.networkLabel),
    },
    { id: 'scanWindow', header: 'Scan window', cell: (location) => <CellText value={scanWindowText(location)} /> },
    {
      id: 'agents',
      header: 'Agents online / total',
      cell: (location) => <CellText value={agentsText(counts, location.locationId)} />,
    },
  ],
  orderColumn: 'name',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  fetchSize: 200,
});

export function locationMatches(location: Location, filter: string): boolean {
  const text = [
    location.name,
    location.kind,
    location.region ?? '',
    location.networkLabel,
    ...location.cidrs,
    ...location.domains,
  ]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

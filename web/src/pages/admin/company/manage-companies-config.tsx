// Column definitions of the companies table (/admin/company).
import type { TableProps } from '@cloudscape-design/components/table';
import type { CompanyDoc } from '../../../components/admin/admin-records';
import { enabledServicesOf, serviceListText } from '../../../components/admin/service-labels';
import { UpdatedLabel } from '../../../components/time/updated-label';

export const companyColumnDefinitions: TableProps.ColumnDefinition<CompanyDoc>[] = [
  {
    id: 'companyName',
    header: 'Name',
    cell: (company) => company.companyName,
    sortingField: 'companyName',
    isRowHeader: true,
  },
  { id: 'slug', header: 'Slug', cell: (company) => company.slug, sortingField: 'slug' },
  {
    id: 'services',
    header: 'Enabled services',
    cell: (company) => serviceListText(enabledServicesOf(company)),
  },
  {
    id: 'memberCount',
    header: 'Members',
    cell: (company) => company.memberCount ?? 0,
    sortingComparator: (a, b) => (a.memberCount ?? 0) - (b.memberCount ?? 0),
  },
  {
    id: 'updatedAt',
    header: 'Last change',
    cell: (company) => <UpdatedLabel at={company.updatedAt} by={company.updatedBy} />,
    sortingComparator: (a, b) => (a.updatedAt ?? 0) - (b.updatedAt ?? 0),
  },
];

/** By slug, as the server lists them. */
export const companiesDefaultSorting = { sortingColumn: { sortingField: 'slug' }, isDescending: false };

export const companiesPageSize = 20;
/** Companies fetched per call (the server allows up to 100). */
export const companiesFetchSize = 50;

/** The filter matches what the server's prefix search matches: slugs starting with the text. */
export function companyMatches(company: CompanyDoc, filteringText: string): boolean {
  return company.slug.startsWith(filteringText.trim().toLowerCase());
}

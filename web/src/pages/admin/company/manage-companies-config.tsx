// The companies table (/admin/company): columns, the order the server lists companies in (by slug,
// either way), page sizes, and the filter rule (the server's, row-search.ts).
import { companySearchText } from '../../../../../lambdas/kernel/search/row-search';
import { matchesFilter } from '../../../../../lambdas/kernel/search/search-text';
import type { CompanyDoc } from '../../../components/admin/admin-records';
import { enabledServicesOf, serviceListText } from '../../../components/admin/service-labels';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';
import { UpdatedLabel } from '../../../components/time/updated-label';

export const companiesTable: TableConfig<CompanyDoc> = {
  id: 'companies',
  noun: 'companies',
  columns: [
    {
      id: 'companyName',
      header: 'Name',
      cell: (company) => <CellText value={company.companyName} />,
      sortingField: 'companyName',
      isRowHeader: true,
      alwaysVisible: true,
    },
    {
      id: 'slug',
      header: 'Slug',
      cell: (company) => <IdentifierText value={company.slug} />,
      sortingField: 'slug',
      sortingComparator: (a, b) => compareKeys(a.slug, b.slug),
      minWidth: 120,
    },
    {
      id: 'services',
      header: 'Enabled services',
      cell: (company) => <CellText value={serviceListText(enabledServicesOf(company))} />,
    },
    {
      id: 'memberCount',
      header: 'Members',
      cell: (company) => company.memberCount ?? 0,
      sortingField: 'memberCount',
      sortingComparator: (a, b) => (a.memberCount ?? 0) - (b.memberCount ?? 0),
    },
    {
      id: 'updatedAt',
      header: 'Last change',
      cell: (company) => <UpdatedLabel at={company.updatedAt} by={company.updatedBy} />,
      sortingField: 'updatedAt',
      sortingComparator: (a, b) => (a.updatedAt ?? 0) - (b.updatedAt ?? 0),
    },
  ],
  orderColumn: 'slug',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  /** listCompanies answers up to 100; 50 keeps an answer small. */
  fetchSize: 50,
};

export function companyMatches(company: CompanyDoc, filter: string): boolean {
  return matchesFilter(companySearchText(company), filter);
}

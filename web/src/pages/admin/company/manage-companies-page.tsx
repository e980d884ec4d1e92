// /admin/company (level 7): every company, paged on the server by slug and filtered there by what its
// row shows (listCompanies); edit a company's name and service flags in a modal.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../api/call-client';
import type { CompanyDoc } from '../../../components/admin/admin-records';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useSession } from '../../../components/session/session-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../components/tables/use-server-table';
import { ManageCompaniesHelp } from './companies-help';
import { EditCompanyModal } from './edit-company-modal';
import { companiesTable, companyMatches } from './manage-companies-config';
import { useLinkedCompany } from './linked-company';

const companyKey = (company: CompanyDoc) => company.slug;

export default function ManageCompaniesPage() {
  usePageHelp(ManageCompaniesHelp);
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { company: selectedSlug, refreshSession } = useSession();
  const [editing, setEditing] = useState<CompanyDoc | undefined>(undefined);

  const fetchPage = useCallback(
    ({ cursor, filter, descending }: ServerListRequest) =>
      callFunction('listCompanies', {
        limit: companiesTable.fetchSize,
        descending,
        ...(cursor ? { cursor } : {}),
        ...(filter ? { filter } : {}),
      }).then((page) => ({ items: page.companies, nextCursor: page.nextCursor })),
    [],
  );
  const table = useServerTable({
    config: companiesTable,
    fetchPage,
    keyOf: companyKey,
    matches: companyMatches,
    failureText: 'The companies could not be loaded.',
  });
  const { pages, collection } = table;

  const selected = table.selectedItem;
  useLinkedCompany(collection, pages.items);

  const saved = (company: CompanyDoc) => {
    pages.replaceItem(company);
    collection.actions.setSelectedItems([company]);
    setEditing(undefined);
    notify({ type: 'success', title: 'Company saved', message: `${company.companyName} was saved.` });
    // The selected company's name and flags drive the header and the menus.
    if (company.slug === selectedSlug) void refreshSession().catch(() => undefined);
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Every company, its services and its members."
          info={<InfoLink topic={ManageCompaniesHelp} ariaLabel="Info about companies and their services" />}
        >
          Manage companies
        </Header>
      }
    >
      <ServerTable
        table={table}
        tableLabel="Companies"
        nameOf={(company) => company.companyName}
        loadingText="Loading companies"
        title="Companies"
        refreshLabel="Refresh companies"
        actions={[
          <Button key="edit" disabled={!selected} onClick={() => setEditing(selected)}>
            Edit
          </Button>,
          <Button key="create" variant="primary" onClick={() => void navigate('/admin/company/create-company')}>
            Create company
          </Button>,
        ]}
        filterLabel="Find companies"
        empty={
          <TableEmptyState
            title="No companies"
            subtitle="No company has been created yet."
            action={<Button onClick={() => void navigate('/admin/company/create-company')}>Create company</Button>}
          />
        }
      />
      {editing ? (
        <EditCompanyModal
          key={editing.slug}
          company={editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={saved}
          onCurrent={(company) => pages.replaceItem(company)}
        />
      ) : null}
    </ContentLayout>
  );
}

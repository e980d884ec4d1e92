// /admin/company (level 7): every company, a batch at a time from the server (listCompanies), found by
// slug prefix (sent to the server), sorted and paged by the collection hooks; edit a company's name
// and service flags in a modal.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../api/call-client';
import type { CompanyDoc } from '../../../components/admin/admin-records';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useSession } from '../../../components/session/session-context';
import { ServerTable, useServerCollection } from '../../../components/tables/server-table';
import { useDebouncedValue, useServerPages } from '../../../components/tables/use-server-pages';
import { EditCompanyModal } from './edit-company-modal';
import { useLinkedCompany } from './linked-company';
import {
  companiesDefaultSorting,
  companiesFetchSize,
  companiesPageSize,
  companyColumnDefinitions,
  companyMatches,
} from './manage-companies-config';

/** Only text that can start a slug goes to the server; anything else matches no company anyway. */
function slugPrefixOf(text: string): string | undefined {
  const prefix = text.trim().toLowerCase();
  return /^[a-z0-9-]{1,40}$/.test(prefix) ? prefix : undefined;
}

export default function ManageCompaniesPage() {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { company: selectedSlug, refreshSession } = useSession();
  const [prefix, setPrefix] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<CompanyDoc | undefined>(undefined);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callFunction('listCompanies', {
        limit: companiesFetchSize,
        ...(cursor ? { cursor } : {}),
        ...(prefix ? { prefix } : {}),
      }).then((page) => ({ items: page.companies, nextCursor: page.nextCursor })),
    [prefix],
  );
  const pages = useServerPages(fetchPage, (company: CompanyDoc) => company.slug, 'The companies could not be loaded.');

  const collection = useServerCollection(pages.items, {
    trackBy: 'slug',
    defaultSorting: companiesDefaultSorting,
    empty: (
      <TableEmptyState
        title="No companies"
        subtitle="No company has been created yet."
        action={<Button onClick={() => void navigate('/admin/company/create-company')}>Create company</Button>}
      />
    ),
    noMatchText: "No company's slug starts with that text.",
    filteringFunction: companyMatches,
    pageSize: companiesPageSize,
  });

  const filteringText = useDebouncedValue(collection.filterProps.filteringText);
  useEffect(() => setPrefix(slugPrefixOf(filteringText)), [filteringText]);

  useLinkedCompany(collection, pages.items);

  const selected = collection.collectionProps.selectedItems?.[0];

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
        <Header variant="h1" description="Every company, its services and its members.">
          Manage companies
        </Header>
      }
    >
      <ServerTable
        pages={pages}
        collection={collection}
        columnDefinitions={companyColumnDefinitions}
        trackBy="slug"
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
        filterText="Find companies by slug"
        countSoFar
        paginated
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

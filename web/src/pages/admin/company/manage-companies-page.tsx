// /admin/company (level 7): every company, a batch at a time from the server (listCompanies), found by
// slug prefix (sent to the server), sorted and paged by the collection hooks; edit a company's name
// and service flags in a modal.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { callFunction } from '../../../api/call-client';
import type { CompanyDoc } from '../../../components/admin/admin-records';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useSession } from '../../../components/session/session-context';
import { ServerPagination } from '../../../components/tables/server-pagination';
import { selectionLabels } from '../../../components/tables/table-labels';
import { useDebouncedValue, useServerPages } from '../../../components/tables/use-server-pages';
import { EditCompanyModal } from './edit-company-modal';
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
      callFunction('listCompanies', { limit: companiesFetchSize, ...(cursor ? { cursor } : {}), ...(prefix ? { prefix } : {}) }).then(
        (page) => ({ items: page.companies, nextCursor: page.nextCursor }),
      ),
    [prefix],
  );
  const pages = useServerPages(fetchPage, (company: CompanyDoc) => company.slug, 'The companies could not be loaded.');

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(pages.items, {
    filtering: {
      filteringFunction: companyMatches,
      empty: (
        <TableEmptyState
          title="No companies"
          subtitle="No company has been created yet."
          action={<Button onClick={() => void navigate('/admin/company/create-company')}>Create company</Button>}
        />
      ),
      noMatch: (
        <TableEmptyState
          title="No matches"
          subtitle="No company's slug starts with that text."
          action={<Button onClick={() => actions.setFiltering('')}>Clear filter</Button>}
        />
      ),
    },
    sorting: { defaultState: companiesDefaultSorting },
    pagination: { pageSize: companiesPageSize },
    selection: { trackBy: 'slug' },
  });

  const filteringText = useDebouncedValue(filterProps.filteringText);
  useEffect(() => setPrefix(slugPrefixOf(filteringText)), [filteringText]);

  const selected = collectionProps.selectedItems?.[0];

  const saved = (company: CompanyDoc) => {
    pages.replaceItem(company);
    actions.setSelectedItems([company]);
    setEditing(undefined);
    notify({ type: 'success', title: 'Company saved', message: `${company.companyName} was saved.` });
    // The selected company's name and flags drive the header and the menus.
    if (company.slug === selectedSlug) void refreshSession().catch(() => undefined);
  };

  const counter = pages.loading ? undefined : `(${pages.items.length}${pages.hasMore ? '+' : ''})`;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Every company, its services and its members.">
          Manage companies
        </Header>
      }
    >
      <SpaceBetween size="l">
        {pages.error ? (
          <div role="alert">
            <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={pages.reload}>Try again</Button>}>
              {pages.error}
            </Alert>
          </div>
        ) : null}
        <Table
          {...collectionProps}
          items={items}
          columnDefinitions={companyColumnDefinitions}
          trackBy="slug"
          selectionType="single"
          loading={pages.loading}
          loadingText="Loading companies"
          wrapLines
          ariaLabels={selectionLabels<CompanyDoc>('Companies', (company) => company.companyName)}
          header={
            <Header
              variant="h2"
              counter={counter}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button iconName="refresh" ariaLabel="Refresh companies" onClick={pages.reload} disabled={pages.loading} />
                  <Button disabled={!selected} onClick={() => setEditing(selected)}>
                    Edit
                  </Button>
                  <Button variant="primary" onClick={() => void navigate('/admin/company/create-company')}>
                    Create company
                  </Button>
                </SpaceBetween>
              }
            >
              Companies
            </Header>
          }
          filter={
            <TextFilter
              {...filterProps}
              filteringPlaceholder="Find companies by slug"
              filteringAriaLabel="Find companies by slug"
              filteringClearAriaLabel="Clear filter"
              countText={`${filteredItemsCount ?? 0} ${filteredItemsCount === 1 ? 'match' : 'matches'}${pages.hasMore ? ' so far' : ''}`}
            />
          }
          pagination={
            <ServerPagination
              paginationProps={paginationProps}
              hasMore={pages.hasMore}
              loadingMore={pages.loadingMore}
              loadMore={pages.loadMore}
              setCurrentPage={actions.setCurrentPage}
            />
          }
        />
      </SpaceBetween>
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

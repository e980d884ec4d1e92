// The library's table with its search box: with the box empty, the whole library a page at a time from
// the server (listTemplates, most recently changed first); with text, the search's hits as it ranks them,
// matched words marked. A title opens the template below the table (?template=<id>).
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { callFunction } from '../../api/call-client';
import { withOpenedRow } from '../../components/address/opened-row';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { LoadErrorAlert } from '../../components/tables/load-error-alert';
import { paginationAriaLabels, ServerPagination } from '../../components/tables/server-pagination';
import { useServerPages } from '../../components/tables/use-server-pages';
import { TimeAgo } from '../../components/time/updated-label';
import { SeverityBadge } from '../analyst/services/finding-values/scanner-values';
import { Highlighted } from './highlighted';
import { servicesText, severityOf, type Template } from './template-fields';
import type { HighlightResult, TemplateHit } from './template-search';
import { useTemplateSearch } from './use-template-search';
import styles from './templates.module.css';

export const templateParam = 'template';

/** A row of either list: a listed template, or a hit with its highlights. */
export interface LibraryRow {
  templateId: string;
  title: string;
  severity: string;
  services: string[];
  usageCount: number;
  version: number;
  retired: boolean;
  updatedAt: number;
  highlight?: TemplateHit['_highlightResult'];
}

const rowOfTemplate = (template: Template): LibraryRow => ({ ...template });
const rowOfHit = (hit: TemplateHit): LibraryRow => ({
  templateId: hit.objectID,
  title: hit.title,
  severity: hit.severity,
  services: hit.services ?? [],
  usageCount: hit.usageCount ?? 0,
  version: hit.version ?? 1,
  retired: false,
  updatedAt: hit.updatedAt,
  highlight: hit._highlightResult,
});

const listPageSize = 20;
const fetchSize = 50;

/** The address of a template on the library page, the other parameters kept. */
export function templateHref(pathname: string, search: string, templateId: string | undefined): string {
  return `${pathname}${withOpenedRow(search, templateParam, templateId)}`;
}

function TemplateLink({ row }: { row: LibraryRow }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const href = templateHref(pathname, search, row.templateId);
  const title = row.highlight?.title;
  return (
    <Link
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(href, { state: { openedTemplate: row.templateId } });
      }}
    >
      {title && !Array.isArray(title) ? <Highlighted value={title.value} /> : row.title}
    </Link>
  );
}

const matchedLabels = {
  rules: 'Rule',
  tags: 'Tag',
  cwe: 'CWE',
  description: 'Description',
  remediation: 'Remediation',
};

/** Where else than the title a hit matched: each matched value, marked. */
function MatchedIn({ row }: { row: LibraryRow }) {
  const parts: { label: string; value: string }[] = [];
  for (const [field, label] of Object.entries(matchedLabels)) {
    const result = row.highlight?.[field as keyof typeof matchedLabels];
    const values: HighlightResult[] = Array.isArray(result) ? result : result ? [result] : [];
    for (const value of values) if (value.matchLevel !== 'none') parts.push({ label, value: value.value });
  }
  if (parts.length === 0) return <>—</>;
  return (
    <SpaceBetween size="xxxs">
      {parts.slice(0, 3).map((part, index) => (
        <div key={index} className={styles.snippet}>
          <Box variant="awsui-key-label" display="inline">
            {part.label}:
          </Box>{' '}
          <Highlighted value={part.value.length > 300 ? `${part.value.slice(0, 300)}…` : part.value} />
        </div>
      ))}
    </SpaceBetween>
  );
}

function columns(searching: boolean): TableProps.ColumnDefinition<LibraryRow>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      cell: (row) => (
        <SpaceBetween direction="horizontal" size="xs">
          <TemplateLink row={row} />
          {row.retired ? <Badge color="grey">Retired</Badge> : null}
        </SpaceBetween>
      ),
      isRowHeader: true,
      minWidth: 260,
    },
    { id: 'severity', header: 'Severity', cell: (row) => <SeverityBadge severity={severityOf(row.severity)} /> },
    ...(searching
      ? [{ id: 'matched', header: 'Also matched in', cell: (row: LibraryRow) => <MatchedIn row={row} /> }]
      : []),
    { id: 'services', header: 'Services', cell: (row) => servicesText(row.services) || '—' },
    { id: 'usage', header: 'Used', cell: (row) => String(row.usageCount) },
    { id: 'version', header: 'Version', cell: (row) => String(row.version) },
    { id: 'updated', header: 'Changed', cell: (row) => <TimeAgo at={row.updatedAt} /> },
  ];
}

export interface TemplateLibraryProps {
  /** Grows when the library changed here (a template created or edited): the lists are read again. */
  generation: number;
  onCreate: () => void;
}

export function TemplateLibrary({ generation, onCreate }: TemplateLibraryProps) {
  const [query, setQuery] = useState('');
  const [hitPage, setHitPage] = useState(0);
  const searching = query.trim() !== '';
  const search = useTemplateSearch(query, hitPage, generation);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callFunction('listTemplates', { limit: fetchSize, ...(cursor ? { cursor } : {}) }).then((page) => ({
        items: page.templates.map(rowOfTemplate),
        nextCursor: page.nextCursor,
      })),
    // A new generation reads the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- generation names a change of the library
    [generation],
  );
  const pages = useServerPages(fetchPage, (row) => row.templateId, 'The templates could not be loaded.', {
    fillTo: listPageSize,
  });
  const listed = useCollection(pages.items, { pagination: { pageSize: listPageSize } });

  const answered = search.result && !search.problem ? search.result : undefined;
  const hits = answered ? answered.hits.map(rowOfHit) : [];
  const items = searching ? hits : listed.items;
  const loading = searching ? search.searching && !answered : pages.loading;

  let countText: string | undefined;
  if (searching && answered && !search.searching) {
    countText = `${answered.nbHits} ${answered.nbHits === 1 ? 'match' : 'matches'}`;
  }

  const empty = searching ? (
    search.problem ? (
      <TableEmptyState title="No templates to show" subtitle="The message above says why." />
    ) : (
      <TableEmptyState
        title={`No templates match "${query.trim()}"`}
        subtitle="Search looks in titles, rules, tags, CWE and texts, and allows a typo or two in longer words."
        action={<Button onClick={() => setQuery('')}>Clear search</Button>}
      />
    )
  ) : (
    <TableEmptyState
      title="No templates yet"
      subtitle="Write the explanation of a kind of finding once, and apply it to findings."
      action={<Button onClick={onCreate}>Create template</Button>}
    />
  );

  return (
    <SpaceBetween size="l">
      {searching && search.problem ? (
        <div role="alert">
          <Alert type="error" statusIconAriaLabel="Error" header={search.problem.title}>
            {search.problem.message}
          </Alert>
        </div>
      ) : null}
      {!searching && pages.error ? <LoadErrorAlert message={pages.error} onRetry={pages.reload} /> : null}
      <Table
        items={items}
        trackBy="templateId"
        columnDefinitions={columns(searching)}
        ariaLabels={{ tableLabel: 'Finding templates' }}
        loading={loading}
        loadingText={searching ? 'Searching templates' : 'Loading templates'}
        empty={empty}
        wrapLines
        variant="container"
        header={
          <Header
            variant="h2"
            counter={searching || pages.loading ? undefined : `(${pages.items.length}${pages.hasMore ? '+' : ''})`}
            description={
              searching
                ? 'Ranked by relevance, then by use.'
                : 'Every template, most recently changed first. Search to find one by its words.'
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="refresh" ariaLabel="Refresh templates" onClick={pages.reload} />
                <Button onClick={onCreate}>Create template</Button>
              </SpaceBetween>
            }
          >
            Library
          </Header>
        }
        filter={
          <TextFilter
            filteringText={query}
            onChange={({ detail }) => {
              setQuery(detail.filteringText);
              setHitPage(0);
            }}
            filteringPlaceholder="Search templates"
            filteringAriaLabel="Search templates"
            filteringClearAriaLabel="Clear search"
            countText={countText}
          />
        }
        pagination={
          searching ? (
            answered && answered.nbPages > 1 ? (
              <Pagination
                ariaLabels={paginationAriaLabels}
                currentPageIndex={answered.page + 1}
                pagesCount={answered.nbPages}
                onChange={({ detail }) => setHitPage(detail.currentPageIndex - 1)}
              />
            ) : undefined
          ) : (
            <ServerPagination
              paginationProps={listed.paginationProps}
              hasMore={pages.hasMore}
              loadingMore={pages.loadingMore}
              loadMore={pages.loadMore}
              setCurrentPage={(page) => listed.actions.setCurrentPage(page)}
            />
          )
        }
      />
    </SpaceBetween>
  );
}

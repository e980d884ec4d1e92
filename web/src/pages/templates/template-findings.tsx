// "Findings using this template": every finding whose texts came from the template, with the version they
// came from and whether an analyst edited them by hand since; and the bulk update that brings those still
// on an older version, and not edited by hand, up to the template as it is now (refreshTemplateFindings),
// followed to its result (getBulkUpdate): how many changed, how many were already current, which conflicted.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction, type CallOutput } from '../../api/call-client';
import { serviceLabels } from '../../components/admin/service-labels';
import { messageOf } from '../../components/forms/call-problems';
import { useSession } from '../../components/session/session-context';
import { TableEmptyState } from '../../components/empty-states/table-empty-state';
import { LoadErrorAlert } from '../../components/tables/load-error-alert';
import { useServerPages } from '../../components/tables/use-server-pages';
import { shellPages } from '../../shell-pages';
import { findingStatusLabels } from '../analyst/services/finding-values/finding-labels';
import { SeverityBadge } from '../analyst/services/finding-values/scanner-values';

type TemplateFindingRow = CallOutput<'listTemplateFindings'>['findings'][number];
type BulkUpdate = CallOutput<'getBulkUpdate'>;

/** How often a running update is read again. */
export const bulkPollMs = 1000;
const fetchSize = 100;

/** The analyst service page of a service, as the route table has it. */
export function servicePagePath(service: ServiceName): string | undefined {
  return shellPages.find((page) => page.gate?.rule === 'analystServicePage' && page.gate.service === service)?.path;
}

/** The finding on its service page, with its company selected first (the page shows the selected company's). */
function FindingLink({ row }: { row: TemplateFindingRow }) {
  const { company, setCompany } = useSession();
  const navigate = useNavigate();
  const path = servicePagePath(row.service);
  if (!path) return <>{row.title}</>;
  const href = `${path}?finding=${encodeURIComponent(row.findingId)}`;
  return (
    <Link
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        const selected = company === row.slug ? Promise.resolve() : setCompany(row.slug);
        void selected.then(() => navigate(href, { state: { openedFinding: row.findingId } }));
      }}
    >
      {row.title}
    </Link>
  );
}

const rowKey = (row: TemplateFindingRow) => `${row.slug}/${row.service}/${row.findingId}`;

export interface TemplateFindingsProps {
  templateId: string;
  /** The template's record version: a change reads the list again. */
  templateVersion: number;
  templateTitle: string;
}

export function TemplateFindings({ templateId, templateVersion, templateTitle }: TemplateFindingsProps) {
  const [currentVersion, setCurrentVersion] = useState<number | undefined>(undefined);
  const [bulk, setBulk] = useState<BulkUpdate | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | undefined>(undefined);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callFunction('listTemplateFindings', { templateId, limit: fetchSize, ...(cursor ? { cursor } : {}) }).then(
        (page) => {
          setCurrentVersion(page.templateVersion);
          return { items: page.findings, nextCursor: page.nextCursor };
        },
      ),
    // The template's version names a new state of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the template changes
    [templateId, templateVersion],
  );
  const pages = useServerPages(fetchPage, rowKey, 'The findings using this template could not be loaded.', {
    fillTo: fetchSize,
  });

  const running = bulk !== undefined && (bulk.status === 'queued' || bulk.status === 'running');
  const bulkId = running ? bulk.bulkId : undefined;
  useEffect(() => {
    if (!bulkId) return undefined;
    let current = true;
    const timer = window.setInterval(() => {
      callFunction('getBulkUpdate', { bulkId }).then(
        (next) => {
          if (!current) return;
          setBulk(next);
          if (next.status === 'done' || next.status === 'failed') pages.reload();
        },
        (caught: unknown) => console.warn('Reading the update failed', caught),
      );
    }, bulkPollMs);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
    // pages.reload is stable for a fetcher; the poll follows one update.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [bulkId]);

  const version = currentVersion;
  const outdated = pages.items.filter(
    (row) => version !== undefined && row.templateVersion < version && !row.templateTextsEdited,
  );
  const outdatedCount = `${outdated.length}${pages.hasMore ? '+' : ''}`;

  const start = async () => {
    setStarting(true);
    setStartError(undefined);
    try {
      const { bulkId: started } = await callFunction('refreshTemplateFindings', { templateId });
      const first = started ? await callFunction('getBulkUpdate', { bulkId: started }) : undefined;
      setBulk(first);
      // Done already, or none was outdated any more: the list shows where the findings stand now.
      if (!first || first.status === 'done' || first.status === 'failed') pages.reload();
    } catch (caught) {
      setStartError(messageOf(caught, 'The update could not be started. Please try again.'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <SpaceBetween size="m">
      {pages.error ? <LoadErrorAlert message={pages.error} onRetry={pages.reload} /> : null}
      {startError ? (
        <div role="alert">
          <Alert type="error" statusIconAriaLabel="Error">
            {startError}
          </Alert>
        </div>
      ) : null}
      {bulk ? <BulkProgress bulk={bulk} /> : null}
      <Table
        items={pages.items}
        trackBy={rowKey}
        variant="container"
        ariaLabels={{ tableLabel: 'Findings using this template' }}
        loading={pages.loading}
        loadingText="Loading the findings using this template"
        wrapLines
        header={
          <Header
            variant="h2"
            counter={pages.loading ? undefined : `(${pages.items.length}${pages.hasMore ? '+' : ''})`}
            description={
              version === undefined
                ? `Findings whose texts came from ${templateTitle}.`
                : `Findings whose texts came from ${templateTitle}. It is at version ${version}; findings edited by hand keep their texts.`
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="refresh"
                  ariaLabel="Refresh the findings using this template"
                  onClick={pages.reload}
                />
                <Button
                  variant="primary"
                  disabled={outdated.length === 0 || running || version === undefined}
                  loading={starting}
                  onClick={() => void start()}
                >
                  {`Update ${outdatedCount} ${outdated.length === 1 && !pages.hasMore ? 'finding' : 'findings'} to version ${version ?? '…'}`}
                </Button>
              </SpaceBetween>
            }
          >
            Findings using this template
          </Header>
        }
        empty={
          <TableEmptyState
            title="No findings use this template"
            subtitle="Apply it to findings on a service page: their texts then come from it."
          />
        }
        columnDefinitions={[
          { id: 'company', header: 'Company', cell: (row) => row.slug },
          { id: 'service', header: 'Service', cell: (row) => serviceLabels[row.service] },
          { id: 'title', header: 'Finding', cell: (row) => <FindingLink row={row} />, isRowHeader: true },
          { id: 'severity', header: 'Severity', cell: (row) => <SeverityBadge severity={row.severity} /> },
          { id: 'status', header: 'Status', cell: (row) => findingStatusLabels[row.status] },
          {
            id: 'version',
            header: 'Version',
            cell: (row) =>
              version !== undefined && row.templateVersion < version ? (
                <SpaceBetween direction="horizontal" size="xxs">
                  <span>{row.templateVersion}</span>
                  <Badge color="blue">older</Badge>
                </SpaceBetween>
              ) : (
                String(row.templateVersion)
              ),
          },
          {
            id: 'edited',
            header: 'Texts',
            cell: (row) =>
              row.templateTextsEdited ? <Badge color="severity-medium">edited by hand</Badge> : 'from the template',
          },
        ]}
        footer={
          pages.hasMore ? (
            <Box textAlign="center">
              <Button onClick={() => void pages.loadMore()} loading={pages.loadingMore}>
                Load more
              </Button>
            </Box>
          ) : undefined
        }
      />
    </SpaceBetween>
  );
}

function BulkProgress({ bulk }: { bulk: BulkUpdate }) {
  if (bulk.status === 'queued' || bulk.status === 'running') {
    return (
      <ProgressBar
        label="Updating findings"
        value={bulk.total > 0 ? Math.round((bulk.processed / bulk.total) * 100) : 0}
        description={bulk.total > 0 ? `${bulk.processed} of ${bulk.total} findings` : 'Finding the findings to update'}
        additionalInfo={`${bulk.changed} changed so far`}
      />
    );
  }
  if (bulk.status === 'failed') {
    return (
      <div role="alert">
        <Alert type="error" statusIconAriaLabel="Error" header="The update failed">
          {bulk.error ?? `It stopped after ${bulk.processed} of ${bulk.total} findings (${bulk.changed} changed).`}
        </Alert>
      </div>
    );
  }
  return (
    <div role="status">
      <Alert type={bulk.conflicted.length > 0 ? 'warning' : 'success'} header="Findings updated">
        <SpaceBetween size="xs">
          <span>{`${bulk.changed} changed, ${bulk.unchanged} unchanged, ${bulk.conflicted.length} conflicted.`}</span>
          {bulk.conflicted.length > 0 ? (
            <ul>
              {bulk.conflicted.slice(0, 20).map((skip) => (
                <li key={`${skip.slug}/${skip.service}/${skip.findingId}`}>
                  {`${skip.slug}, ${serviceLabels[skip.service]}: ${skip.findingId} (${skip.reason === 'conflict' ? 'changed by someone else meanwhile' : 'gone'})`}
                </li>
              ))}
            </ul>
          ) : null}
        </SpaceBetween>
      </Alert>
    </div>
  );
}

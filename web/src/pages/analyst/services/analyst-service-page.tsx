// /analyst/services/{projectmariana,dast,network,cloud,password-cracking} (level 7; password cracking also
// for the people who manage it): the service's findings, scans and assets for the company selected in the
// header, the import of a scan file with its progress (which survives a reload) and result, and the bulk
// update of selected findings, followed the same way. The tab and the finding shown are in the address
// (?tab=scans, ?finding=<id>), so either can be linked.
import { useCallback, useRef, useState } from 'react';
import { useAddressParams } from '../../../components/address/use-address-params';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import type { ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { serviceLabels } from '../../../components/admin/service-labels';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { DetailBelowTable } from '../../../components/layout/detail-below-table';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../components/session/session-context';
import { analystServiceHelp } from './analyst-service-help';
import { AssetsTable } from './assets/assets-table';
import { BulkUpdatePanel } from './bulk-updates/bulk-update-panel';
import { FindingDetail } from './finding-detail/finding-detail';
import { noFindingFilters, type FindingFilters } from './findings/finding-filter';
import { FindingsTable } from './findings/findings-table';
import { ImportPanel } from './imports/import-panel';
import type { ScanImportRecord } from './imports/import-runner';
import { ImportScanModal } from './imports/import-scan-modal';
import { NewFindingModal } from './new-finding/new-finding-modal';
import { ReviewQueue } from './reviews/review-queue';
import { NoServiceCompany } from './no-service-company';
import { findingParam, tabOf, withFinding, withTab, type TabId } from './page-address';
import { ScansTable } from './scans/scans-table';
import { plural } from './finding-values/finding-text';
import { useBulkUpdate, type BulkUpdateRecord } from './bulk-updates/use-bulk-update';
import { useLastScan } from './scans/use-last-scan';
import { useScanImport } from './imports/use-scan-import';

export interface AnalystServicePageProps {
  service: ServiceName;
  /** The route table's title ('DAST service'). */
  title: string;
}

export default function AnalystServicePage({ service, title }: AnalystServicePageProps) {
  usePageHelp(analystServiceHelp[service]);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  // The form belongs to the company it opened for.
  const [importingFor, setImportingFor] = useState<string | undefined>(undefined);
  const [writingFor, setWritingFor] = useState<string | undefined>(undefined);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            company
              ? `${serviceLabels[service]} scans, findings and assets of ${companyName}.`
              : `${serviceLabels[service]} scans, findings and assets of a company.`
          }
          info={
            <InfoLink
              topic={analystServiceHelp[service]}
              ariaLabel={`Info about the ${serviceLabels[service]} service`}
            />
          }
          actions={
            company ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button iconName="add-plus" onClick={() => setWritingFor(company)}>
                  New finding
                </Button>
                <Button variant="primary" iconName="upload" onClick={() => setImportingFor(company)}>
                  Import scan
                </Button>
              </SpaceBetween>
            ) : undefined
          }
        >
          {title}
        </Header>
      }
    >
      {company && companyName ? (
        // Keyed: nothing of one company (filters, the followed import) carries over to the next.
        <ServiceWorkspace
          key={company}
          slug={company}
          companyName={companyName}
          service={service}
          importing={importingFor === company}
          onImportingChange={(open) => setImportingFor(open ? company : undefined)}
          writing={writingFor === company}
          onWritingChange={(open) => setWritingFor(open ? company : undefined)}
        />
      ) : (
        <NoServiceCompany />
      )}
    </ContentLayout>
  );
}

interface ServiceWorkspaceProps {
  slug: string;
  companyName: string;
  service: ServiceName;
  /** The import form is open. */
  importing: boolean;
  onImportingChange: (open: boolean) => void;
  /** The new finding form is open. */
  writing: boolean;
  onWritingChange: (open: boolean) => void;
}

function ServiceWorkspace({
  slug,
  companyName,
  service,
  importing,
  onImportingChange,
  writing,
  onWritingChange,
}: ServiceWorkspaceProps) {
  const { notify } = useNotifications();
  const [params, setParams] = useAddressParams();
  const tab = tabOf(params);

  const [filters, setFilters] = useState<FindingFilters>(noFindingFilters);
  // Grows when the lists must be read again: an import began or ended.
  const [refreshKey, setRefreshKey] = useState(0);
  const lastScan = useLastScan(slug, service, refreshKey);

  const finished = useCallback(
    (scan: ScanImportRecord) => {
      setRefreshKey((key) => key + 1);
      if (scan.status === 'done') {
        notify({
          type: 'success',
          title: 'Scan imported',
          message: `${scan.files.map((file) => file.name).join(' and ')} was imported.`,
        });
      } else {
        notify({ type: 'error', title: 'Import failed', message: scan.error?.message ?? 'The import failed.' });
      }
    },
    [notify],
  );
  const imports = useScanImport(slug, service, finished);

  const bulkFinished = useCallback(
    (record: BulkUpdateRecord) => {
      setRefreshKey((key) => key + 1);
      if (record.status === 'done') {
        const conflicted = record.conflicted.length;
        notify({
          type: conflicted > 0 ? 'warning' : 'success',
          title: 'Bulk update done',
          message: `${plural(record.changed, 'finding')} changed${conflicted > 0 ? `, ${plural(conflicted, 'finding')} left as they were` : ''}.`,
        });
      } else {
        notify({ type: 'error', title: 'Bulk update failed', message: record.error ?? 'The bulk update failed.' });
      }
    },
    [notify],
  );
  const bulk = useBulkUpdate(slug, service, bulkFinished);
  // The titles of the findings last selected, for the links to the ones a bulk update left.
  const selectedTitles = useRef(new Map<string, string>());

  const chooseTab = (next: TabId) => setParams((current) => withTab(current, next), { replace: true });
  const openImport = () => onImportingChange(true);

  const findingsTab = (
    <DetailBelowTable
      param={findingParam}
      openedState="openedFinding"
      detail={({ id, focusOnOpen, onClose }) => (
        <FindingDetail
          slug={slug}
          service={service}
          findingId={id}
          focusOnOpen={focusOnOpen}
          refreshKey={refreshKey}
          onClose={onClose}
        />
      )}
    >
      <ReviewQueue
        slug={slug}
        service={service}
        refreshKey={refreshKey}
        onDecided={() => setRefreshKey((key) => key + 1)}
      />
      <FindingsTable
        slug={slug}
        service={service}
        filters={filters}
        onFiltersChange={setFilters}
        lastScanId={lastScan?.importId}
        refreshKey={refreshKey}
        onImport={openImport}
        onBulkStarted={(bulkId, summary, selection) => {
          selectedTitles.current = new Map(selection.map((finding) => [finding.id, finding.title]));
          bulk.begin(bulkId, summary);
        }}
      />
    </DetailBelowTable>
  );

  return (
    <SpaceBetween size="l">
      {imports.followed ? <ImportPanel followed={imports.followed} onDismiss={imports.dismiss} /> : null}
      {bulk.followed ? (
        <BulkUpdatePanel
          followed={bulk.followed}
          titleOf={(id) => selectedTitles.current.get(id)}
          onDismiss={bulk.dismiss}
        />
      ) : null}
      <Tabs
        ariaLabel={`${serviceLabels[service]} of ${companyName}`}
        activeTabId={tab}
        onChange={({ detail }) => chooseTab(detail.activeTabId as TabId)}
        tabs={[
          { id: 'findings', label: 'Findings', content: findingsTab },
          {
            id: 'scans',
            label: 'Scans',
            content: <ScansTable slug={slug} service={service} refreshKey={refreshKey} onImport={openImport} />,
          },
          {
            id: 'assets',
            label: 'Assets',
            content: (
              <AssetsTable
                slug={slug}
                service={service}
                refreshKey={refreshKey}
                onImport={openImport}
                onShowFindings={(assetKey) => {
                  setFilters({ ...noFindingFilters, assetKey });
                  chooseTab('findings');
                }}
              />
            ),
          },
        ]}
      />
      {importing ? (
        <ImportScanModal
          slug={slug}
          service={service}
          companyName={companyName}
          onDismiss={() => onImportingChange(false)}
          onCreated={(created, files) => {
            onImportingChange(false);
            imports.begin(created, files);
            setRefreshKey((key) => key + 1);
          }}
        />
      ) : null}
      {writing ? (
        <NewFindingModal
          slug={slug}
          service={service}
          companyName={companyName}
          onDismiss={() => onWritingChange(false)}
          onCreated={(findingId, findingTitle) => {
            onWritingChange(false);
            setRefreshKey((key) => key + 1);
            notify({ type: 'success', title: 'Finding created', message: `${findingTitle} is open below the list.` });
            setParams(
              (current) => new URLSearchParams(withFinding(withTab(current, 'findings').toString(), findingId)),
            );
          }}
        />
      ) : null}
    </SpaceBetween>
  );
}

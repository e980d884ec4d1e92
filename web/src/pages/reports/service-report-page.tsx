// /reports/{projectmariana,password_cracking,dast,network,cloud}: a service's report for the company selected
// in the header: the dashboard (getServiceReport: figures kept up to date at import and curation time), then
// the published findings (server-paged, filters in the address), then a finding's detail (?finding=<id>).
// Its own chunk: the charts load only here.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useAddressParams } from '../../components/address/use-address-params';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { SlaFilterState } from '../../../../lambdas/contracts/finding-filter';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../api/call-client';
import { serviceLabels } from '../../components/admin/service-labels';
import { messageOf } from '../../components/forms/call-problems';
import { usePageHelp } from '../../components/help-panel/help-panel-context';
import { InfoLink } from '../../components/help-panel/info-link';
import { sumOf } from '../../components/reports/report-words';
import { useSession } from '../../components/session/session-context';
import { LoadErrorAlert } from '../../components/tables/load-error-alert';
import { TimeAgo } from '../../components/time/updated-label';
import { ChangesPerScan, OpenOverScans, SeverityDonut, TopAssets, type ServiceReport } from './report-charts';
import { filterParams, filtersOf, withFilters, type ReportFilters } from './report-address';
import { ReportFindingsTable } from './report-findings-table';
import { SlaProgress } from './report-progress';
import { ReportsHelp } from './reports-help';
import { ServiceFigures } from './service-figures';

// A finding's detail (with the remediation loop's parts) loads when a finding is opened, not with the report.
const ReportFindingDetail = lazy(() =>
  import('./report-finding-detail').then((module) => ({ default: module.ReportFindingDetail })),
);

export interface ServiceReportPageProps {
  service: ServiceName;
  title: string;
}

function Dashboard({ report, onShowSla }: { report: ServiceReport; onShowSla: (state: SlaFilterState) => void }) {
  const changes = report.lastScanChanges;
  // A customer's last scan is the last one that changed a published finding: none yet, no last-scan figures.
  const lastScanFigures = report.lastScan
    ? [
        ['New in the last scan', sumOf(changes.new)],
        ['Fixed in the last scan', sumOf(changes.fixed)],
        ['Reopened in the last scan', sumOf(changes.reopened)],
      ]
    : [];
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Open findings</Header>}>
        <ColumnLayout columns={1 + lastScanFigures.length} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">Open findings</Box>
            <Box variant="awsui-value-large">{report.openTotal}</Box>
          </div>
          {lastScanFigures.map(([label, value]) => (
            <div key={label}>
              <Box variant="awsui-key-label">{label}</Box>
              <Box variant="awsui-value-large">{value}</Box>
            </div>
          ))}
        </ColumnLayout>
      </Container>
      <SlaProgress report={report} onShowSla={onShowSla} />
      <ColumnLayout columns={2}>
        <Container header={<Header variant="h2">Open findings by severity</Header>}>
          <SeverityDonut report={report} />
        </Container>
        <Container header={<Header variant="h2">Open findings over the scans</Header>}>
          <OpenOverScans report={report} />
        </Container>
        <Container header={<Header variant="h2">New, fixed and reopened per scan</Header>}>
          <ChangesPerScan report={report} />
        </Container>
        <Container header={<Header variant="h2">Top assets</Header>}>
          <TopAssets report={report} />
        </Container>
      </ColumnLayout>
      <ServiceFigures report={report} />
    </SpaceBetween>
  );
}

/** When the figures last changed, in the viewer's terms (a customer's: the last scan that changed their findings). */
function updatedLine(report: ServiceReport) {
  if (report.lastScan) {
    return (
      <>
        Updated <TimeAgo at={report.lastScan.at} />
      </>
    );
  }
  if (report.view === 'analyst') return 'No scan yet. The figures show once the first scan is imported.';
  return report.openTotal > 0 || Object.values(report.byStatus).some((count) => count > 0)
    ? 'The figures below count the findings published to you.'
    : 'Nothing published yet. The figures show once the assessment team publishes findings of a scan.';
}

type Loaded = { key: string; report?: ServiceReport; error?: string };

function ServiceReportContent({ slug, service }: { slug: string; service: ServiceName }) {
  const [params, setParams] = useAddressParams();
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [reads, setReads] = useState(0);
  const key = `${slug}/${service}`;
  useEffect(() => {
    let current = true;
    callFunction('getServiceReport', { slug, service }).then(
      (report) => current && setLoaded({ key, report }),
      (caught: unknown) => current && setLoaded({ key, error: messageOf(caught, 'The report could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [slug, service, key, reads]);
  // The same filters object while the address's filter parameters stay the same (a new one reads the list again).
  const filterText = new URLSearchParams(
    filterParams.flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [[name, value]];
    }),
  ).toString();
  const filters = useMemo(() => filtersOf(new URLSearchParams(filterText)), [filterText]);
  // Merged into the address as it is then (two quick changes both count: use-address-params.ts).
  const onFiltersChange = useCallback(
    (change: Partial<ReportFilters>) =>
      setParams((current) => withFilters(current, { ...filtersOf(current), ...change })),
    [setParams],
  );
  const findingId = params.get('finding') ?? undefined;
  const shown = loaded?.key === key ? loaded : undefined;

  return (
    <SpaceBetween size="l">
      {!shown ? (
        <Box textAlign="center" padding="l">
          <Spinner /> Loading the report
        </Box>
      ) : shown.error || !shown.report ? (
        <LoadErrorAlert message={shown.error ?? ''} onRetry={() => setReads((count) => count + 1)} />
      ) : (
        <>
          <Box variant="p">{updatedLine(shown.report)}</Box>
          <Dashboard report={shown.report} onShowSla={(sla) => onFiltersChange({ sla })} />
        </>
      )}
      <ReportFindingsTable
        slug={slug}
        service={service}
        lastScanImportId={shown?.report?.lastScan?.importId}
        choices={shown?.report?.filterChoices}
        filters={filters}
        onFiltersChange={onFiltersChange}
      />
      {findingId ? (
        <Suspense fallback={<Spinner />}>
          <ReportFindingDetail
            key={findingId}
            slug={slug}
            service={service}
            findingId={findingId}
            onClose={() =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.delete('finding');
                return next;
              })
            }
          />
        </Suspense>
      ) : null}
    </SpaceBetween>
  );
}

export default function ServiceReportPage({ service, title }: ServiceReportPageProps) {
  usePageHelp(ReportsHelp);
  const { company, companyDoc } = useSession();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            companyDoc
              ? `${serviceLabels[service]} findings published to ${companyDoc.companyName}.`
              : `${serviceLabels[service]} findings of your company.`
          }
          info={<InfoLink topic={ReportsHelp} ariaLabel="Info about reports" />}
        >
          {title}
        </Header>
      }
    >
      {company ? (
        <ServiceReportContent key={company} slug={company} service={service} />
      ) : (
        <Box variant="p">Reports show for a company: you belong to none yet.</Box>
      )}
    </ContentLayout>
  );
}

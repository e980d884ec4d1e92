// The selected company's services at a glance (getReportsOverview): per service the caller may view, open
// findings by severity, what the last scan changed, what is overdue and due soon (a link to those findings), the
// findings opened and fixed per month (a small chart), when it was last scanned (spec 9's 'Updated' label) and a
// link to the service's report. /reports shows it, and Home shows it to customers. Home must stay light: the chart
// loads in a chunk of its own once the cards show.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { callFunction, type CallOutput } from '../../api/call-client';
import { messageOf } from '../forms/call-problems';
import { serviceLabels } from '../admin/service-labels';
import { LoadErrorAlert } from '../tables/load-error-alert';
import { TimeAgo } from '../time/updated-label';
import { reportPath, severityBadgeColors, severityLabels, severities, sumOf } from './report-words';

export type ServiceSummary = CallOutput<'getReportsOverview'>['services'][number];

const MonthlyTrendChart = lazy(() => import('./monthly-trend-chart'));

/** 'Overdue 3 · due within 7 days 2', or that nothing is. */
function SlaLine({ summary, onShowOverdue }: { summary: ServiceSummary; onShowOverdue: () => void }) {
  const { overdue, dueSoon } = summary.sla;
  if (overdue === 0 && dueSoon === 0) return <Box variant="small">Nothing overdue or due within 7 days.</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      {overdue > 0 ? (
        <Link
          href={`${reportPath(summary.service)}?sla=overdue`}
          onFollow={(event) => {
            event.preventDefault();
            onShowOverdue();
          }}
        >
          {`${overdue} overdue`}
        </Link>
      ) : null}
      {dueSoon > 0 ? <Box variant="small">{`${dueSoon} due within 7 days`}</Box> : null}
    </SpaceBetween>
  );
}

export function ServiceSummaryCard({ summary }: { summary: ServiceSummary }) {
  const navigate = useNavigate();
  const label = serviceLabels[summary.service];
  const path = reportPath(summary.service);
  const changes = summary.lastScanChanges;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={
            summary.lastScan ? (
              <>
                Updated <TimeAgo at={summary.lastScan.at} />
              </>
            ) : undefined
          }
        >
          <Link
            href={path}
            fontSize="heading-m"
            onFollow={(event) => {
              event.preventDefault();
              void navigate(path);
            }}
          >
            {label}
          </Link>
        </Header>
      }
    >
      {summary.lastScan || summary.openTotal > 0 ? (
        <SpaceBetween size="s">
          <div>
            <Box variant="awsui-key-label">Open findings</Box>
            <Box variant="awsui-value-large">{summary.openTotal}</Box>
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            {severities.map((severity) => (
              <Badge key={severity} color={severityBadgeColors[severity]}>
                {severityLabels[severity]} {summary.open[severity]}
              </Badge>
            ))}
          </SpaceBetween>
          {summary.lastScan ? (
            <Box variant="p">
              Since the last scan: {sumOf(changes.new)} new, {sumOf(changes.fixed)} fixed
              {sumOf(changes.reopened) > 0 ? `, ${sumOf(changes.reopened)} reopened` : ''}.
            </Box>
          ) : null}
          <SlaLine summary={summary} onShowOverdue={() => void navigate(`${path}?sla=overdue`)} />
          <div>
            <Box variant="awsui-key-label">Opened and fixed per month</Box>
            <Suspense fallback={<Spinner size="normal" />}>
              <MonthlyTrendChart trend={summary.monthlyTrend} small />
            </Suspense>
          </div>
        </SpaceBetween>
      ) : (
        <Box variant="p" color="text-body-secondary">
          {summary.view === 'analyst'
            ? `No scan yet. Once the first ${label} scan is imported, its open findings by severity and what changed show here.`
            : `Nothing published yet. Once the assessment team publishes findings of a ${label} scan, the open findings by severity and what changed show here.`}
        </Box>
      )}
    </Container>
  );
}

type Loaded = { slug: string; services?: ServiceSummary[]; error?: string };

export function ReportsOverview({ company }: { company: string }) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    callFunction('getReportsOverview', { slug: company }).then(
      (answer) => current && setLoaded({ slug: company, services: answer.services }),
      (caught: unknown) =>
        current && setLoaded({ slug: company, error: messageOf(caught, 'The reports could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [company, reads]);
  const shown = loaded?.slug === company ? loaded : undefined;
  if (!shown) {
    return (
      <Box textAlign="center" padding="l">
        <Spinner /> Loading reports
      </Box>
    );
  }
  if (shown.error) return <LoadErrorAlert message={shown.error} onRetry={() => setReads((count) => count + 1)} />;
  const services = shown.services ?? [];
  if (services.length === 0) {
    return (
      <Container header={<Header variant="h2">Reports</Header>}>
        <Box variant="p">
          No report to show for this company yet: reports appear for the services your company has on and that your
          access allows, as soon as the assessment team publishes findings of a scan.
        </Box>
      </Container>
    );
  }
  return (
    <ColumnLayout columns={Math.min(3, services.length)} minColumnWidth={280}>
      {services.map((summary) => (
        <ServiceSummaryCard key={summary.service} summary={summary} />
      ))}
    </ColumnLayout>
  );
}

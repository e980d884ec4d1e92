// A service report's SLA and progress (getServiceReport's `sla`, `mttrDays`, `monthlyTrend`): what is overdue and
// due within 7 days (each a link to the findings list filtered so), the share of the last 90 days' fixes made by
// their due date, the median days to fix by severity, and findings opened and fixed per month.
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { SlaFilterState } from '../../../../lambdas/contracts/finding-filter';
import { MonthlyTrendChart } from '../../components/reports/monthly-trend-chart';
import { severities, severityLabels } from '../../components/reports/report-words';
import type { ServiceReport } from './report-charts';

const days = (value: number) =>
  `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${value === 1 ? 'day' : 'days'}`;

export function SlaProgress({
  report,
  onShowSla,
}: {
  report: ServiceReport;
  /** Shows the findings list filtered by this SLA state. */
  onShowSla: (state: SlaFilterState) => void;
}) {
  const { sla, mttrDays } = report;
  const countLink = (state: SlaFilterState, count: number, label: string) =>
    count > 0 ? (
      <Link
        variant="primary"
        fontSize="display-l"
        href={`?sla=${state}`}
        ariaLabel={`${count} ${label}: show them`}
        onFollow={(event) => {
          event.preventDefault();
          onShowSla(state);
        }}
      >
        {String(count)}
      </Link>
    ) : (
      <Box variant="awsui-value-large">0</Box>
    );
  const timed = severities.filter((severity) => mttrDays[severity] !== undefined);
  return (
    <ColumnLayout columns={2}>
      <Container
        data-testid="report-sla"
        header={
          <Header variant="h2" description="Open published findings against the company's SLA policy.">
            SLA
          </Header>
        }
      >
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">Overdue</Box>
            {countLink('overdue', sla.overdue, 'overdue')}
          </div>
          <div>
            <Box variant="awsui-key-label">Due within 7 days</Box>
            {countLink('dueSoon', sla.dueSoon, 'due within 7 days')}
          </div>
          <div>
            <Box variant="awsui-key-label">Fixed within SLA (90 days)</Box>
            <Box variant="awsui-value-large">
              {sla.compliancePercent === undefined ? '–' : `${sla.compliancePercent}%`}
            </Box>
            {sla.compliancePercent === undefined ? (
              <Box variant="small" display="block">
                No fix in the last 90 days.
              </Box>
            ) : null}
          </div>
        </ColumnLayout>
        <Box margin={{ top: 'l' }}>
          <Box variant="h3">Median time to fix (90 days)</Box>
          {timed.length ? (
            <KeyValuePairs
              columns={Math.min(4, timed.length)}
              items={timed.map((severity) => ({ label: severityLabels[severity], value: days(mttrDays[severity]!) }))}
            />
          ) : (
            <Box variant="p" color="text-body-secondary">
              Shows once a published finding is fixed: the days from its publication to the fix.
            </Box>
          )}
        </Box>
      </Container>
      <Container header={<Header variant="h2">Opened and fixed per month</Header>}>
        <MonthlyTrendChart trend={report.monthlyTrend} />
      </Container>
    </ColumnLayout>
  );
}

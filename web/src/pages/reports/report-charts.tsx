// The charts of a service's dashboard, drawn with Cloudscape's charts: the severity donut of open findings,
// open findings by severity over the scans, what each scan changed (new, fixed, reopened), and the assets with
// the most open findings. Each says in words what it shows when there is nothing to draw yet.
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import PieChart from '@cloudscape-design/components/pie-chart';
import type { CallOutput } from '../../api/call-client';
import { severityChartColors, severityLabels, severities, sumOf } from '../../components/reports/report-words';

export type ServiceReport = CallOutput<'getServiceReport'>;

const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const scanLabel = (at: number, index: number) => `${shortDate.format(at)} (#${index + 1})`;

function Empty({ children }: { children: string }) {
  return (
    <Box textAlign="center" color="inherit" padding="m">
      <Box variant="p" color="inherit">
        {children}
      </Box>
    </Box>
  );
}

export function SeverityDonut({ report }: { report: ServiceReport }) {
  const data = severities
    .filter((severity) => report.open[severity] > 0)
    .map((severity) => ({
      title: severityLabels[severity],
      value: report.open[severity],
      color: severityChartColors[severity],
    }));
  return (
    <PieChart
      data={data}
      variant="donut"
      size="medium"
      innerMetricValue={String(report.openTotal)}
      innerMetricDescription="open"
      ariaLabel="Open findings by severity"
      ariaDescription={severities.map((severity) => `${severityLabels[severity]} ${report.open[severity]}`).join(', ')}
      hideFilter
      detailPopoverContent={(datum, sum) => [
        { key: 'Findings', value: datum.value },
        { key: 'Share', value: `${Math.round((datum.value / sum) * 100)}%` },
      ]}
      i18nStrings={{ chartAriaRoleDescription: 'donut chart', segmentAriaRoleDescription: 'segment' }}
      empty={<Empty>No open finding: every published finding is fixed or closed.</Empty>}
    />
  );
}

export function OpenOverScans({ report }: { report: ServiceReport }) {
  const labels = report.trend.map((point, index) => scanLabel(point.at, index));
  const series = severities.map((severity) => ({
    title: severityLabels[severity],
    type: 'bar' as const,
    color: severityChartColors[severity],
    data: report.trend.map((point, index) => ({ x: labels[index]!, y: point.open[severity] })),
  }));
  return (
    <BarChart
      series={report.trend.length ? series : []}
      xDomain={labels}
      xScaleType="categorical"
      stackedBars
      height={220}
      xTitle="Scan"
      yTitle="Open findings"
      ariaLabel="Open findings by severity over the scans"
      hideFilter
      empty={<Empty>Open findings over time show here from the first scan on.</Empty>}
    />
  );
}

export function ChangesPerScan({ report }: { report: ServiceReport }) {
  const labels = report.trend.map((point, index) => scanLabel(point.at, index));
  const kinds = [
    ['new', 'New', '#688ae8'],
    ['fixed', 'Fixed', '#2ea597'],
    ['reopened', 'Reopened', '#c33d69'],
  ] as const;
  return (
    <BarChart
      series={
        report.trend.length
          ? kinds.map(([kind, title, color]) => ({
              title,
              type: 'bar' as const,
              color,
              data: report.trend.map((point, index) => ({ x: labels[index]!, y: point[kind] })),
            }))
          : []
      }
      xDomain={labels}
      xScaleType="categorical"
      height={220}
      xTitle="Scan"
      yTitle="Findings"
      ariaLabel="New, fixed and reopened findings per scan"
      hideFilter
      empty={<Empty>What each scan finds new, fixed or reopened shows here from the first scan on.</Empty>}
    />
  );
}

export function TopAssets({ report }: { report: ServiceReport }) {
  const names = report.topAssets.map((asset) => asset.name);
  return (
    <BarChart
      series={
        report.topAssets.length
          ? severities.map((severity) => ({
              title: severityLabels[severity],
              type: 'bar' as const,
              color: severityChartColors[severity],
              data: report.topAssets.map((asset) => ({ x: asset.name, y: asset.open[severity] })),
            }))
          : []
      }
      xDomain={names}
      xScaleType="categorical"
      horizontalBars
      stackedBars
      height={Math.max(160, 36 * names.length)}
      xTitle="Asset"
      yTitle="Open findings (low and above)"
      ariaLabel="Assets with the most open findings"
      hideFilter
      empty={<Empty>The assets with the most open findings of severity low and above show here.</Empty>}
    />
  );
}

export const openTotalOf = (report: ServiceReport) => sumOf(report.open);

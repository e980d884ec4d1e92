// Findings opened and fixed per month, the last 12 (getServiceReport's and getReportsOverview's `monthlyTrend`),
// drawn with Cloudscape's bar chart: full size on a service's report, small (no legend, no axis titles) on the
// overview's cards, where it loads in a chunk of its own after the cards (the default export), so Home stays light.
import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import type { CallOutput } from '../../api/call-client';

export type MonthlyTrend = CallOutput<'getServiceReport'>['monthlyTrend'];

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** 'Nov 26' for '2026-11'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** 'Opened 3, fixed 1 in Nov 26; …': what the chart shows, for a screen reader. */
export const monthlyTrendText = (trend: MonthlyTrend) =>
  trend.map((point) => `${monthLabel(point.month)}: ${point.opened} opened, ${point.fixed} fixed`).join('; ');

export function MonthlyTrendChart({ trend, small = false }: { trend: MonthlyTrend; small?: boolean }) {
  const labels = trend.map((point) => monthLabel(point.month));
  const series = [
    { key: 'opened', title: 'Opened', color: '#688ae8' },
    { key: 'fixed', title: 'Fixed', color: '#2ea597' },
  ] as const;
  const empty = trend.every((point) => point.opened === 0 && point.fixed === 0);
  return (
    <BarChart
      series={
        empty
          ? []
          : series.map(({ key, title, color }) => ({
              title,
              type: 'bar' as const,
              color,
              data: trend.map((point, index) => ({ x: labels[index]!, y: point[key] })),
            }))
      }
      xDomain={labels}
      xScaleType="categorical"
      // Counts: no tick between two whole numbers.
      yTickFormatter={(value) => (Number.isInteger(value) ? String(value) : '')}
      height={small ? 80 : 220}
      xTitle={small ? undefined : 'Month'}
      yTitle={small ? undefined : 'Findings'}
      hideFilter
      hideLegend={small}
      ariaLabel="Findings opened and fixed per month"
      ariaDescription={monthlyTrendText(trend)}
      empty={
        <Box textAlign="center" color="inherit" padding={small ? 'xs' : 'm'}>
          <Box variant={small ? 'small' : 'p'} color="inherit">
            No finding opened or fixed in the last 12 months.
          </Box>
        </Box>
      }
    />
  );
}

export default MonthlyTrendChart;

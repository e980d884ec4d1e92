// Words and colours the report pages share: severities in the portal's order, their labels and badge and
// chart colours, and each service's report address.
import type { BadgeProps } from '@cloudscape-design/components/badge';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { severities, type Severity } from '../../../../lambdas/kernel/scanners/finding-model';

export { severities, type Severity };

export const severityLabels: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
};

export const severityBadgeColors: Record<Severity, NonNullable<BadgeProps['color']>> = {
  critical: 'severity-critical',
  high: 'severity-high',
  medium: 'severity-medium',
  low: 'severity-low',
  info: 'severity-neutral',
};

/** Cloudscape's severity colours (its charts' status palette), readable in light and dark mode. */
export const severityChartColors: Record<Severity, string> = {
  critical: '#d63f38',
  high: '#fe6e73',
  medium: '#f89256',
  low: '#dfb52c',
  info: '#8d99a8',
};

export const reportPath = (service: ServiceName) => `/reports/${service}`;

export const sumOf = (counts: Record<Severity, number>) =>
  severities.reduce((sum, severity) => sum + counts[severity], 0);

// Words for the values the analyst service pages show: severities (critical first) with their badge
// colours, finding statuses, import statuses and the service's file formats. Severities and formats come
// from the parser-free scanner modules; the finding statuses are copied from contracts/findings.ts (that
// module brings zod with it), and tests/unit/analyst-service-text.test.ts keeps the copies equal.
import type { BadgeProps } from '@cloudscape-design/components/badge';
import type { FindingStatus, ImportStatus } from '../../../../../../lambdas/contracts/findings';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { formatCatalogue, formatsOf } from '../../../../../../lambdas/kernel/scanners/formats';
import { severities, type FormatId, type Severity } from '../../../../../../lambdas/kernel/scanners/finding-model';

export { severities, type Severity, type FindingStatus, type ImportStatus, type FormatId };

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

/** Critical 4 … info 0: the order listFindings pages by. */
export function severityRank(severity: Severity): number {
  return severities.length - 1 - severities.indexOf(severity);
}

/** The finding statuses of contracts/findings.ts, in its order. */
export const findingStatuses = [
  'open',
  'fixed',
  'risk_accepted',
  'false_positive',
  'out_of_scope',
] as const satisfies readonly FindingStatus[];

export const findingStatusLabels: Record<FindingStatus, string> = {
  open: 'Open',
  fixed: 'Fixed',
  risk_accepted: 'Risk accepted',
  false_positive: 'False positive',
  out_of_scope: 'Out of scope',
};

export const importStatusLabels: Record<ImportStatus, string> = {
  uploading: 'Uploading',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
};

/** 'Importing 42%' while it runs; the status's word otherwise. */
export function scanStatusText(scan: {
  status: ImportStatus;
  progress: { bytesRead: number; bytesTotal: number };
}): string {
  const { bytesRead, bytesTotal } = scan.progress;
  if (scan.status === 'running' && bytesTotal > 0) {
    return `${importStatusLabels.running} ${Math.min(100, Math.floor((bytesRead / bytesTotal) * 100))}%`;
  }
  return importStatusLabels[scan.status];
}

/** An import still under way on the server (the scans table and the progress panel follow it). */
export function isImportActive(status: ImportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** The import is over, one way or the other. */
export function isImportEnded(status: ImportStatus): boolean {
  return status === 'done' || status === 'failed';
}

/** The largest file an import takes: contracts/findings.ts's maxImportFileBytes (kept equal by a test). */
export const maxImportFileBytes = 200 * 1024 * 1024;

export function formatLabel(format: FormatId): string {
  return formatCatalogue[format].label;
}

/** The formats an analyst may name for the service (password cracking has one, detected from its two files). */
export function importFormatsOf(service: ServiceName): FormatId[] {
  return formatsOf(service).filter((format) => format !== 'password-audit');
}

/** 'ZAP JSON, ZAP XML or nuclei JSONL'. */
export function formatListText(service: ServiceName): string {
  const labels = importFormatsOf(service).map(formatLabel);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

// A report's filters live in the address (?severity=high,critical&status=open&confidence=certain,firm&new=1&
// finding=<id>), so a view can be shared or bookmarked; anything unknown in it is ignored.
import { confidences, type Confidence } from '../../../../lambdas/kernel/scanners/finding-model';
import { findingStatuses, severities, type FindingStatus, type Severity } from '../analyst/services/finding-labels';

export interface ReportFilters {
  severity: Severity[];
  status: FindingStatus[];
  /** The tool's confidence (DAST's, or the network scan's quality of detection). */
  confidence: Confidence[];
  /** Only the findings the last scan found first. */
  newOnly: boolean;
}

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] =>
  (value ?? '')
    .split(',')
    .filter((item): item is T => (allowed as readonly string[]).includes(item))
    .filter((item, index, all) => all.indexOf(item) === index);

export function filtersOf(params: URLSearchParams): ReportFilters {
  return {
    severity: listOf(params.get('severity'), severities),
    status: listOf(params.get('status'), findingStatuses),
    confidence: listOf(params.get('confidence'), confidences),
    newOnly: params.get('new') === '1',
  };
}

export function withFilters(params: URLSearchParams, filters: ReportFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['severity', 'status', 'confidence'] as const) {
    if (filters[key].length) next.set(key, filters[key].join(','));
    else next.delete(key);
  }
  if (filters.newOnly) next.set('new', '1');
  else next.delete('new');
  next.delete('finding');
  return next;
}

// A report's filters live in the address (?severity=high,critical&status=open&finding=<id>), so a view can
// be shared or bookmarked; anything unknown in it is ignored.
import { findingStatuses, severities, type FindingStatus, type Severity } from '../analyst/services/finding-labels';

export interface ReportFilters {
  severity: Severity[];
  status: FindingStatus[];
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
  };
}

export function withFilters(params: URLSearchParams, filters: ReportFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['severity', 'status'] as const) {
    if (filters[key].length) next.set(key, filters[key].join(','));
    else next.delete(key);
  }
  next.delete('finding');
  return next;
}

// The findings table's own filters (severity, status, asset, SLA, exploit signals, "new in the last scan") and the filter they
// make for listFindings together with the table's text filter. Pure, so what is sent is unit-tested.
import type { SlaFilterState } from '../../../../../../lambdas/contracts/finding-filter';
import type { FindingFilterInput } from '../../../../../../lambdas/contracts/findings';
import type { FindingStatus, Severity } from '../finding-values/finding-labels';
import { exploitFilterInput, type ExploitFilter } from '../finding-values/exploit-signals';

export interface FindingFilters {
  severity: readonly Severity[];
  status: readonly FindingStatus[];
  /** An asset's key (as the Assets tab and the rows show it); '' for any asset. */
  assetKey: string;
  /** Only findings first seen in the last finished scan. */
  newInLastScan: boolean;
  /** Only open published findings past their due date, or due within 7 days ('' for any). */
  sla: SlaFilterState | '';
  /** Only known-exploited findings, or those with an EPSS score at least 10, 50 or 90 % ('' for any). */
  exploit: ExploitFilter | '';
}

export const noFindingFilters: FindingFilters = {
  severity: [],
  status: [],
  assetKey: '',
  newInLastScan: false,
  sla: '',
  exploit: '',
};

/** Whether the table's own filters narrow the list (the text filter aside). */
export function findingFiltersActive(filters: FindingFilters, lastScanId: string | undefined): boolean {
  return (
    filters.severity.length > 0 ||
    filters.status.length > 0 ||
    filters.assetKey.trim() !== '' ||
    filters.sla !== '' ||
    filters.exploit !== '' ||
    (filters.newInLastScan && lastScanId !== undefined)
  );
}

/**
 * listFindings' filter: the table's filters and its (normalised) text, or undefined when nothing narrows
 * the list. "New in the last scan" needs that scan's id; without a finished scan it narrows nothing.
 */
export function findingFilterInput(
  filters: FindingFilters,
  text: string | undefined,
  lastScanId: string | undefined,
): FindingFilterInput | undefined {
  const assetKey = filters.assetKey.trim();
  const input: FindingFilterInput = {
    ...(filters.severity.length > 0 ? { severity: [...new Set(filters.severity)] } : {}),
    ...(filters.status.length > 0 ? { status: [...new Set(filters.status)] } : {}),
    ...(assetKey ? { assetKey } : {}),
    ...(filters.sla ? { sla: filters.sla } : {}),
    ...exploitFilterInput(filters.exploit),
    ...(text ? { text } : {}),
    ...(filters.newInLastScan && lastScanId ? { newInImport: lastScanId } : {}),
  };
  return Object.keys(input).length > 0 ? input : undefined;
}

// What the service page keeps in its address, so it can be linked: the tab (?tab=scans; none for
// Findings) and the finding shown (?finding=<id>), the other parameters kept.
import { withOpenedRow } from '../../../components/address/opened-row';

export const findingParam = 'finding';
export const tabParam = 'tab';

export const tabIds = ['findings', 'scans', 'assets'] as const;
export type TabId = (typeof tabIds)[number];

/** The tab the address names; Findings when it names none it knows. */
export function tabOf(params: URLSearchParams): TabId {
  const named = params.get(tabParam);
  return tabIds.find((id) => id === named) ?? 'findings';
}

/** The parameters with `tab` set (removed for Findings, the default). */
export function withTab(params: URLSearchParams, tab: TabId): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'findings') next.delete(tabParam);
  else next.set(tabParam, tab);
  return next;
}

/** The page's query with `finding` set (or removed), the other parameters kept: '?tab=…&finding=…' or ''. */
export function withFinding(search: string, findingId: string | undefined): string {
  return withOpenedRow(search, findingParam, findingId);
}

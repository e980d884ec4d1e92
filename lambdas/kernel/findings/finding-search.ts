// The text a findings list's filter searches (listFindings' `filter.text`, customers' and analysts' alike): the
// fields a row shows, as shown. The title is the analyst's when there is one, so a finding renamed by hand (an
// edit, a bulk update, a template) is found by its new title and no longer by the tool's, which customers never
// see. Every write that changes one of these fields rebuilds it in the same write: the import (finding-records.ts,
// updateFindingFromScan), the title's edit (finding-fields.ts), and the backfill for older items.
import { searchText } from '../search/search-text.js';

/** What a finding's search text is made of (stored attribute names). */
export interface SearchedFindingFields {
  title?: unknown;
  analystTitle?: unknown;
  ruleId?: unknown;
  assetName?: unknown;
  assetKey?: unknown;
  tool?: unknown;
  cve?: unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The stored search text of a finding with these fields. */
export function findingSearchText(finding: SearchedFindingFields): string {
  const cve = Array.isArray(finding.cve) ? finding.cve.map(textOf) : [];
  return searchText([
    textOf(finding.analystTitle) || textOf(finding.title),
    textOf(finding.ruleId),
    textOf(finding.assetName),
    textOf(finding.assetKey),
    textOf(finding.tool),
    ...cve,
  ]);
}

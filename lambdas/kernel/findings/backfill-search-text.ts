// One-off upkeep for a deployment whose findings were renamed before the search text followed the title shown
// (finding-search.ts): a finding an analyst renamed kept the tool's title in its search text, so a customer's text
// filter found it by a title customers never see and missed the one they do. Rewrites every finding whose stored
// search text differs from the one its fields give, each write conditional on what was read, so it can run again,
// and alongside the portal. Not on any request path: `npm run backfill:reports` runs it.
import { services } from '../access/rules.js';
import { listAllCompanies } from '../companies/company-records.js';
import { findingSearchFieldsOf, setFindingSearchText } from '../data/entities/findings.js';
import { findingSearchText } from './finding-search.js';

/** Rebuilds the search text of these companies' findings where it is stale (all companies when not given). */
export async function backfillFindingSearchText(slugs?: readonly string[]): Promise<number> {
  const companies = slugs ?? (await listAllCompanies()).map((company) => company.slug);
  let written = 0;
  for (const slug of companies) {
    for (const service of services) {
      for await (const finding of findingSearchFieldsOf(slug, service)) {
        const text = findingSearchText(finding);
        if (text !== finding.searchText && (await setFindingSearchText(slug, service, finding, text))) written += 1;
      }
    }
  }
  return written;
}

// One-off upkeep for a deployment whose findings were imported before the report's subnet filter (docs/reports.md,
// "Customer reports"): gives every finding on an IP address its sortable `assetAddress` (asset-address.ts), which
// imports now write. Reads each service's findings by Query, a page at a time, and writes only what is missing
// (each write conditional on it), so it can run again, and alongside the portal. Not on any request path:
// `npm run backfill:reports` runs it.
import { services } from '../access/rules.js';
import { listAllCompanies } from '../companies/company-records.js';
import { findingStates, setFindingAddress } from '../data/entities/findings.js';
import { assetAddressOf } from './asset-address.js';

/** Fills in the addresses of these companies' findings (all companies when not given); answers how many. */
export async function backfillFindingAddresses(slugs?: readonly string[]): Promise<number> {
  const companies = slugs ?? (await listAllCompanies()).map((company) => company.slug);
  let written = 0;
  for (const slug of companies) {
    for (const service of services) {
      for await (const finding of findingStates(slug, service)) {
        const address = assetAddressOf(finding.assetKey);
        if (address && (await setFindingAddress(slug, service, finding.id, address))) written += 1;
      }
    }
  }
  return written;
}

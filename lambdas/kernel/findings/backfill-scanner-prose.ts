// One-off upkeep for a deployment whose ZAP findings were imported before ZAP's HTML was read at import
// (scanners/scanner-html.ts): their description and remediation become the Markdown, their other info (the
// evidence's and each instance's) the plain text, that an import writes now. Every view and export reads the old
// HTML the same way meanwhile; this makes the stored text (the curation's "tool's text", a template saved from the
// finding) clean too. Each write is conditional on the texts read, so it can run alongside the portal and again.
// Not on any request path: `npm run backfill:reports` runs it.
import { services } from '../access/rules.js';
import { listAllCompanies } from '../companies/company-records.js';
import { setFindingProse, zapFindingProseOf, type FindingProseFields } from '../data/entities/findings.js';
import { scannerEvidence, scannerProse } from '../scanners/scanner-html.js';

/** The texts an import would write now, or undefined when they already are. */
export function cleanProse(read: FindingProseFields): Omit<FindingProseFields, 'id'> | undefined {
  const next = {
    description: read.description === undefined ? undefined : scannerProse(read.description),
    remediation: read.remediation === undefined ? undefined : scannerProse(read.remediation),
    evidence: read.evidence && scannerEvidence(read.evidence),
    instances: read.instances?.map(scannerEvidence),
  };
  const changed =
    next.description !== read.description ||
    next.remediation !== read.remediation ||
    JSON.stringify(next.evidence) !== JSON.stringify(read.evidence) ||
    JSON.stringify(next.instances) !== JSON.stringify(read.instances);
  if (!changed) return undefined;
  // An attribute written without a value would be stored as null: the field is left out instead.
  const strip = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
  return {
    ...next,
    evidence: next.evidence && strip(next.evidence),
    instances: next.instances?.map(strip),
  };
}

/** Rewrites these companies' (all when not given) ZAP findings' HTML prose; answers how many it rewrote. */
export async function backfillScannerProse(slugs?: readonly string[]): Promise<number> {
  const companies = slugs ?? (await listAllCompanies()).map((company) => company.slug);
  let written = 0;
  for (const slug of companies) {
    for (const service of services) {
      for await (const finding of zapFindingProseOf(slug, service)) {
        const next = cleanProse(finding);
        if (next && (await setFindingProse(slug, service, finding, next))) written += 1;
      }
    }
  }
  return written;
}

// One-off upkeep for a deployment whose findings were imported before the service reports existed (docs/reports.md,
// "Customer reports"): for each company and service with a finished import and no report yet, counts the
// findings as that import would have (the trend starts at that scan). Reads by Query and GetItem, writes
// only missing reports (conditional on none being there), so it can run again, and alongside the portal.
// Not on any request path: `npm run backfill:reports` runs it.
import { services } from '../access/rules.js';
import { listAllCompanies } from '../companies/company-records.js';
import { listScanImportsPage } from '../data/entities/scan-imports.js';
import { getServiceReportItem } from '../data/entities/service-reports.js';
import { refreshServiceReport } from './service-reports.js';

/** Counts the missing reports of these companies (all when not given); answers how many it wrote. */
export async function backfillServiceReports(slugs?: readonly string[]): Promise<number> {
  const companies = slugs ?? (await listAllCompanies()).map((company) => company.slug);
  let written = 0;
  for (const slug of companies) {
    for (const service of services) {
      if (await getServiceReportItem(slug, service, true)) continue;
      const { items } = await listScanImportsPage(slug, service, { limit: 25 });
      const last = items.find((scan) => scan.status === 'done');
      if (!last) continue;
      // No report yet: refreshServiceReport counts every finding of the service.
      await refreshServiceReport(last, {
        at: last.finishedAt ?? last.createdAt,
        tool: last.tool?.name,
        metrics: last.metrics,
        counts: { new: 0, fixed: 0, reopened: 0, changed: 0 },
        wrote: true,
      });
      written += 1;
    }
  }
  return written;
}

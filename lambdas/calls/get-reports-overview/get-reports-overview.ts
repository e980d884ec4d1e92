// getReportsOverview: the selected company's services as the caller may view them (spec 6: customers the
// services the company has on and they may see; analysts of level 7 every service the company has on or has
// scans of), each with open findings by severity, its trend, what the last scan changed and when it ran.
// 3 DynamoDB requests at once: the caller's records, the company's and one Query of its reports.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { accessIn, canAccessCompany, services } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { queryServiceReports } from '../../kernel/data/entities/service-reports.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { findingReadersAccess, findingViewerFor } from '../../kernel/findings/finding-visibility.js';
import { serviceReportFor } from '../../kernel/reports/service-reports.js';
import { canViewService } from '../../kernel/access/rules.js';
import { serviceSummary } from '../../contracts/reports.js';

export const getReportsOverview = defineSignedInCall({
  name: 'getReportsOverview',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ slug: z.string(), services: z.array(serviceSummary) }),
  access: findingReadersAccess,
  readAhead: ({ slug }) => Promise.all([getCompanyRecord(slug), queryServiceReports(slug)]),
  async run({ slug }, { caller, ahead }) {
    if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
    const [company, reports] = await ahead;
    const summaries = services.flatMap((service) => {
      const viewer = findingViewerFor(caller, slug, service, company);
      const report = reports.find((item) => item.service === service);
      if (!viewer) return [];
      // Analysts: the services the company has on, and any with scans.
      if (viewer === 'analyst' && !report && !canViewService(company, accessIn(caller.access, slug), service))
        return [];
      const {
        byStatus: _byStatus,
        topAssets: _topAssets,
        figures: _figures,
        filterChoices: _filterChoices,
        mttrDays: _mttrDays,
        ...summary
      } = serviceReportFor(service, viewer, report);
      return [summary];
    });
    return { slug, services: summaries };
  },
});

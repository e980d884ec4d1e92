// getServiceReport: a service's dashboard for the selected company: open findings by severity, the trend over
// its scans, what the last scan changed, top assets and the tools' own figures. Customers (finding-visibility.ts)
// get the figures of published findings only. Figures are kept up to date at import and curation time
// (kernel/reports/service-reports.ts), so this is 3 DynamoDB requests at most, at once: the caller's records,
// the company's, and the report with its top assets (one BatchGetItem).
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { getServiceReportWithAssets } from '../../kernel/data/entities/service-reports.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { assertFindingViewer } from '../../kernel/reports/customer-findings.js';
import { serviceReportFor } from '../../kernel/reports/service-reports.js';
import { serviceScope } from '../../contracts/findings.js';
import { serviceReport } from '../../contracts/reports.js';

export const getServiceReport = defineSignedInCall({
  name: 'getServiceReport',
  input: z.strictObject({ ...serviceScope }),
  output: serviceReport,
  access: findingReadersAccess,
  readAhead: ({ slug, service }) => Promise.all([getCompanyRecord(slug), getServiceReportWithAssets(slug, service)]),
  async run({ slug, service }, { caller, ahead }) {
    const [company, { report, assets }] = await ahead;
    const viewer = assertFindingViewer(caller, slug, service, company);
    return serviceReportFor(service, viewer, report, assets);
  },
});

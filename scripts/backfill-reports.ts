// `npm run backfill:reports`: counts the service reports of a deployment whose findings were imported before
// the reports existed, gives its findings the address the subnet filter reads, and rebuilds the search text of
// findings renamed before it followed the title shown (docs/reports.md, "Customer reports"), gives findings published
// before due dates existed their SLA clock (docs/reports.md, "SLA policy"), and reads the HTML of ZAP findings
// imported before ZAP's HTML was read at import (docs/scans-and-findings.md). Point it at the table with
// TABLE_NAME, and at the account with the usual AWS variables (AWS_PROFILE or keys, AWS_REGION); locally,
// AWS_ENDPOINT_URL_DYNAMODB too. It writes only missing reports, addresses and clocks, stale search texts and HTML
// prose, and can be run again.
import { readConfig } from '../lambdas/kernel/config.js';
import { backfillFindingAddresses } from '../lambdas/kernel/findings/backfill-addresses.js';
import { backfillScannerProse } from '../lambdas/kernel/findings/backfill-scanner-prose.js';
import { backfillFindingSearchText } from '../lambdas/kernel/findings/backfill-search-text.js';
import { backfillServiceReports } from '../lambdas/kernel/reports/backfill-reports.js';
import { backfillFindingSla } from '../lambdas/kernel/sla/backfill-sla.js';

const { TABLE_NAME } = readConfig();
console.log(`Counting the missing service reports in ${TABLE_NAME}…`);
console.log(`Done: ${await backfillServiceReports()} reports counted.`);
console.log(`Filling in the findings' addresses for the subnet filter…`);
console.log(`Done: ${await backfillFindingAddresses()} findings given their address.`);
console.log(`Rebuilding the search text of findings renamed before it followed the title shown…`);
console.log(`Done: ${await backfillFindingSearchText()} findings' search text rebuilt.`);
console.log(`Giving findings published before due dates existed their SLA clock…`);
console.log(`Done: ${await backfillFindingSla()} findings given their due date.`);
console.log(`Reading the HTML of ZAP findings imported before ZAP's HTML was read at import…`);
console.log(`Done: ${await backfillScannerProse()} findings' texts rewritten.`);

// `npm run backfill:reports`: counts the service reports of a deployment whose findings were imported before
// the reports existed, and gives its findings the address the subnet filter reads (README, "Customer reports"). Point it at the table with TABLE_NAME, and at the account
// with the usual AWS variables (AWS_PROFILE or keys, AWS_REGION); locally, AWS_ENDPOINT_URL_DYNAMODB too. It
// writes only missing reports and addresses, and can be run again.
import { readConfig } from '../lambdas/kernel/config.js';
import { backfillFindingAddresses } from '../lambdas/kernel/findings/backfill-addresses.js';
import { backfillServiceReports } from '../lambdas/kernel/reports/backfill-reports.js';

const { TABLE_NAME } = readConfig();
console.log(`Counting the missing service reports in ${TABLE_NAME}…`);
console.log(`Done: ${await backfillServiceReports()} reports counted.`);
console.log(`Filling in the findings' addresses for the subnet filter…`);
console.log(`Done: ${await backfillFindingAddresses()} findings given their address.`);

// `npm run backfill:webhooks`: sets each company's count of enabled webhook endpoints (docs/integrations.md), for a
// deployment whose endpoints were made before the count existed: until then, such a company's changes send no
// webhook. Point it at the table with TABLE_NAME, and at the account with the usual AWS variables (AWS_PROFILE or
// keys, AWS_REGION); locally, AWS_ENDPOINT_URL_DYNAMODB too. Safe to run alongside the portal and again later.
import { readConfig } from '../lambdas/kernel/config.js';
import { backfillEndpointCounts } from '../lambdas/kernel/webhooks/backfill-endpoint-counts.js';

const { TABLE_NAME } = readConfig();
console.log(`Counting the enabled webhook endpoints of every company in ${TABLE_NAME}…`);
const { companies, corrected } = await backfillEndpointCounts();
console.log(`Done: ${companies} companies read, ${corrected} counts set or corrected.`);

// `npm run backfill:lists`: brings the items of a deployment written before the lists' text filter to
// their current shape (docs/web.md, "Tables"). Point it at the table with TABLE_NAME, and at the account with
// the usual AWS variables (AWS_PROFILE or keys, AWS_REGION); locally, AWS_ENDPOINT_URL_DYNAMODB too.
// It only fills in what is missing and can be run again.
import { readConfig } from '../lambdas/kernel/config.js';
import { backfillListFields } from '../lambdas/kernel/search/backfill.js';

const { TABLE_NAME } = readConfig();
console.log(`Filling in the lists' search text and member index keys in ${TABLE_NAME}…`);
const counts = await backfillListFields();
console.log(
  `Done: ${counts.users} users, ${counts.companies} companies, ${counts.memberships} memberships, ${counts.events} events updated.`,
);

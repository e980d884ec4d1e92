// `npm run backfill:memberships`: writes the per-company memberships of access records written before a
// customer's level and services belonged to each company (docs/access.md, "Who sees what"). Point it at the table with
// TABLE_NAME, and at the account with the usual AWS variables (AWS_PROFILE or keys, AWS_REGION); locally,
// AWS_ENDPOINT_URL_DYNAMODB too. It writes only records that still lack memberships, each conditional on the
// version it read, so it can run alongside the portal and again later.
import { readConfig } from '../lambdas/kernel/config.js';
import { backfillMemberships } from '../lambdas/kernel/users/backfill-memberships.js';

const { TABLE_NAME } = readConfig();
console.log(`Writing the memberships of access records that lack them in ${TABLE_NAME}…`);
const counts = await backfillMemberships();
console.log(
  `Done: ${counts.scanned} access records read, ${counts.written} given their memberships, ` +
    `${counts.alreadyDone} had them already, ${counts.changedMeanwhile} changed meanwhile.`,
);
if (counts.changedMeanwhile > 0) {
  console.log('Records changed while this ran were left as the change made them: run it again to check them.');
}

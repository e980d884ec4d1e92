// A full resync of the template library to a real Algolia application, for operators: applies the index's
// settings (searchable attributes, ranking by usage, typo tolerance; mirrorIndexSettings) and sends every
// template from the start (the mirror's marker read from 0): live ones saved, retired ones deleted; then
// the marker moves on as after any mirror run. Run it once after configuring the application, and whenever
// the index is in doubt (a restored table, an index cleared by hand). Run with the functions' configuration:
//   TABLE_NAME=<table> SEARCH_APP_ID=<Algolia app id> ALGOLIA_ADMIN_KEY_SECRET_ARN=<secret ARN> \
//     AWS_REGION=<region> npx tsx scripts/algolia-sync.ts
import { algoliaMirrorConfigured } from '../lambdas/kernel/config.js';
import {
  applyMirrorIndexSettings,
  mirrorTemplateChanges,
  type MirrorRun,
} from '../lambdas/kernel/templates/template-mirror.js';

export async function syncAlgolia(): Promise<MirrorRun> {
  if (!algoliaMirrorConfigured()) {
    throw new Error('No Algolia application configured: set ALGOLIA_ADMIN_KEY_SECRET_ARN (or ALGOLIA_ADMIN_KEY)');
  }
  await applyMirrorIndexSettings();
  return mirrorTemplateChanges({ from: 0 });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { saved, deleted } = await syncAlgolia();
  console.log(`Index settings applied; ${saved} templates sent, ${deleted} retired ones deleted.`);
}

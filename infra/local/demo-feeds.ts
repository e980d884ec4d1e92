// The demo's threat feeds: a small snapshot of CISA's KEV catalogue and of FIRST's EPSS scores (demo-feeds/, its
// source and date in SOURCE.md there), imported through the product's feed import and followed by the enrichment of
// the demo companies' findings, so a newcomer sees known-exploited badges and EPSS scores and can filter by them.
// Once: a start that finds a feed stored leaves it (an administrator's upload or the daily fetch replaces it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getFeedState } from '../../lambdas/kernel/data/entities/exploit-feeds.js';
import { updateFeedImport } from '../../lambdas/kernel/data/entities/feed-imports.js';
import { runExploitEnrichment } from '../../lambdas/kernel/feeds/exploit-enrichment.js';
import { recordFeedImport, runFeedImport } from '../../lambdas/kernel/feeds/feed-imports.js';
import { importFileKey } from '../../lambdas/kernel/findings/scan-imports.js';
import { putObject } from '../../lambdas/kernel/findings/uploads.js';

const snapshots = path.resolve(import.meta.dirname, 'demo-feeds');
const files = { kev: 'known_exploited_vulnerabilities.json', epss: 'epss_scores.csv' } as const;

export async function seedDemoFeeds(): Promise<void> {
  let imported: string | undefined;
  for (const kind of ['kev', 'epss'] as const) {
    if (await getFeedState(kind)) continue;
    const body = new Uint8Array(readFileSync(path.join(snapshots, files[kind])));
    const feedImport = await recordFeedImport(kind, body.byteLength, 'demo');
    await putObject(importFileKey(feedImport.objectKey), body);
    await updateFeedImport(feedImport.feedImportId, { status: 'queued' }, { from: ['uploading'] });
    await runFeedImport(feedImport.feedImportId);
    imported = feedImport.feedImportId;
  }
  // Enriched now, so the first page shown has the badges (the queued enrichment then finds nothing to change).
  if (imported) await runExploitEnrichment(imported);
}

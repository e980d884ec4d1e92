// The threat-feed fetch: run daily by an EventBridge schedule on AWS (infra/constructs/threat-feeds.ts), it downloads
// CISA's KEV catalogue and FIRST's EPSS scores from their publishers and queues their imports, the same imports an
// administrator's upload on Threat feeds starts. Locally the upload is how feeds arrive.
import { feedKinds } from '../contracts/exploit-signals.js';
import { fetchFeed } from '../kernel/feeds/feed-sources.js';
import { logger } from '../kernel/logger.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';

export const handler = observedHandler('threatFeedFetch', async (): Promise<{ feedImportIds: string[] }> => {
  const feedImportIds: string[] = [];
  const failures: string[] = [];
  for (const kind of feedKinds) {
    try {
      feedImportIds.push(await fetchFeed(kind));
    } catch (error) {
      // One publisher down does not keep the other feed from arriving; the run fails after, so the alarm sees it.
      logger.error('Fetching a threat feed failed', { kind, error: (error as Error).message });
      failures.push(kind);
    }
  }
  if (failures.length) throw new Error(`Fetching ${failures.join(' and ')} failed`);
  return { feedImportIds };
});

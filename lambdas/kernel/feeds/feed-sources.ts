// Where the publishers put the two feeds each day, and the fetch the schedule runs: each feed is downloaded whole
// (KEV's JSON is about 1.5 MB, EPSS's gzipped CSV about 2 MB) and handed to the same import an upload goes through.
import type { FeedKind } from '../../contracts/exploit-signals.js';
import { maxFeedFileBytes } from '../../contracts/exploit-signals.js';
import { importFetchedFeed } from './feed-imports.js';

export const feedSources: Record<FeedKind, string> = {
  kev: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
  epss: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
};

/** Downloads one feed from its publisher and queues its import; answers the import's id. */
export async function fetchFeed(kind: FeedKind, fetchImpl: typeof fetch = fetch): Promise<string> {
  const answer = await fetchImpl(feedSources[kind], { signal: AbortSignal.timeout(120_000) });
  if (!answer.ok) throw new Error(`The ${kind} publisher answered ${answer.status}`);
  const body = new Uint8Array(await answer.arrayBuffer());
  if (body.byteLength === 0 || body.byteLength > maxFeedFileBytes) {
    throw new Error(`The ${kind} feed holds ${body.byteLength} bytes`);
  }
  return importFetchedFeed(kind, body);
}

// The life of a threat-feed import, as scan imports have it (findings/scan-imports.ts, whose upload parts it uses):
// created with its presigned upload ('uploading'), started once the file is in the bucket ('queued': the file is
// copied where no form reaches and the work queued), then run by the worker ('running' → 'done' or 'failed').
// The run reads the feed twice: first to check all of it (a malformed feed fails the import and changes nothing),
// then to store one item per CVE; KEV's CVEs the new catalogue no longer lists are removed; then the enrichment of
// every company's findings is queued (exploit-enrichment.ts). A retry after a crash runs it all again: every write
// is a put of the same item. The daily fetch from the publishers (lambdas/feeds) records and queues imports the same
// way, so both arrive through this one path.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FeedImportOutput, FeedKind } from '../../contracts/exploit-signals.js';
import {
  deleteKevItems,
  epssItem,
  kevItem,
  kevItemsNotFrom,
  putFeedItems,
  putFeedState,
} from '../data/entities/exploit-feeds.js';
import {
  getFeedImportRecord,
  putNewFeedImport,
  updateFeedImport,
  writeFeedImportProgress,
  type StoredFeedImport,
} from '../data/entities/feed-imports.js';
import { queueWork } from '../findings/import-queue.js';
import { copyImportFiles, importFileKey, uploadsPrefix } from '../findings/scan-imports.js';
import { openUpload, presignUpload, putObject } from '../findings/uploads.js';
import { ImportFormatError } from '../scanners/import-format-error.js';
import { readEpssScores } from './epss-feed.js';
import type { FeedHeader } from './feed-entries.js';
import { feedContent, type ByteCount } from './feed-stream.js';
import { feedImportGroup, queueExploitEnrichment } from './exploit-enrichment.js';
import { readKevCatalogue } from './kev-feed.js';
import { NotFoundError } from '../errors.js';

export type { StoredFeedImport };

const newFeedImportId = () => `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;

/** Where a feed's upload goes (under the uploads prefix, which the bucket's lifecycle rule empties). */
const feedObjectKey = (kind: FeedKind, feedImportId: string) => `${uploadsPrefix}feeds/${kind}/${feedImportId}`;

/** Records a feed import of `contentLength` bytes (status 'uploading'). */
export async function recordFeedImport(
  kind: FeedKind,
  contentLength: number,
  createdBy: string,
  now = Date.now(),
): Promise<StoredFeedImport> {
  const feedImportId = newFeedImportId();
  const feedImport: StoredFeedImport = {
    feedImportId,
    kind,
    status: 'uploading',
    contentLength,
    objectKey: feedObjectKey(kind, feedImportId),
    createdAt: now,
    createdBy,
    progress: { bytesRead: 0, bytesTotal: contentLength, entriesStored: 0 },
    version: 1,
  };
  await putNewFeedImport(feedImport);
  return feedImport;
}

/** createFeedImport: the record and its presigned POST (the policy fixes the size, as scan imports' do). */
export async function createFeedImport(
  input: { kind: FeedKind; contentLength: number },
  createdBy: string,
): Promise<{ feedImportId: string; upload: { url: string; fields: Record<string, string> } }> {
  const feedImport = await recordFeedImport(input.kind, input.contentLength, createdBy);
  const upload = await presignUpload(feedImport.objectKey, input.contentLength);
  return { feedImportId: feedImport.feedImportId, upload };
}

/**
 * A feed the server fetched from its publisher (the daily schedule): recorded, stored where the worker reads started
 * imports' files, and queued, as startFeedImport does for an upload. Answers the import's id.
 */
export async function importFetchedFeed(kind: FeedKind, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const feedImport = await recordFeedImport(kind, body.byteLength, 'schedule');
  await putObject(importFileKey(feedImport.objectKey), body);
  await queueWork({ kind: 'feedImport', id: feedImport.feedImportId }, feedImportGroup);
  await updateFeedImport(feedImport.feedImportId, { status: 'queued' }, { from: ['uploading'] });
  return feedImport.feedImportId;
}

export const readFeedImport = (feedImportId: string) => getFeedImportRecord(feedImportId);

/** The import a call read ahead (readFeedImport), or NOT_FOUND. */
export async function existingFeedImport(read: Promise<StoredFeedImport | undefined>): Promise<StoredFeedImport> {
  const found = await read;
  if (!found) throw new NotFoundError('No such feed import');
  return found;
}

/** Queues an import whose file is in place; one past 'uploading' is answered as it stands (safe to retry). */
export async function startFeedImport(feedImport: StoredFeedImport): Promise<FeedImportOutput> {
  if (feedImport.status !== 'uploading') return feedImportOutput(feedImport);
  await copyImportFiles({
    files: [
      {
        name: `the ${feedImport.kind.toUpperCase()} feed`,
        contentLength: feedImport.contentLength,
        objectKey: feedImport.objectKey,
      },
    ],
  });
  // Queued before the status changes: a crash between the two leaves an import a retry queues again.
  await queueWork({ kind: 'feedImport', id: feedImport.feedImportId }, feedImportGroup);
  const queued = await updateFeedImport(feedImport.feedImportId, { status: 'queued' }, { from: ['uploading'] });
  return feedImportOutput(queued ?? (await getFeedImportRecord(feedImport.feedImportId, true)) ?? feedImport);
}

export function feedImportOutput(feedImport: StoredFeedImport): FeedImportOutput {
  return {
    feedImportId: feedImport.feedImportId,
    kind: feedImport.kind,
    status: feedImport.status,
    contentLength: feedImport.contentLength,
    createdAt: feedImport.createdAt,
    createdBy: feedImport.createdBy,
    ...(feedImport.startedAt !== undefined ? { startedAt: feedImport.startedAt } : {}),
    ...(feedImport.finishedAt !== undefined ? { finishedAt: feedImport.finishedAt } : {}),
    progress: feedImport.progress,
    ...(feedImport.feed ? { feed: feedImport.feed } : {}),
    ...(feedImport.error ? { error: feedImport.error } : {}),
  };
}

/** Items written a batch at a time while a feed is stored (a few hundred KB in memory). */
const storeBatch = 1000;
const progressEveryMs = 2000;

/** What a run needs of the feed: a fresh stream of its bytes each time it asks (the EPSS feed is read twice). */
export type FeedSource = () => Promise<Readable>;

/**
 * Checks and stores a feed from `source`, reporting progress; answers what the feed said of itself and how many
 * entries it held. Throws an ImportFormatError (before anything is written) when the feed is malformed.
 */
export async function storeFeed(
  kind: FeedKind,
  feedImportId: string,
  source: FeedSource,
  report: (progress: {
    phase: 'checking' | 'storing';
    bytesRead: number;
    entriesStored: number;
  }) => Promise<void> = () => Promise.resolve(),
): Promise<{ header: FeedHeader; entries: number }> {
  if (kind === 'kev') {
    const count: ByteCount = { bytesRead: 0 };
    const { header, entries } = await readKevCatalogue(await feedContent(await source(), count));
    await report({ phase: 'storing', bytesRead: count.bytesRead, entriesStored: 0 });
    for (let start = 0; start < entries.length; start += storeBatch) {
      await putFeedItems(entries.slice(start, start + storeBatch).map((entry) => kevItem(entry, feedImportId)));
      await report({
        phase: 'storing',
        bytesRead: count.bytesRead,
        entriesStored: Math.min(entries.length, start + storeBatch),
      });
    }
    // The catalogue is whole: what it no longer lists is no longer known exploited.
    const stale: string[] = [];
    for await (const { cve } of kevItemsNotFrom(feedImportId)) stale.push(cve);
    await deleteKevItems(stale);
    return { header, entries: entries.length };
  }
  let header: FeedHeader = {};
  let last = Date.now();
  const checked: ByteCount = { bytesRead: 0 };
  let rows = 0;
  // The first reading checks every row and keeps none.
  const checking = readEpssScores(await feedContent(await source(), checked), (read) => (header = read));
  for (let next = await checking.next(); !next.done; next = await checking.next()) {
    rows += 1;
    if (Date.now() - last > progressEveryMs) {
      last = Date.now();
      await report({ phase: 'checking', bytesRead: checked.bytesRead, entriesStored: 0 });
    }
  }
  const stored: ByteCount = { bytesRead: 0 };
  let batch: Record<string, unknown>[] = [];
  let written = 0;
  for await (const entry of readEpssScores(await feedContent(await source(), stored))) {
    batch.push(epssItem(entry, feedImportId, header.released));
    if (batch.length < storeBatch) continue;
    await putFeedItems(batch);
    written += batch.length;
    batch = [];
    if (Date.now() - last > progressEveryMs) {
      last = Date.now();
      await report({ phase: 'storing', bytesRead: stored.bytesRead, entriesStored: written });
    }
  }
  if (batch.length) await putFeedItems(batch);
  return { header, entries: rows };
}

/** Runs one queued feed import to its end (the worker's part). */
export async function runFeedImport(feedImportId: string): Promise<void> {
  const read = await getFeedImportRecord(feedImportId, true);
  if (!read || read.status === 'done' || read.status === 'failed') return;
  // 'uploading' too: the message is sent once the file is copied, and may arrive before the status says 'queued'.
  const running = await updateFeedImport(
    feedImportId,
    { status: 'running', startedAt: read.startedAt ?? Date.now(), attempts: (read.attempts ?? 0) + 1 },
    { from: ['uploading', 'queued', 'running'] },
  );
  if (!running) return;
  const progress = { ...running.progress };
  try {
    const { header, entries } = await storeFeed(
      running.kind,
      feedImportId,
      () => openUpload(importFileKey(running.objectKey)),
      async (now) => {
        Object.assign(progress, now);
        await writeFeedImportProgress(feedImportId, progress);
      },
    );
    const finishedAt = Date.now();
    await putFeedState({ kind: running.kind, feedImportId, entries, importedAt: finishedAt, ...header });
    await queueExploitEnrichment(feedImportId);
    await updateFeedImport(
      feedImportId,
      {
        status: 'done',
        finishedAt,
        progress: { bytesRead: running.contentLength, bytesTotal: progress.bytesTotal, entriesStored: entries },
        feed: { ...header, entries },
      },
      { from: ['running'] },
    );
  } catch (error) {
    if (!(error instanceof ImportFormatError)) throw error;
    await failFeedImport(feedImportId, error.message, error.line);
  }
}

/** Marks an import failed with a message a person can act on (nothing of its feed was stored). */
export async function failFeedImport(feedImportId: string, message: string, line?: number): Promise<void> {
  await updateFeedImport(
    feedImportId,
    { status: 'failed', finishedAt: Date.now(), error: { message, ...(line !== undefined ? { line } : {}) } },
    { from: ['uploading', 'queued', 'running'] },
  );
}

// A threat-feed import already done, written straight into the table: for the authorization matrix and the bench's
// inputs, whose startFeedImport and getFeedImport must not run a feed (one would replace the stored catalogue).
// Free of vitest; import it only after the local stack has set the environment.
import { randomBytes } from 'node:crypto';
import { putNewFeedImport } from '../../lambdas/kernel/data/entities/feed-imports.js';

export async function seedDoneFeedImport(): Promise<string> {
  const feedImportId = `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
  const now = Date.now();
  await putNewFeedImport({
    feedImportId,
    kind: 'kev',
    status: 'done',
    contentLength: 100,
    objectKey: `uploads/feeds/kev/${feedImportId}`,
    createdAt: now,
    createdBy: 'fixtures@test.example',
    startedAt: now,
    finishedAt: now,
    progress: { bytesRead: 100, bytesTotal: 100, entriesStored: 1 },
    feed: { version: '2025.03.14', entries: 1 },
    version: 3,
  });
  return feedImportId;
}

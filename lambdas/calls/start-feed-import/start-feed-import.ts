// startFeedImport (level 9): the feed file is uploaded; queue its import. Safe to call again (an import already
// queued, running or finished is answered as it stands).
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { existingFeedImport, readFeedImport, startFeedImport as startImport } from '../../kernel/feeds/feed-imports.js';
import { feedImport, feedImportId } from '../../contracts/exploit-signals.js';

export const startFeedImport = defineSignedInCall({
  name: 'startFeedImport',
  input: z.strictObject({ feedImportId }),
  output: feedImport,
  access: levelAtLeast(9),
  readAhead: ({ feedImportId }) => readFeedImport(feedImportId),
  async run(_input, { ahead }) {
    return startImport(await existingFeedImport(ahead));
  },
});

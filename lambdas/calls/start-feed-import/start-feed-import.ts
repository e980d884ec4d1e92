// startFeedImport (level 9): the feed file is uploaded; queue its import. Safe to call again (an import already
// queued, running or finished is answered as it stands).
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { NotFoundError } from '../../kernel/errors.js';
import { readFeedImport, startFeedImport as startImport } from '../../kernel/feeds/feed-imports.js';
import { feedImport, feedImportId } from '../../contracts/exploit-signals.js';

export const startFeedImport = defineSignedInCall({
  name: 'startFeedImport',
  input: z.strictObject({ feedImportId }),
  output: feedImport,
  access: levelAtLeast(9),
  readAhead: ({ feedImportId }) => readFeedImport(feedImportId),
  async run(_input, { ahead }) {
    const found = await ahead;
    if (!found) throw new NotFoundError('No such feed import');
    return startImport(found);
  },
});

// getFeedImport (level 9): where a threat-feed import stands (status, progress, and once done what the feed held),
// for the Threat feeds page's progress.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { existingFeedImport, feedImportOutput, readFeedImport } from '../../kernel/feeds/feed-imports.js';
import { feedImport, feedImportId } from '../../contracts/exploit-signals.js';

export const getFeedImport = defineSignedInCall({
  name: 'getFeedImport',
  input: z.strictObject({ feedImportId }),
  output: feedImport,
  access: levelAtLeast(9),
  readAhead: ({ feedImportId }) => readFeedImport(feedImportId),
  async run(_input, { ahead }) {
    return feedImportOutput(await existingFeedImport(ahead));
  },
});

// createFeedImport (level 9): the first step of a threat-feed upload (CISA's KEV JSON or FIRST's EPSS CSV). Records
// the import ('uploading') and answers the presigned POST the browser sends the file with, straight to S3.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { createFeedImport as createImport } from '../../kernel/feeds/feed-imports.js';
import { feedKind, maxFeedFileBytes } from '../../contracts/exploit-signals.js';

export const createFeedImport = defineSignedInCall({
  name: 'createFeedImport',
  input: z.strictObject({
    kind: feedKind,
    contentLength: z
      .int('must be a whole number of bytes')
      .check(
        z.minimum(1, 'must be at least 1 byte: the file is empty'),
        z.maximum(maxFeedFileBytes, `must be at most ${maxFeedFileBytes} bytes (64 MiB)`),
      ),
  }),
  output: z.object({
    feedImportId: z.string(),
    upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  }),
  access: levelAtLeast(9),
  run: (input, { caller }) => createImport(input, caller.email),
});

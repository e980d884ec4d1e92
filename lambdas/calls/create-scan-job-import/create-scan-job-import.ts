// createScanJobImport (agent): the import of a claimed job's results, as createScanImport makes it for analysts:
// a presigned upload of the file, then completeScanJob starts it.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { createJobImport } from '../../kernel/scan-jobs/scan-jobs.js';
import { agentCredential, scanJobId } from '../shared/agent-schemas.js';
import { maxImportFileBytes } from '../../contracts/findings.js';

export const createScanJobImport = definePublicCall({
  name: 'createScanJobImport',
  input: z.strictObject({
    credential: agentCredential,
    jobId: scanJobId,
    file: z.strictObject({
      name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(255)),
      contentLength: z
        .int()
        .check(
          z.minimum(1, 'must be at least 1 byte: the file is empty'),
          z.maximum(maxImportFileBytes, `must be at most ${maxImportFileBytes} bytes (200 MB)`),
        ),
    }),
  }),
  output: z.object({
    importId: z.string(),
    uploads: z.array(z.object({ url: z.string(), fields: z.record(z.string(), z.string()) })),
  }),
  access: agentAccess,
  run: ({ credential, jobId, file }) => createJobImport(credential, jobId, file),
});

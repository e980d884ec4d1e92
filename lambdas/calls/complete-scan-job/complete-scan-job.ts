// completeScanJob (agent): the job's results are uploaded; their import starts and the job is done.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { completeJob } from '../../kernel/scan-jobs/scan-jobs.js';
import { agentCredential, scanJobDoc, scanJobId } from '../shared/agent-schemas.js';
import { importId, scanImport } from '../../contracts/findings.js';

export const completeScanJob = definePublicCall({
  name: 'completeScanJob',
  input: z.strictObject({ credential: agentCredential, jobId: scanJobId, importId }),
  output: z.object({ job: scanJobDoc, scan: scanImport }),
  access: agentAccess,
  run: ({ credential, jobId, importId: id }) => completeJob(credential, jobId, id),
});

// failScanJob (agent): the agent could not run its job; the reason is kept on the job.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { definePublicCall } from '../../kernel/call.js';
import { failJob } from '../../kernel/scan-jobs/scan-jobs.js';
import { agentCredential, scanJobDoc, scanJobId } from '../shared/agent-schemas.js';

export const failScanJob = definePublicCall({
  name: 'failScanJob',
  input: z.strictObject({
    credential: agentCredential,
    jobId: scanJobId,
    reason: z
      .string()
      .check(z.trim(), z.minLength(1, 'must say why'), z.maxLength(1000, 'must be at most 1000 characters')),
  }),
  output: z.object({ job: scanJobDoc }),
  access: agentAccess,
  run: async ({ credential, jobId, reason }) => ({ job: await failJob(credential, jobId, reason) }),
});

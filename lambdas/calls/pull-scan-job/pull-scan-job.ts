// pullScanJob (agent): the oldest queued job of the agent's location that it can run, claimed for it (no other
// agent gets it); null when there is none, or while the location's scan window is closed.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { authenticatedAgent } from '../../kernel/agents/agents.js';
import { definePublicCall } from '../../kernel/call.js';
import { claimNextJob } from '../../kernel/scan-jobs/scan-jobs.js';
import { agentCredential, scanJobDoc } from '../shared/agent-schemas.js';

export const pullScanJob = definePublicCall({
  name: 'pullScanJob',
  input: z.strictObject({ credential: agentCredential }),
  output: z.object({ job: z.nullable(scanJobDoc) }),
  access: agentAccess,
  run: async ({ credential }) => ({ job: (await claimNextJob(await authenticatedAgent(credential))) ?? null }),
});

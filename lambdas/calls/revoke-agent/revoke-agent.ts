// revokeAgent (level 7): unlinks an agent; its credential stops working at once, and the jobs it was running fail.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { revokeAgentEndingItsJobs } from '../../kernel/scan-jobs/job-endings.js';
import { agentId, companySlug, recordVersion } from '../shared/agent-schemas.js';

export const revokeAgent = defineSignedInCall({
  name: 'revokeAgent',
  input: z.strictObject({ slug: companySlug, agentId, expectedVersion: recordVersion }),
  output: z.object({ agentId: z.string(), revokedAt: z.number(), version: z.number() }),
  access: levelAtLeast(7),
  run: ({ slug, agentId: id, expectedVersion }, { caller }) =>
    revokeAgentEndingItsJobs(caller, slug, id, expectedVersion),
});

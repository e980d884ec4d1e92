// agentHeartbeat (agent): the agent is alive. One DynamoDB write, conditional on its credential. An agent running a
// job names it and is told its status (one read more): anything but running (cancelled, failed by the portal) means
// stop the scan.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { agentHeartbeat as heartbeat, agentStatuses } from '../../kernel/agents/agents.js';
import { definePublicCall } from '../../kernel/call.js';
import { scanJobStatuses } from '../../kernel/data/entities/scan-jobs.js';
import { agentJobState } from '../../kernel/scan-jobs/scan-jobs.js';
import { agentCapability, agentCredential, agentDescription, scanJobId } from '../shared/agent-schemas.js';

export const agentHeartbeat = definePublicCall({
  name: 'agentHeartbeat',
  input: z.strictObject({
    credential: agentCredential,
    agentVersion: agentDescription.agentVersion,
    capabilities: z.optional(z.array(agentCapability).check(z.minLength(1), z.maxLength(3))),
    jobId: z.optional(scanJobId),
  }),
  output: z.object({
    agentId: z.string(),
    status: z.enum(agentStatuses),
    heartbeatIntervalSeconds: z.number(),
    job: z.optional(
      z.nullable(z.object({ jobId: z.string(), status: z.enum(scanJobStatuses), reason: z.optional(z.string()) })),
    ),
  }),
  access: agentAccess,
  run: async ({ credential, agentVersion, capabilities, jobId }, { request }) => {
    const answer = await heartbeat(credential, {
      ip: await request.clientAddress(),
      agentVersion,
      ...(capabilities ? { capabilities: [...new Set(capabilities)] } : {}),
    });
    return jobId ? { ...answer, job: await agentJobState(credential, jobId) } : answer;
  },
});

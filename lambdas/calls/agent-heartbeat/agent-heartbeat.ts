// agentHeartbeat (agent): the agent is alive. One DynamoDB write, conditional on its credential.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { agentHeartbeat as heartbeat, agentStatuses } from '../../kernel/agents/agents.js';
import { definePublicCall } from '../../kernel/call.js';
import { agentCapability, agentCredential, agentDescription } from '../shared/agent-schemas.js';

export const agentHeartbeat = definePublicCall({
  name: 'agentHeartbeat',
  input: z.strictObject({
    credential: agentCredential,
    agentVersion: agentDescription.agentVersion,
    capabilities: z.optional(z.array(agentCapability).check(z.minLength(1), z.maxLength(3))),
  }),
  output: z.object({ agentId: z.string(), status: z.enum(agentStatuses), heartbeatIntervalSeconds: z.number() }),
  access: agentAccess,
  run: async ({ credential, agentVersion, capabilities }, { request }) =>
    heartbeat(credential, {
      ip: await request.clientAddress(),
      agentVersion,
      ...(capabilities ? { capabilities: [...new Set(capabilities)] } : {}),
    }),
});

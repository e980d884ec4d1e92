// enrollAgent (agent, with an enrollment token): one use of the token makes the agent and answers its credential,
// this once. A malformed, unknown, expired or used-up token writes nothing.
import * as z from 'zod/mini';
import { agentAccess } from '../../kernel/access/rules.js';
import { enrollAgent as enroll } from '../../kernel/agents/agents.js';
import { definePublicCall } from '../../kernel/call.js';
import { agentDescription, enrollmentToken } from '../shared/agent-schemas.js';

export const enrollAgent = definePublicCall({
  name: 'enrollAgent',
  input: z.strictObject({
    token: enrollmentToken,
    name: z.optional(z.string().check(z.trim(), z.maxLength(80, 'must be at most 80 characters'))),
    ...agentDescription,
  }),
  output: z.object({
    agentId: z.string(),
    credential: z.string(),
    slug: z.string(),
    locationId: z.string(),
    heartbeatIntervalSeconds: z.number(),
  }),
  access: agentAccess,
  run: (input) => enroll(input),
});

// listAgents (level 7): a company's scanning agents with the status their heartbeats give, and its enrollment
// tokens that can still enroll one.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { listAgentsAs } from '../../kernel/agents/agents.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { agentDoc, companySlug, enrollmentTokenDoc } from '../shared/agent-schemas.js';

export const listAgents = defineSignedInCall({
  name: 'listAgents',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ agents: z.array(agentDoc), enrollmentTokens: z.array(enrollmentTokenDoc), now: z.number() }),
  access: levelAtLeast(7),
  run: async ({ slug }, { caller }) => {
    const now = Date.now();
    return { ...(await listAgentsAs(caller, slug, now)), now };
  },
});

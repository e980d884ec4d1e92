// rotateAgentCredential (level 7): a new credential for an agent, shown once; the old one stops working at once.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { rotateAgentCredentialAs } from '../../kernel/agents/agents.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { agentId, companySlug, recordVersion } from '../shared/agent-schemas.js';

export const rotateAgentCredential = defineSignedInCall({
  name: 'rotateAgentCredential',
  input: z.strictObject({ slug: companySlug, agentId, expectedVersion: recordVersion }),
  output: z.object({ agentId: z.string(), credential: z.string(), version: z.number() }),
  access: levelAtLeast(7),
  run: ({ slug, agentId: id, expectedVersion }, { caller }) =>
    rotateAgentCredentialAs(caller, slug, id, expectedVersion),
});

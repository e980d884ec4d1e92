// moveAgent (level 7): an agent serves another location of its company from now on.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { moveAgentAs } from '../../kernel/agents/agents.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { agentId, companySlug, locationId, recordVersion } from '../shared/agent-schemas.js';

export const moveAgent = defineSignedInCall({
  name: 'moveAgent',
  input: z.strictObject({ slug: companySlug, agentId, expectedVersion: recordVersion, locationId }),
  output: z.object({ agentId: z.string(), locationId: z.string(), version: z.number() }),
  access: levelAtLeast(7),
  run: ({ slug, agentId: id, expectedVersion, locationId: to }, { caller }) =>
    moveAgentAs(caller, slug, id, expectedVersion, to),
});

// createAgentEnrollment (level 7): a one-time enrollment token for a location (24 hours at most; one use, or N for
// a mass roll-out), shown once with the command that enrolls an agent.
import * as z from 'zod/mini';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { createEnrollmentTokenAs } from '../../kernel/agents/agents.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companySlug, enrollmentFields } from '../shared/agent-schemas.js';

export const createAgentEnrollment = defineSignedInCall({
  name: 'createAgentEnrollment',
  input: z.strictObject({ slug: companySlug, ...enrollmentFields }),
  output: z.object({
    token: z.string(),
    tokenId: z.string(),
    locationId: z.string(),
    expiresAt: z.number(),
    maxUses: z.number(),
  }),
  access: levelAtLeast(7),
  run: ({ slug, ...request }, { caller }) => createEnrollmentTokenAs(caller, slug, request),
});

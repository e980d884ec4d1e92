// getSlaPolicy (a member of the company, or an analyst of level 7): the company's days to fix per severity; the
// defaults (version 0) until someone saves a policy.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { slaPolicyDoc } from '../../contracts/sla.js';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getSlaPolicyAs } from '../../kernel/sla/sla-policies.js';

export const getSlaPolicy = defineSignedInCall({
  name: 'getSlaPolicy',
  input: z.strictObject({ slug: companySlug }),
  output: slaPolicyDoc,
  access: signedIn,
  run: ({ slug }, { caller }) => getSlaPolicyAs(caller, slug),
});

// updateSlaPolicy (the company's administrators: level 3 there, or analysts of level 7): days to fix per severity,
// on the version the editor read (0: the defaults, never saved); a changed policy answers ABORTED with the current.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { slaDaysInput, slaPolicyDoc } from '../../contracts/sla.js';
import { levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { slaPolicyEditorLevel, updateSlaPolicyAs } from '../../kernel/sla/sla-policies.js';

export const updateSlaPolicy = defineSignedInCall({
  name: 'updateSlaPolicy',
  input: z.strictObject({
    slug: companySlug,
    days: slaDaysInput,
    /** 0 when nothing was saved yet. */
    expectedVersion: z.int().check(z.minimum(0, 'must be a record version')),
  }),
  output: slaPolicyDoc,
  access: levelAtLeast(slaPolicyEditorLevel),
  run: (input, { caller }) => updateSlaPolicyAs(caller, input),
});

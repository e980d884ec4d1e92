// updateEvidence: a piece of evidence's caption and customer visibility, and secrets masked in a stored text,
// conditional on the piece's version the editor saw (ABORTED with the stored one otherwise).
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateEvidenceAs } from '../../kernel/findings/finding-evidence.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { updateEvidenceInput } from '../../contracts/finding-evidence.js';

export const updateEvidence = defineSignedInCall({
  name: 'updateEvidence',
  input: updateEvidenceInput,
  output: z.object({ version: z.number(), masked: z.optional(z.number()) }),
  access: serviceFindingsAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    return updateEvidenceAs(caller, input);
  },
});

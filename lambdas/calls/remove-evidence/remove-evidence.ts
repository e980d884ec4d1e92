// removeEvidence: a piece of evidence leaves the finding, on the version the editor saw, and its file is deleted.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { removeEvidenceAs } from '../../kernel/findings/finding-evidence.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { removeEvidenceInput } from '../../contracts/finding-evidence.js';

export const removeEvidence = defineSignedInCall({
  name: 'removeEvidence',
  input: removeEvidenceInput,
  output: z.object({}),
  access: serviceFindingsAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    return removeEvidenceAs(caller, input);
  },
});

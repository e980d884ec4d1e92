// addEvidence: an uploaded image or file becomes part of the finding's evidence (its size and, for an image, its
// first bytes checked; copied where no upload reaches), or a text or HTTP request/response is added inline (up to
// 64 KB, secrets masked first on request). Customers see it only when `customerVisible`.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { addEvidenceAs } from '../../kernel/findings/finding-evidence.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { addEvidenceInput } from '../../contracts/finding-evidence.js';

export const addEvidence = defineSignedInCall({
  name: 'addEvidence',
  input: addEvidenceInput,
  output: z.object({ evidenceId: z.string(), version: z.number(), masked: z.optional(z.number()) }),
  access: serviceFindingsAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    return addEvidenceAs(caller, input);
  },
});

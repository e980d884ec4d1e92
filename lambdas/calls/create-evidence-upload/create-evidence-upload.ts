// createEvidenceUpload: the first step of adding an image or a file to a finding's evidence. Records the piece
// (version 0, not shown until added) and answers the presigned POST the browser sends the file with, as a scan
// import's. Whoever may curate the service; a type evidence may not have is refused before anything is stored.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { createEvidenceUploadAs } from '../../kernel/findings/finding-evidence.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { createEvidenceUploadInput } from '../../contracts/finding-evidence.js';

export const createEvidenceUpload = defineSignedInCall({
  name: 'createEvidenceUpload',
  input: createEvidenceUploadInput,
  output: z.object({
    evidenceId: z.string(),
    version: z.number(),
    upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  }),
  access: serviceFindingsAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    return createEvidenceUploadAs(caller, input);
  },
});

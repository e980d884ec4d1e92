// createScanImport: the first step of an import. Records the import (status 'uploading') and answers one
// presigned POST per file, which the browser (or a CI script) sends the file with, straight to S3.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { createScanImport as createImport } from '../../kernel/findings/scan-imports.js';
import { assertServiceCompany, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { maxImportFileBytes, scanFormat, serviceScope } from '../../contracts/findings.js';

const fileName = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(255, 'must be at most 255 characters'));

export const createScanImport = defineSignedInCall({
  name: 'createScanImport',
  input: z.strictObject({
    ...serviceScope,
    /** One file; for password_cracking the NTDS file and the potfile. */
    files: z
      .array(
        z.strictObject({
          name: fileName,
          contentLength: z
            .int()
            .check(
              z.minimum(1, 'must be at least 1 byte: the file is empty'),
              z.maximum(maxImportFileBytes, `must be at most ${maxImportFileBytes} bytes (200 MB)`),
            ),
        }),
      )
      .check(z.minLength(1, 'must name the file to import'), z.maxLength(2, 'may hold at most two files')),
    /** The format, when the analyst chooses it; otherwise it is detected from the content. */
    tool: z.optional(scanFormat),
  }),
  output: z.object({
    importId: z.string(),
    uploads: z.array(z.object({ url: z.string(), fields: z.record(z.string(), z.string()) })),
  }),
  access: serviceFindingsAccess,
  readAhead: ({ slug }) => getCompanyRecord(slug),
  async run(input, { caller, ahead }) {
    await assertServiceCompany(caller, input.slug, input.service, ahead);
    return createImport(caller, input);
  },
});

// getScanImport: where an import stands (status, progress, and once done its counts), for the progress bar.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { readScanImport, scanImportOutput } from '../../kernel/findings/scan-imports.js';
import { assertImportAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { importId, scanImport } from '../../contracts/findings.js';

export const getScanImport = defineSignedInCall({
  name: 'getScanImport',
  input: z.strictObject({ importId }),
  output: scanImport,
  access: serviceFindingsAccess,
  readAhead: ({ importId }) => readScanImport(importId),
  async run(_input, { caller, ahead }) {
    return scanImportOutput(await assertImportAccess(caller, ahead));
  },
});

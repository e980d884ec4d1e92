// startScanImport: the files are uploaded; queue the import. Safe to call again (an import already queued,
// running or finished is answered as it stands).
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { readScanImport, startScanImport as startImport } from '../../kernel/findings/scan-imports.js';
import { assertImportAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { importId, scanImport } from '../../contracts/findings.js';

export const startScanImport = defineSignedInCall({
  name: 'startScanImport',
  input: z.strictObject({ importId }),
  output: scanImport,
  access: serviceFindingsAccess,
  readAhead: ({ importId }) => readScanImport(importId),
  async run(_input, { caller, ahead }) {
    const scan = await assertImportAccess(caller, ahead);
    return startImport(scan);
  },
});

// startFindingExport: a company's findings of one service, the list's current view (listFindings' filter and
// order), as CSV, XLSX or PDF, made in the background. Answers `{exportId}` at once; getFindingExport follows
// it. The export holds what the caller may read (finding-visibility.ts): analysts everything, a customer the
// published findings of a service the company has on and the user may view, without the analysts' fields.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { startFindingExportAs } from '../../kernel/exports/finding-exports.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { startFindingExportInput } from '../shared/export-schemas.js';

export const startFindingExport = defineSignedInCall({
  name: 'startFindingExport',
  input: startFindingExportInput,
  output: z.object({ exportId: z.string() }),
  access: findingReadersAccess,
  readAhead: ({ slug }) => getCompanyRecord(slug),
  async run(input, { caller, ahead }) {
    return startFindingExportAs(caller, input, await ahead);
  },
});

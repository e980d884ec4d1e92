// startFindingExport: a company's findings of one service, the list's current view (listFindings' filter and
// order), as CSV, XLSX or PDF, made in the background. Answers `{exportId}` at once; getFindingExport follows
// it. The export holds what the caller may read (finding-visibility.ts): analysts everything, a customer the
// published findings of a service the company has on and the user may view, without the analysts' fields.
import * as z from 'zod/mini';
import type { AccessRule } from '../../kernel/access/caller.js';
import { hasLevel, managesService, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getCompanyRecord } from '../../kernel/companies/company-records.js';
import { startFindingExportAs } from '../../kernel/exports/finding-exports.js';
import { startFindingExportInput } from '../shared/export-schemas.js';

/** Readers of a service's findings: customers through the reports rule, analysts through the service pages. */
export const findingReadersAccess = {
  kind: 'signedIn',
  describe: `users of access level ${menuLevels.report} or more, and users who manage password cracking; the company's service as listFindings allows it (customers: published findings of a service the company has on)`,
  allows: (caller) => hasLevel(caller.access, menuLevels.report) || managesService(caller.access, 'password_cracking'),
} as const satisfies AccessRule;

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

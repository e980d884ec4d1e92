// listScans: a company's scans of one service (its imports, running ones included), newest first.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { listScanImports } from '../../kernel/findings/scan-imports.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { listLimit, pageCursor, scanImport, serviceScope } from '../../contracts/findings.js';

export const listScans = defineSignedInCall({
  name: 'listScans',
  input: z.strictObject({ ...serviceScope, cursor: z.optional(pageCursor), limit: listLimit }),
  output: z.object({ scans: z.array(scanImport), nextCursor: z.optional(z.string()) }),
  access: serviceFindingsAccess,
  readAhead: ({ slug, service, cursor, limit }) => listScanImports(slug, service, { cursor, limit: limit ?? 20 }),
  async run({ slug, service }, { caller, ahead }) {
    assertServiceAccess(caller, slug, service);
    const page = await ahead;
    return { scans: page.items, nextCursor: page.nextCursor };
  },
});

// listDastScans (as listDastKeys): a company's DAST scans, newest first, a page at a time; stale ones settled first.
import * as z from 'zod/mini';
import { companySlug, pageCursor } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listDastScansAs } from '../../kernel/dast-scans/manage-dast-scans.js';
import { dastScanRow } from '../shared/dast-scan-schemas.js';
import { pageLimit } from '../shared/schemas.js';

export const listDastScans = defineSignedInCall({
  name: 'listDastScans',
  input: z.strictObject({ slug: companySlug, cursor: z.optional(pageCursor), limit: z.optional(pageLimit) }),
  output: z.object({ scans: z.array(dastScanRow), nextCursor: z.optional(z.string()) }),
  access: levelAtLeast(menuLevels.dastKeys),
  run: ({ slug, cursor, limit }, { caller }) =>
    listDastScansAs(caller, slug, { ...(cursor ? { cursor } : {}), limit: limit ?? 50 }),
});

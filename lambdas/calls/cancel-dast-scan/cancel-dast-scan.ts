// cancelDastScan (as listDastKeys): cancels a queued or running DAST scan of the company; its agent stops at its next
// heartbeat, and its place under the company's limit is free at once. A finished scan is a conflict (409).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { cancelDastScanAs } from '../../kernel/dast-scans/manage-dast-scans.js';
import { dastScanId, dastScanRow } from '../shared/dast-scan-schemas.js';

export const cancelDastScan = defineSignedInCall({
  name: 'cancelDastScan',
  input: z.strictObject({ slug: companySlug, scanId: dastScanId }),
  output: dastScanRow,
  access: levelAtLeast(menuLevels.dastKeys),
  run: ({ slug, scanId }, { caller }) => cancelDastScanAs(caller, slug, scanId),
});

// Schemas of the DAST scan calls of /admin/dast: a company's scans as its table shows them.
import * as z from 'zod/mini';
import { scanJobStatuses } from '../../kernel/data/entities/scan-jobs.js';

export { scanJobId as dastScanId } from './agent-schemas.js';

export const dastScanRow = z.object({
  scanId: z.string(),
  target: z.string(),
  locationId: z.string(),
  status: z.enum(scanJobStatuses),
  queuedAt: z.number(),
  notBefore: z.optional(z.number()),
  queuedBy: z.string(),
  claimedAt: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  importId: z.optional(z.string()),
  reason: z.optional(z.string()),
  cancelledBy: z.optional(z.string()),
});

export type DastScanRow = z.infer<typeof dastScanRow>;

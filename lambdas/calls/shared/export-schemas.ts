// The shapes of findings exports as the calls send them: start one for the list's current view (the same
// filter listFindings takes), then follow it to its download link.
import * as z from 'zod/mini';
import { findingFilter, findingOrder, serviceScope } from '../../contracts/findings.js';

export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export const exportFormat = z.enum(exportFormats, { error: `must be one of ${exportFormats.join(', ')}` });

/** An export holds at most this many findings (the list's first, in its order). */
export const exportFindingsLimit = 10_000;

export const exportId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'must be an export id'));

export const startFindingExportInput = z.strictObject({
  ...serviceScope,
  format: exportFormat,
  filter: z.optional(findingFilter),
  /** By severity, critical first (the default), or info first when false: the list's order. */
  descending: z.optional(z.boolean()),
  /** The list's order: `severity` (the default) or `dueDate` (soonest due first). */
  order: z.optional(findingOrder),
  /** At most this many findings (default and most: 10,000). */
  limit: z.optional(
    z
      .int()
      .check(
        z.minimum(1, 'must be 1 to 10,000'),
        z.maximum(exportFindingsLimit, 'must be at most 10,000: an export holds at most 10,000 findings'),
      ),
  ),
});

export const findingExport = z.object({
  exportId: z.string(),
  slug: z.string(),
  service: serviceScope.service,
  format: exportFormat,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Findings of the list read so far, and of them written to the file (a customer's: the published ones). */
  scanned: z.number(),
  written: z.number(),
  limit: z.number(),
  /** More findings were in the view than the limit: the file holds the first `limit`. */
  truncated: z.optional(z.boolean()),
  fileName: z.string(),
  bytes: z.optional(z.number()),
  createdAt: z.number(),
  startedAt: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  error: z.optional(z.string()),
  /** Once done: a GET of the file that works for a few minutes (ask again for a fresh one). */
  downloadUrl: z.optional(z.string()),
});
export type FindingExportOutput = z.infer<typeof findingExport>;

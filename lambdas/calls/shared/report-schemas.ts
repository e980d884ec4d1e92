// The shapes of the report calls (getServiceReport, getReportsOverview): a service's dashboard figures as
// the caller's view counts them (customers: published findings only).
import * as z from 'zod/mini';
import { serviceName } from './schemas.js';
import { severityCounts } from './finding-schemas.js';

export const reportView = z.enum(['analyst', 'customer']);

export const trendPoint = z.object({
  at: z.number(),
  tool: z.optional(z.string()),
  /** Open findings by severity after that scan (the last point: now). */
  open: severityCounts,
  new: z.number(),
  fixed: z.number(),
  reopened: z.number(),
});

/** What the overview's card of a service shows. */
export const serviceSummary = z.object({
  service: serviceName,
  view: reportView,
  /** The last scan imported, if any (the 'Updated' label reads `at`). */
  /** The last scan: when, by which tool, and its import (the findings list's "new in the last scan" filter). */
  lastScan: z.optional(z.object({ at: z.number(), tool: z.optional(z.string()), importId: z.string() })),
  /** Open findings by severity, now. */
  open: severityCounts,
  openTotal: z.number(),
  /** What the last scan changed, by severity of the finding now. */
  lastScanChanges: z.object({ new: severityCounts, fixed: severityCounts, reopened: severityCounts }),
  /** Open findings over the scans, oldest first (at most 30). */
  trend: z.array(trendPoint),
  /** When the figures last moved (an import or a curation). */
  updatedAt: z.optional(z.number()),
});
export type ServiceSummaryOutput = z.infer<typeof serviceSummary>;

export const topAsset = z.object({ key: z.string(), name: z.string(), open: severityCounts });

/** A service's dashboard. */
export const serviceReport = z.object({
  ...serviceSummary.shape,
  /** Findings by status (every status: fixed, risk accepted… as well as open). */
  byStatus: z.record(z.string(), z.number()),
  /** Assets with the most open findings (by severity, then count), as of the last scan and the curations since. */
  topAssets: z.array(topAsset),
  /** The tools' own figures of their last scan, by tool (zap, prowler, password-audit…). */
  figures: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type ServiceReportOutput = z.infer<typeof serviceReport>;

// The shapes of the report calls (getServiceReport, getReportsOverview): a service's dashboard figures as
// the caller's view counts them (customers: published findings only, and of the scans only what they changed of
// them: no tool figures, no scan with nothing published, no time the analysts' work moved the counters).
import * as z from 'zod/mini';
import { serviceName } from './scope.js';
import { severityCounts } from './findings.js';

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
  /**
   * The last scan: when, by which tool, and its import (the 'Updated' label, the findings list's "new in the last
   * scan" filter). Customers: the last scan that changed a finding they can see.
   */
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
  /**
   * The SLA now: open published findings overdue and due within 7 days (by the hour they fall due), and the share
   * of published findings fixed in the last 90 days that were fixed by their due date (absent: none fixed).
   */
  sla: z.object({ overdue: z.number(), dueSoon: z.number(), compliancePercent: z.optional(z.number()) }),
  /** Per month, the last 12 oldest first (`YYYY-MM`, UTC): findings opened (customers: published) and fixed. */
  monthlyTrend: z.array(z.object({ month: z.string(), opened: z.number(), fixed: z.number() })),
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
  /** The tools' own figures of their last scan, by tool (zap, prowler, password-audit…): analysts' only. */
  figures: z.record(z.string(), z.record(z.string(), z.unknown())),
  /**
   * The choices of the findings list's filters: DAST sites, cloud frameworks and categories. Analysts: the last
   * scan's (its figures); customers: those of published findings.
   */
  filterChoices: z.object({ site: z.array(z.string()), framework: z.array(z.string()), category: z.array(z.string()) }),
  /**
   * Median days from publication to the fix, by severity, of the published findings fixed in the last 90 days
   * (absent: none fixed).
   */
  mttrDays: z.object({
    critical: z.optional(z.number()),
    high: z.optional(z.number()),
    medium: z.optional(z.number()),
    low: z.optional(z.number()),
    info: z.optional(z.number()),
  }),
});
export type ServiceReportOutput = z.infer<typeof serviceReport>;

// What a list or an export of a service's findings may be narrowed by, and where a finding stands. The
// domain's own shapes: the calls' schemas (findings.ts) parse input into them.
import type { Confidence, Severity } from './finding-words.js';

/** Where a finding stands: imports move it between open and fixed; analysts set the others. */
export const findingStatuses = ['open', 'fixed', 'risk_accepted', 'false_positive', 'out_of_scope'] as const;
export type FindingStatus = (typeof findingStatuses)[number];

/** The SLA states a list may be narrowed to (sla-clock.ts: due within 7 days, or past the due date). */
export const slaFilterStates = ['overdue', 'dueSoon'] as const;
export type SlaFilterState = (typeof slaFilterStates)[number];

/** A finding's SLA state as rows answer it: computed when read, from its due date and the time. */
export const slaStates = ['onTrack', 'dueSoon', 'overdue', 'none'] as const;

/** The orders of a findings list: by severity (the index of every finding), or soonest due first. */
export const findingOrders = ['severity', 'dueDate'] as const;
export type FindingOrder = (typeof findingOrders)[number];

export interface FindingFilter {
  severity?: Severity[];
  /** Open published findings past their due date, or due within 7 days. */
  sla?: SlaFilterState;
  status?: FindingStatus[];
  confidence?: Confidence[];
  assetKey?: string;
  text?: string;
  newInImport?: string;
  hasCve?: boolean;
  fixAvailable?: boolean;
  subnet?: string;
  framework?: string[];
  category?: string[];
  site?: string[];
  /** Findings with a CVE in CISA's Known Exploited Vulnerabilities catalogue. */
  knownExploited?: true;
  /** Findings whose highest EPSS score is at least this (0..1). */
  epssAtLeast?: number;
}

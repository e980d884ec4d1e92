// What a list or an export of a service's findings may be narrowed by, and where a finding stands. The
// domain's own shapes: the calls' schemas (findings.ts) parse input into them.
import type { Confidence, Severity } from './finding-words.js';

/** Where a finding stands: imports move it between open and fixed; analysts set the others. */
export const findingStatuses = ['open', 'fixed', 'risk_accepted', 'false_positive', 'out_of_scope'] as const;
export type FindingStatus = (typeof findingStatuses)[number];

export interface FindingFilter {
  severity?: Severity[];
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
}

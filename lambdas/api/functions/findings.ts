// The findings function: scan imports, findings, their curation and evidence, exports, the customers' reports,
// the remediation loop, finding templates, SLA policies and threat feeds (lambdas/calls/groups/findings.ts).
import { findingsCalls } from '../../calls/groups/findings.js';
import { makeApiFunction } from '../api-function.js';

export const handler = makeApiFunction(findingsCalls);

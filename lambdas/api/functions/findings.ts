// The findings function: scan imports, findings, their curation and evidence, exports, the customers' reports,
// the remediation loop, finding templates, SLA policies and threat feeds (lambdas/calls/groups/findings.ts), and the
// retest route ticket systems call with a company key (findings:retest).
import { findingsCalls } from '../../calls/groups/findings.js';
import type { RestRoute } from '../../kernel/http/rest-handler.js';
import { requestRetestByKey } from '../../kernel/remediation/retest-by-key.js';
import { makeApiFunction } from '../api-function.js';
import type { RestRoutesOf } from '../rest-routes.js';

const restRoutes: Record<keyof RestRoutesOf<'findings'>, RestRoute> = {
  'POST /api/findings/v1/retests': async ({ headers, body }) => ({
    statusCode: 202,
    body: await requestRetestByKey(headers.authorization, body),
  }),
};

export const handler = makeApiFunction('findingsApi', findingsCalls, restRoutes);

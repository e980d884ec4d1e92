// The findings' calls: scan imports, findings and their curation and evidence, exports, the customers' reports, the remediation loop, finding templates, SLA policies and threat feeds.
// One API function answers them on AWS (lambdas/api/functions/findings.ts); the registry lists every group.
import type { AnyCall } from '../../kernel/call.js';
import { createScanImport } from '../create-scan-import/create-scan-import.js';
import { startScanImport } from '../start-scan-import/start-scan-import.js';
import { getScanImport } from '../get-scan-import/get-scan-import.js';
import { listScans } from '../list-scans/list-scans.js';
import { listFindings } from '../list-findings/list-findings.js';
import { getFinding } from '../get-finding/get-finding.js';
import { listAssets } from '../list-assets/list-assets.js';
import { createFinding } from '../create-finding/create-finding.js';
import { createEvidenceUpload } from '../create-evidence-upload/create-evidence-upload.js';
import { addEvidence } from '../add-evidence/add-evidence.js';
import { updateEvidence } from '../update-evidence/update-evidence.js';
import { removeEvidence } from '../remove-evidence/remove-evidence.js';
import { updateFinding } from '../update-finding/update-finding.js';
import { listFindingTags } from '../list-finding-tags/list-finding-tags.js';
import { applyTemplate } from '../apply-template/apply-template.js';
import { bulkUpdateFindings } from '../bulk-update-findings/bulk-update-findings.js';
import { getBulkUpdate } from '../get-bulk-update/get-bulk-update.js';
import { listTemplateFindings } from '../list-template-findings/list-template-findings.js';
import { refreshTemplateFindings } from '../refresh-template-findings/refresh-template-findings.js';
import { startFindingExport } from '../start-finding-export/start-finding-export.js';
import { getFindingExport } from '../get-finding-export/get-finding-export.js';
import { getReportsOverview } from '../get-reports-overview/get-reports-overview.js';
import { getServiceReport } from '../get-service-report/get-service-report.js';
import { requestFindingReview } from '../request-finding-review/request-finding-review.js';
import { listFindingReviews } from '../list-finding-reviews/list-finding-reviews.js';
import { listReviewQueue } from '../list-review-queue/list-review-queue.js';
import { addFindingComment } from '../add-finding-comment/add-finding-comment.js';
import { listFindingComments } from '../list-finding-comments/list-finding-comments.js';
import { decideFindingReview } from '../decide-finding-review/decide-finding-review.js';
import { createTemplate } from '../create-template/create-template.js';
import { getTemplate } from '../get-template/get-template.js';
import { listTemplates } from '../list-templates/list-templates.js';
import { updateTemplate } from '../update-template/update-template.js';
import { retireTemplate } from '../retire-template/retire-template.js';
import { getSearchClient } from '../get-search-client/get-search-client.js';
import { getSlaPolicy } from '../get-sla-policy/get-sla-policy.js';
import { updateSlaPolicy } from '../update-sla-policy/update-sla-policy.js';
import { createFeedImport } from '../create-feed-import/create-feed-import.js';
import { startFeedImport } from '../start-feed-import/start-feed-import.js';
import { getFeedImport } from '../get-feed-import/get-feed-import.js';

export const findingsCalls: readonly AnyCall[] = [
  // scans and findings
  createScanImport,
  startScanImport,
  getScanImport,
  listScans,
  listFindings,
  getFinding,
  listAssets,
  // curating findings
  createFinding,
  createEvidenceUpload,
  addEvidence,
  updateEvidence,
  removeEvidence,
  updateFinding,
  listFindingTags,
  applyTemplate,
  bulkUpdateFindings,
  getBulkUpdate,
  listTemplateFindings,
  refreshTemplateFindings,
  // exports and notification digests
  startFindingExport,
  getFindingExport,
  // customer reports: dashboards kept up to date at import and curation time
  getReportsOverview,
  getServiceReport,
  // the remediation loop: customers' retest and risk-acceptance requests, the analysts' queue and decisions
  requestFindingReview,
  listFindingReviews,
  listReviewQueue,
  decideFindingReview,
  // a finding's conversation between the company's people and the analysts
  addFindingComment,
  listFindingComments,
  // finding templates and their search
  createTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
  retireTemplate,
  getSearchClient,
  // a company's SLA policy: days to fix per severity
  getSlaPolicy,
  updateSlaPolicy,
  createFeedImport,
  startFeedImport,
  getFeedImport,
];

// Every call of the product. Adding a call: its folder under calls/, and one line here.
import { createRegistry } from '../kernel/call.js';
import { createLocation } from './create-location/create-location.js';
import { deleteLocation } from './delete-location/delete-location.js';
import { listLocations } from './list-locations/list-locations.js';
import { updateLocation } from './update-location/update-location.js';
import { listAgents } from './list-agents/list-agents.js';
import { createAgentEnrollment } from './create-agent-enrollment/create-agent-enrollment.js';
import { rotateAgentCredential } from './rotate-agent-credential/rotate-agent-credential.js';
import { moveAgent } from './move-agent/move-agent.js';
import { revokeAgent } from './revoke-agent/revoke-agent.js';
import { enrollAgent } from './enroll-agent/enroll-agent.js';
import { agentHeartbeat } from './agent-heartbeat/agent-heartbeat.js';
import { pullScanJob } from './pull-scan-job/pull-scan-job.js';
import { createScanJobImport } from './create-scan-job-import/create-scan-job-import.js';
import { completeScanJob } from './complete-scan-job/complete-scan-job.js';
import { failScanJob } from './fail-scan-job/fail-scan-job.js';
import { createDastKey } from './create-dast-key/create-dast-key.js';
import { listDastKeys } from './list-dast-keys/list-dast-keys.js';
import { revokeDastKey } from './revoke-dast-key/revoke-dast-key.js';
import { rollDastKey } from './roll-dast-key/roll-dast-key.js';
import { listDastScans } from './list-dast-scans/list-dast-scans.js';
import { cancelDastScan } from './cancel-dast-scan/cancel-dast-scan.js';
import { createTemplate } from './create-template/create-template.js';
import { getSearchClient } from './get-search-client/get-search-client.js';
import { getTemplate } from './get-template/get-template.js';
import { listTemplates } from './list-templates/list-templates.js';
import { retireTemplate } from './retire-template/retire-template.js';
import { updateTemplate } from './update-template/update-template.js';
import { updateFinding } from './update-finding/update-finding.js';
import { listFindingTags } from './list-finding-tags/list-finding-tags.js';
import { applyTemplate } from './apply-template/apply-template.js';
import { createFinding } from './create-finding/create-finding.js';
import { createEvidenceUpload } from './create-evidence-upload/create-evidence-upload.js';
import { addEvidence } from './add-evidence/add-evidence.js';
import { updateEvidence } from './update-evidence/update-evidence.js';
import { removeEvidence } from './remove-evidence/remove-evidence.js';
import { bulkUpdateFindings } from './bulk-update-findings/bulk-update-findings.js';
import { getBulkUpdate } from './get-bulk-update/get-bulk-update.js';
import { startFindingExport } from './start-finding-export/start-finding-export.js';
import { getFindingExport } from './get-finding-export/get-finding-export.js';
import { getReportsOverview } from './get-reports-overview/get-reports-overview.js';
import { getServiceReport } from './get-service-report/get-service-report.js';
import { requestFindingReview } from './request-finding-review/request-finding-review.js';
import { decideFindingReview } from './decide-finding-review/decide-finding-review.js';
import { listFindingReviews } from './list-finding-reviews/list-finding-reviews.js';
import { listTemplateFindings } from './list-template-findings/list-template-findings.js';
import { refreshTemplateFindings } from './refresh-template-findings/refresh-template-findings.js';
import { createScanImport } from './create-scan-import/create-scan-import.js';
import { getFinding } from './get-finding/get-finding.js';
import { getScanImport } from './get-scan-import/get-scan-import.js';
import { listAssets } from './list-assets/list-assets.js';
import { listFindings } from './list-findings/list-findings.js';
import { listScans } from './list-scans/list-scans.js';
import { startScanImport } from './start-scan-import/start-scan-import.js';
import { createCompany } from './create-company/create-company.js';
import { getCompany } from './get-company/get-company.js';
import { getSession } from './get-session/get-session.js';
import { handleSupportEmail } from './handle-support-email/handle-support-email.js';
import { inviteCompanyUser } from './invite-company-user/invite-company-user.js';
import { respondToInvitation } from './respond-to-invitation/respond-to-invitation.js';
import { listCompanies } from './list-companies/list-companies.js';
import { listCompanyUsers } from './list-company-users/list-company-users.js';
import { listEvents } from './list-events/list-events.js';
import { listPlatformServices } from './list-platform-services/list-platform-services.js';
import { listUsers } from './list-users/list-users.js';
import { removeCompanyUser } from './remove-company-user/remove-company-user.js';
import { sendSignInLink } from './send-sign-in-link/send-sign-in-link.js';
import { setDefaultCompany } from './set-default-company/set-default-company.js';
import { signOut } from './sign-out/sign-out.js';
import { signOutEverywhere } from './sign-out-everywhere/sign-out-everywhere.js';
import { updateCompany } from './update-company/update-company.js';
import { updateCompanyUser } from './update-company-user/update-company-user.js';
import { updatePlatformService } from './update-platform-service/update-platform-service.js';
import { updateProfile } from './update-profile/update-profile.js';
import { updateUserAccess } from './update-user-access/update-user-access.js';
import { watchSession } from './watch-session/watch-session.js';
import { claimVaultLink } from './claim-vault-link/claim-vault-link.js';
import { collectVaultRequest } from './collect-vault-request/collect-vault-request.js';
import { createVaultLink } from './create-vault-link/create-vault-link.js';
import { createVaultRequest } from './create-vault-request/create-vault-request.js';
import { fulfilVaultRequest } from './fulfil-vault-request/fulfil-vault-request.js';
import { getVaultLink } from './get-vault-link/get-vault-link.js';
import { listVaultEvents } from './list-vault-events/list-vault-events.js';
import { listVaultLinks } from './list-vault-links/list-vault-links.js';
import { revokeVaultLink } from './revoke-vault-link/revoke-vault-link.js';
import { deleteNotificationRule } from './delete-notification-rule/delete-notification-rule.js';
import { createWebhookEndpoint } from './create-webhook-endpoint/create-webhook-endpoint.js';
import { listWebhookEndpoints } from './list-webhook-endpoints/list-webhook-endpoints.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint/update-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint/delete-webhook-endpoint.js';
import { rotateWebhookSecret } from './rotate-webhook-secret/rotate-webhook-secret.js';
import { sendTestWebhook } from './send-test-webhook/send-test-webhook.js';
import { listWebhookDeliveries } from './list-webhook-deliveries/list-webhook-deliveries.js';
import { redeliverWebhook } from './redeliver-webhook/redeliver-webhook.js';
import { getDigestSettings } from './get-digest-settings/get-digest-settings.js';
import { updateDigestSettings } from './update-digest-settings/update-digest-settings.js';
import { listNotificationRules } from './list-notification-rules/list-notification-rules.js';
import { saveNotificationRule } from './save-notification-rule/save-notification-rule.js';
import { listMailIdentities } from './list-mail-identities/list-mail-identities.js';
import { addMailIdentity } from './add-mail-identity/add-mail-identity.js';
import { removeMailIdentity } from './remove-mail-identity/remove-mail-identity.js';
import { updateMailSettings } from './update-mail-settings/update-mail-settings.js';
import { getSlaPolicy } from './get-sla-policy/get-sla-policy.js';
import { updateSlaPolicy } from './update-sla-policy/update-sla-policy.js';
import { createFeedImport } from './create-feed-import/create-feed-import.js';
import { startFeedImport } from './start-feed-import/start-feed-import.js';
import { getFeedImport } from './get-feed-import/get-feed-import.js';

export const callRegistry = createRegistry([
  // sign-in and session
  sendSignInLink,
  getSession,
  watchSession,
  getCompany,
  setDefaultCompany,
  handleSupportEmail,
  listEvents,
  updateProfile,
  listPlatformServices,
  signOut,
  // administration
  createCompany,
  listCompanies,
  updateCompany,
  listCompanyUsers,
  inviteCompanyUser,
  respondToInvitation,
  updateCompanyUser,
  removeCompanyUser,
  listUsers,
  updateUserAccess,
  signOutEverywhere,
  updatePlatformService,
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
  decideFindingReview,
  // finding templates and their search
  createTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
  retireTemplate,
  getSearchClient,
  // vault share and request links
  createVaultLink,
  listVaultLinks,
  revokeVaultLink,
  getVaultLink,
  claimVaultLink,
  createVaultRequest,
  fulfilVaultRequest,
  collectVaultRequest,
  listVaultEvents,
  // scanning locations
  listLocations,
  createLocation,
  updateLocation,
  deleteLocation,
  // notification rules of a company
  listNotificationRules,
  saveNotificationRule,
  deleteNotificationRule,
  createWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendTestWebhook,
  listWebhookDeliveries,
  redeliverWebhook,
  // a user's weekly digest of each company (Settings)
  getDigestSettings,
  updateDigestSettings,
  // scanning agents: the analysts' side, then the agents' own calls (by their credential)
  listAgents,
  createAgentEnrollment,
  rotateAgentCredential,
  moveAgent,
  revokeAgent,
  enrollAgent,
  agentHeartbeat,
  pullScanJob,
  createScanJobImport,
  completeScanJob,
  failScanJob,
  // DAST API keys
  listDastKeys,
  createDastKey,
  rollDastKey,
  revokeDastKey,
  listDastScans,
  cancelDastScan,
  // e-mail sending identities and which one sends which mail (/admin/keys_email)
  listMailIdentities,
  addMailIdentity,
  removeMailIdentity,
  updateMailSettings,
  // a company's SLA policy: days to fix per severity
  getSlaPolicy,
  updateSlaPolicy,
  createFeedImport,
  startFeedImport,
  getFeedImport,
]);

// The people's calls: signing in and the session, administration of companies, users and the platform, a company's notification rules, a user's weekly digest, the mail senders.
// One API function answers them on AWS (lambdas/api/functions/people.ts); the registry lists every group.
import type { AnyCall } from '../../kernel/call.js';
import { sendSignInLink } from '../send-sign-in-link/send-sign-in-link.js';
import { getSession } from '../get-session/get-session.js';
import { watchSession } from '../watch-session/watch-session.js';
import { getCompany } from '../get-company/get-company.js';
import { setDefaultCompany } from '../set-default-company/set-default-company.js';
import { handleSupportEmail } from '../handle-support-email/handle-support-email.js';
import { listEvents } from '../list-events/list-events.js';
import { updateProfile } from '../update-profile/update-profile.js';
import { listPlatformServices } from '../list-platform-services/list-platform-services.js';
import { signOut } from '../sign-out/sign-out.js';
import { createCompany } from '../create-company/create-company.js';
import { listCompanies } from '../list-companies/list-companies.js';
import { updateCompany } from '../update-company/update-company.js';
import { listCompanyUsers } from '../list-company-users/list-company-users.js';
import { inviteCompanyUser } from '../invite-company-user/invite-company-user.js';
import { respondToInvitation } from '../respond-to-invitation/respond-to-invitation.js';
import { updateCompanyUser } from '../update-company-user/update-company-user.js';
import { removeCompanyUser } from '../remove-company-user/remove-company-user.js';
import { listUsers } from '../list-users/list-users.js';
import { updateUserAccess } from '../update-user-access/update-user-access.js';
import { signOutEverywhere } from '../sign-out-everywhere/sign-out-everywhere.js';
import { updatePlatformService } from '../update-platform-service/update-platform-service.js';
import { listNotificationRules } from '../list-notification-rules/list-notification-rules.js';
import { saveNotificationRule } from '../save-notification-rule/save-notification-rule.js';
import { deleteNotificationRule } from '../delete-notification-rule/delete-notification-rule.js';
import { getDigestSettings } from '../get-digest-settings/get-digest-settings.js';
import { updateDigestSettings } from '../update-digest-settings/update-digest-settings.js';
import { listMailIdentities } from '../list-mail-identities/list-mail-identities.js';
import { addMailIdentity } from '../add-mail-identity/add-mail-identity.js';
import { removeMailIdentity } from '../remove-mail-identity/remove-mail-identity.js';
import { updateMailSettings } from '../update-mail-settings/update-mail-settings.js';
import { createWebhookEndpoint } from '../create-webhook-endpoint/create-webhook-endpoint.js';
import { listWebhookEndpoints } from '../list-webhook-endpoints/list-webhook-endpoints.js';
import { updateWebhookEndpoint } from '../update-webhook-endpoint/update-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../delete-webhook-endpoint/delete-webhook-endpoint.js';
import { rotateWebhookSecret } from '../rotate-webhook-secret/rotate-webhook-secret.js';
import { sendTestWebhook } from '../send-test-webhook/send-test-webhook.js';
import { listWebhookDeliveries } from '../list-webhook-deliveries/list-webhook-deliveries.js';
import { redeliverWebhook } from '../redeliver-webhook/redeliver-webhook.js';

export const peopleCalls: readonly AnyCall[] = [
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
  // notification rules of a company
  listNotificationRules,
  saveNotificationRule,
  deleteNotificationRule,
  // a company's webhook endpoints (signed deliveries, Slack, Teams) and their deliveries
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
  // e-mail sending identities and which one sends which mail (/admin/keys_email)
  listMailIdentities,
  addMailIdentity,
  removeMailIdentity,
  updateMailSettings,
];

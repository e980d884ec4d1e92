// The one client for backend calls: POST {apiUrl}/calls/{name} with {"data": input}, typed by call name
// from the server's own contracts, and spec section 8's status mapping applied literally.
import type { SendSignInLinkInput, SendSignInLinkOutput } from '../../../lambdas/calls/send-sign-in-link/contract';
import type { GetSessionOutput } from '../../../lambdas/calls/get-session/contract';
import type { getCompanyInput, getCompanyOutput } from '../../../lambdas/calls/get-company/contract';
import type {
  setDefaultCompanyInput,
  setDefaultCompanyOutput,
} from '../../../lambdas/calls/set-default-company/contract';
import type {
  handleSupportEmailInput,
  handleSupportEmailOutput,
} from '../../../lambdas/calls/handle-support-email/contract';
import type { listEventsInput, listEventsOutput } from '../../../lambdas/calls/list-events/contract';
import type { watchSessionInput, watchSessionOutput } from '../../../lambdas/calls/watch-session/contract';
import type { createCompany } from '../../../lambdas/calls/create-company/create-company';
import type { listCompanies } from '../../../lambdas/calls/list-companies/list-companies';
import type { updateCompany } from '../../../lambdas/calls/update-company/update-company';
import type { listCompanyUsers } from '../../../lambdas/calls/list-company-users/list-company-users';
import type { inviteCompanyUser } from '../../../lambdas/calls/invite-company-user/invite-company-user';
import type { respondToInvitation } from '../../../lambdas/calls/respond-to-invitation/respond-to-invitation';
import type { updateCompanyUser } from '../../../lambdas/calls/update-company-user/update-company-user';
import type { removeCompanyUser } from '../../../lambdas/calls/remove-company-user/remove-company-user';
import type { listUsers } from '../../../lambdas/calls/list-users/list-users';
import type { updateUserAccess } from '../../../lambdas/calls/update-user-access/update-user-access';
import type { signOut } from '../../../lambdas/calls/sign-out/sign-out';
import type { signOutEverywhere } from '../../../lambdas/calls/sign-out-everywhere/sign-out-everywhere';
import type { listPlatformServices } from '../../../lambdas/calls/list-platform-services/list-platform-services';
import type { updatePlatformService } from '../../../lambdas/calls/update-platform-service/update-platform-service';
import type { updateProfile } from '../../../lambdas/calls/update-profile/update-profile';
import type { createScanImport } from '../../../lambdas/calls/create-scan-import/create-scan-import';
import type { startScanImport } from '../../../lambdas/calls/start-scan-import/start-scan-import';
import type { getScanImport } from '../../../lambdas/calls/get-scan-import/get-scan-import';
import type { listScans } from '../../../lambdas/calls/list-scans/list-scans';
import type { listFindings } from '../../../lambdas/calls/list-findings/list-findings';
import type { getFinding } from '../../../lambdas/calls/get-finding/get-finding';
import type { listAssets } from '../../../lambdas/calls/list-assets/list-assets';
import type { updateFinding } from '../../../lambdas/calls/update-finding/update-finding';
import type { listFindingTags } from '../../../lambdas/calls/list-finding-tags/list-finding-tags';
import type { applyTemplate } from '../../../lambdas/calls/apply-template/apply-template';
import type { createFinding } from '../../../lambdas/calls/create-finding/create-finding';
import type { createEvidenceUpload } from '../../../lambdas/calls/create-evidence-upload/create-evidence-upload';
import type { addEvidence } from '../../../lambdas/calls/add-evidence/add-evidence';
import type { updateEvidence } from '../../../lambdas/calls/update-evidence/update-evidence';
import type { removeEvidence } from '../../../lambdas/calls/remove-evidence/remove-evidence';
import type { bulkUpdateFindings } from '../../../lambdas/calls/bulk-update-findings/bulk-update-findings';
import type { bulkUpdateInput, findingEdit, findingFieldSchemas } from '../../../lambdas/contracts/curation';
import type { ServiceName } from '../../../lambdas/kernel/access/rules';
import type { createTemplate } from '../../../lambdas/calls/create-template/create-template';
import type { getTemplate } from '../../../lambdas/calls/get-template/get-template';
import type { listTemplates } from '../../../lambdas/calls/list-templates/list-templates';
import type { updateTemplate } from '../../../lambdas/calls/update-template/update-template';
import type { retireTemplate } from '../../../lambdas/calls/retire-template/retire-template';
import type { getSearchClient } from '../../../lambdas/calls/get-search-client/get-search-client';
import type { listTemplateFindings } from '../../../lambdas/calls/list-template-findings/list-template-findings';
import type { refreshTemplateFindings } from '../../../lambdas/calls/refresh-template-findings/refresh-template-findings';
import type { getBulkUpdate } from '../../../lambdas/calls/get-bulk-update/get-bulk-update';
import type { startFindingExport } from '../../../lambdas/calls/start-finding-export/start-finding-export';
import type { getFindingExport } from '../../../lambdas/calls/get-finding-export/get-finding-export';
import type { getReportsOverview } from '../../../lambdas/calls/get-reports-overview/get-reports-overview';
import type { requestFindingReview } from '../../../lambdas/calls/request-finding-review/request-finding-review';
import type { listFindingReviews } from '../../../lambdas/calls/list-finding-reviews/list-finding-reviews';
import type { listReviewQueue } from '../../../lambdas/calls/list-review-queue/list-review-queue';
import type { decideFindingReview } from '../../../lambdas/calls/decide-finding-review/decide-finding-review';
import type { addFindingComment } from '../../../lambdas/calls/add-finding-comment/add-finding-comment';
import type { listFindingComments } from '../../../lambdas/calls/list-finding-comments/list-finding-comments';
import type { getServiceReport } from '../../../lambdas/calls/get-service-report/get-service-report';
import type { EditableTemplateField } from '../../../lambdas/kernel/templates/template-fields';
import type { createVaultLink } from '../../../lambdas/calls/create-vault-link/create-vault-link';
import type { listVaultLinks } from '../../../lambdas/calls/list-vault-links/list-vault-links';
import type { revokeVaultLink } from '../../../lambdas/calls/revoke-vault-link/revoke-vault-link';
import type { getVaultLink } from '../../../lambdas/calls/get-vault-link/get-vault-link';
import type { claimVaultLink } from '../../../lambdas/calls/claim-vault-link/claim-vault-link';
import type { createVaultRequest } from '../../../lambdas/calls/create-vault-request/create-vault-request';
import type { fulfilVaultRequest } from '../../../lambdas/calls/fulfil-vault-request/fulfil-vault-request';
import type { collectVaultRequest } from '../../../lambdas/calls/collect-vault-request/collect-vault-request';
import type { listVaultEvents } from '../../../lambdas/calls/list-vault-events/list-vault-events';
import type { listLocations } from '../../../lambdas/calls/list-locations/list-locations';
import type { createLocation } from '../../../lambdas/calls/create-location/create-location';
import type { updateLocation } from '../../../lambdas/calls/update-location/update-location';
import type { deleteLocation } from '../../../lambdas/calls/delete-location/delete-location';
import type { listNotificationRules } from '../../../lambdas/calls/list-notification-rules/list-notification-rules';
import type { createWebhookEndpoint } from '../../../lambdas/calls/create-webhook-endpoint/create-webhook-endpoint';
import type { listWebhookEndpoints } from '../../../lambdas/calls/list-webhook-endpoints/list-webhook-endpoints';
import type { updateWebhookEndpoint } from '../../../lambdas/calls/update-webhook-endpoint/update-webhook-endpoint';
import type { deleteWebhookEndpoint } from '../../../lambdas/calls/delete-webhook-endpoint/delete-webhook-endpoint';
import type { rotateWebhookSecret } from '../../../lambdas/calls/rotate-webhook-secret/rotate-webhook-secret';
import type { sendTestWebhook } from '../../../lambdas/calls/send-test-webhook/send-test-webhook';
import type { listWebhookDeliveries } from '../../../lambdas/calls/list-webhook-deliveries/list-webhook-deliveries';
import type { redeliverWebhook } from '../../../lambdas/calls/redeliver-webhook/redeliver-webhook';
import type { getDigestSettings } from '../../../lambdas/calls/get-digest-settings/get-digest-settings';
import type { updateDigestSettings } from '../../../lambdas/calls/update-digest-settings/update-digest-settings';
import type { saveNotificationRule } from '../../../lambdas/calls/save-notification-rule/save-notification-rule';
import type { deleteNotificationRule } from '../../../lambdas/calls/delete-notification-rule/delete-notification-rule';
import type { listAgents } from '../../../lambdas/calls/list-agents/list-agents';
import type { createAgentEnrollment } from '../../../lambdas/calls/create-agent-enrollment/create-agent-enrollment';
import type { rotateAgentCredential } from '../../../lambdas/calls/rotate-agent-credential/rotate-agent-credential';
import type { moveAgent } from '../../../lambdas/calls/move-agent/move-agent';
import type { revokeAgent } from '../../../lambdas/calls/revoke-agent/revoke-agent';
import type { listDastKeys } from '../../../lambdas/calls/list-dast-keys/list-dast-keys';
import type { createDastKey } from '../../../lambdas/calls/create-dast-key/create-dast-key';
import type { rollDastKey } from '../../../lambdas/calls/roll-dast-key/roll-dast-key';
import type { revokeDastKey } from '../../../lambdas/calls/revoke-dast-key/revoke-dast-key';
import type { listDastScans } from '../../../lambdas/calls/list-dast-scans/list-dast-scans';
import type { cancelDastScan } from '../../../lambdas/calls/cancel-dast-scan/cancel-dast-scan';
import type { listMailIdentities } from '../../../lambdas/calls/list-mail-identities/list-mail-identities';
import type { addMailIdentity } from '../../../lambdas/calls/add-mail-identity/add-mail-identity';
import type { removeMailIdentity } from '../../../lambdas/calls/remove-mail-identity/remove-mail-identity';
import type { updateMailSettings } from '../../../lambdas/calls/update-mail-settings/update-mail-settings';
import type { getSlaPolicy } from '../../../lambdas/calls/get-sla-policy/get-sla-policy';
import type { updateSlaPolicy } from '../../../lambdas/calls/update-sla-policy/update-sla-policy';
import type { createFeedImport } from '../../../lambdas/calls/create-feed-import/create-feed-import';
import type { startFeedImport } from '../../../lambdas/calls/start-feed-import/start-feed-import';
import type { getFeedImport } from '../../../lambdas/calls/get-feed-import/get-feed-import';

import type * as z from 'zod/mini';

/** The wire types of a contract's schema (type-only: no zod in the bundle). */
type WireInput<Schema extends z.ZodMiniType> = z.input<Schema>;
type WireOutput<Schema extends z.ZodMiniType> = z.output<Schema>;

/**
 * A call definition's types, from its own schemas. defineSignedInCall keeps only the parsed side of the
 * input schema (its wire side is `unknown`), so the input is the parsed shape: the same fields, before
 * the server trims or lower-cases them.
 */
interface CallDefinitionShape {
  input: z.ZodMiniType;
  output: z.ZodMiniType;
}
type ContractOf<Call extends CallDefinitionShape> = { input: z.infer<Call['input']>; output: z.infer<Call['output']> };

/** The value each editable field of a finding takes (lambdas/contracts/curation.ts). */
export type FindingFieldValues = {
  [Field in keyof typeof findingFieldSchemas]: z.input<(typeof findingFieldSchemas)[Field]>;
};
export type EditableFindingField = keyof FindingFieldValues;

/** updateFinding's input: one field, its value and the field's version the editor saw. */
export type FindingFieldEditInput = {
  [Field in EditableFindingField]: {
    slug: string;
    service: ServiceName;
    findingId: string;
    field: Field;
    value: FindingFieldValues[Field];
    expectedVersion: number;
  };
}[EditableFindingField];

/** One change of a finding by an analyst, as the finding's history shows it. */
export type FindingEdit = WireOutput<typeof findingEdit>;

/** Each call's input and output, as the server's contracts define them. */
export interface CallContracts {
  sendSignInLink: { input: SendSignInLinkInput; output: SendSignInLinkOutput };
  getSession: { input: Record<string, never>; output: GetSessionOutput };
  getCompany: { input: WireInput<typeof getCompanyInput>; output: WireOutput<typeof getCompanyOutput> };
  setDefaultCompany: {
    input: WireInput<typeof setDefaultCompanyInput>;
    output: WireOutput<typeof setDefaultCompanyOutput>;
  };
  handleSupportEmail: {
    input: WireInput<typeof handleSupportEmailInput>;
    output: WireOutput<typeof handleSupportEmailOutput>;
  };
  listEvents: { input: WireInput<typeof listEventsInput>; output: WireOutput<typeof listEventsOutput> };
  watchSession: { input: WireInput<typeof watchSessionInput>; output: WireOutput<typeof watchSessionOutput> };
  signOut: ContractOf<typeof signOut>;
  // Administration.
  createCompany: ContractOf<typeof createCompany>;
  listCompanies: ContractOf<typeof listCompanies>;
  updateCompany: ContractOf<typeof updateCompany>;
  listCompanyUsers: ContractOf<typeof listCompanyUsers>;
  inviteCompanyUser: ContractOf<typeof inviteCompanyUser>;
  respondToInvitation: ContractOf<typeof respondToInvitation>;
  updateCompanyUser: ContractOf<typeof updateCompanyUser>;
  removeCompanyUser: ContractOf<typeof removeCompanyUser>;
  listUsers: ContractOf<typeof listUsers>;
  updateUserAccess: ContractOf<typeof updateUserAccess>;
  signOutEverywhere: ContractOf<typeof signOutEverywhere>;
  listPlatformServices: { input: Record<string, never>; output: ContractOf<typeof listPlatformServices>['output'] };
  updatePlatformService: ContractOf<typeof updatePlatformService>;
  updateProfile: ContractOf<typeof updateProfile>;
  // Scans and findings.
  createScanImport: ContractOf<typeof createScanImport>;
  startScanImport: ContractOf<typeof startScanImport>;
  getScanImport: ContractOf<typeof getScanImport>;
  listScans: ContractOf<typeof listScans>;
  listFindings: ContractOf<typeof listFindings>;
  getFinding: ContractOf<typeof getFinding>;
  listAssets: ContractOf<typeof listAssets>;
  // Curating findings. updateFinding's schema is a union built from the field list, whose
  // inferred type is the members' common shape: its input is typed field by field here instead.
  updateFinding: { input: FindingFieldEditInput; output: ContractOf<typeof updateFinding>['output'] };
  listFindingTags: ContractOf<typeof listFindingTags>;
  applyTemplate: ContractOf<typeof applyTemplate>;
  createFinding: ContractOf<typeof createFinding>;
  createEvidenceUpload: ContractOf<typeof createEvidenceUpload>;
  addEvidence: ContractOf<typeof addEvidence>;
  updateEvidence: ContractOf<typeof updateEvidence>;
  removeEvidence: ContractOf<typeof removeEvidence>;
  bulkUpdateFindings: {
    input: WireInput<typeof bulkUpdateInput>;
    output: ContractOf<typeof bulkUpdateFindings>['output'];
  };
  // The finding-template library.
  createTemplate: ContractOf<typeof createTemplate>;
  getTemplate: ContractOf<typeof getTemplate>;
  listTemplates: ContractOf<typeof listTemplates>;
  /** One field: its value as the field's rule takes it (the union's members share only the common shape). */
  updateTemplate: {
    input: {
      templateId: string;
      field: Exclude<EditableTemplateField, 'retired'>;
      value: unknown;
      expectedVersion: number;
    };
    output: ContractOf<typeof updateTemplate>['output'];
  };
  retireTemplate: ContractOf<typeof retireTemplate>;
  getSearchClient: ContractOf<typeof getSearchClient>;
  // Findings using a template, brought up to its version by a bulk update.
  listTemplateFindings: ContractOf<typeof listTemplateFindings>;
  refreshTemplateFindings: ContractOf<typeof refreshTemplateFindings>;
  getBulkUpdate: ContractOf<typeof getBulkUpdate>;
  // Vault share and request links.
  createVaultLink: ContractOf<typeof createVaultLink>;
  listVaultLinks: ContractOf<typeof listVaultLinks>;
  revokeVaultLink: ContractOf<typeof revokeVaultLink>;
  getVaultLink: ContractOf<typeof getVaultLink>;
  claimVaultLink: ContractOf<typeof claimVaultLink>;
  createVaultRequest: ContractOf<typeof createVaultRequest>;
  fulfilVaultRequest: ContractOf<typeof fulfilVaultRequest>;
  collectVaultRequest: ContractOf<typeof collectVaultRequest>;
  listVaultEvents: ContractOf<typeof listVaultEvents>;
  // Exports of findings.
  startFindingExport: ContractOf<typeof startFindingExport>;
  getFindingExport: ContractOf<typeof getFindingExport>;
  // Scanning locations.
  listLocations: ContractOf<typeof listLocations>;
  createLocation: ContractOf<typeof createLocation>;
  updateLocation: ContractOf<typeof updateLocation>;
  deleteLocation: ContractOf<typeof deleteLocation>;
  // Notification rules of a company.
  listNotificationRules: ContractOf<typeof listNotificationRules>;
  createWebhookEndpoint: ContractOf<typeof createWebhookEndpoint>;
  listWebhookEndpoints: ContractOf<typeof listWebhookEndpoints>;
  updateWebhookEndpoint: ContractOf<typeof updateWebhookEndpoint>;
  deleteWebhookEndpoint: ContractOf<typeof deleteWebhookEndpoint>;
  rotateWebhookSecret: ContractOf<typeof rotateWebhookSecret>;
  sendTestWebhook: ContractOf<typeof sendTestWebhook>;
  listWebhookDeliveries: ContractOf<typeof listWebhookDeliveries>;
  redeliverWebhook: ContractOf<typeof redeliverWebhook>;
  saveNotificationRule: ContractOf<typeof saveNotificationRule>;
  deleteNotificationRule: ContractOf<typeof deleteNotificationRule>;
  getDigestSettings: ContractOf<typeof getDigestSettings>;
  updateDigestSettings: ContractOf<typeof updateDigestSettings>;
  // Scanning agents; the agents' own calls are made by the agent, never by the web.
  listAgents: ContractOf<typeof listAgents>;
  createAgentEnrollment: ContractOf<typeof createAgentEnrollment>;
  rotateAgentCredential: ContractOf<typeof rotateAgentCredential>;
  moveAgent: ContractOf<typeof moveAgent>;
  revokeAgent: ContractOf<typeof revokeAgent>;
  listDastKeys: ContractOf<typeof listDastKeys>;
  createDastKey: ContractOf<typeof createDastKey>;
  rollDastKey: ContractOf<typeof rollDastKey>;
  revokeDastKey: ContractOf<typeof revokeDastKey>;
  listDastScans: ContractOf<typeof listDastScans>;
  cancelDastScan: ContractOf<typeof cancelDastScan>;
  // E-mail sending identities (/admin/keys_email).
  listMailIdentities: ContractOf<typeof listMailIdentities>;
  addMailIdentity: ContractOf<typeof addMailIdentity>;
  removeMailIdentity: ContractOf<typeof removeMailIdentity>;
  updateMailSettings: ContractOf<typeof updateMailSettings>;
  getSlaPolicy: ContractOf<typeof getSlaPolicy>;
  updateSlaPolicy: ContractOf<typeof updateSlaPolicy>;
  createFeedImport: ContractOf<typeof createFeedImport>;
  startFeedImport: ContractOf<typeof startFeedImport>;
  getFeedImport: ContractOf<typeof getFeedImport>;
  // Customer reports.
  getReportsOverview: ContractOf<typeof getReportsOverview>;
  getServiceReport: ContractOf<typeof getServiceReport>;
  requestFindingReview: ContractOf<typeof requestFindingReview>;
  listFindingReviews: ContractOf<typeof listFindingReviews>;
  listReviewQueue: ContractOf<typeof listReviewQueue>;
  decideFindingReview: ContractOf<typeof decideFindingReview>;
  addFindingComment: ContractOf<typeof addFindingComment>;
  listFindingComments: ContractOf<typeof listFindingComments>;
}

export type CallName = keyof CallContracts;
export type CallInput<Name extends CallName> = CallContracts[Name]['input'];
export type CallOutput<Name extends CallName> = CallContracts[Name]['output'];

/** Calls anyone may make: they go without an Authorization header. */
const publicCalls: ReadonlySet<CallName> = new Set<CallName>([
  'sendSignInLink',
  'getVaultLink',
  'claimVaultLink',
  'fulfilVaultRequest',
]);

export type CallErrorCode =
  | 'ok'
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'aborted'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'unauthenticated';

/** Spec section 8: HTTP status to call error code. */
export function codeForHttpStatus(status: number): CallErrorCode {
  if (status >= 200 && status < 300) return 'ok';
  switch (status) {
    case 0:
    case 500:
      return 'internal';
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
}

export class CallError extends Error {
  override readonly name = 'CallError';

  constructor(
    readonly code: Exclude<CallErrorCode, 'ok'>,
    message: string,
    readonly details?: unknown,
    /** True when `message` came from the server's error body (and so is meant for users). */
    readonly fromServer = false,
    /** The server's `error.status` (e.g. 'INVALID_ARGUMENT'), when it sent one. */
    readonly serverStatus?: string,
  ) {
    super(message);
  }
}

export const defaultCallTimeoutMs = 70_000;

export interface CallClientConfig {
  /** Base URL of the API, e.g. '/api' from runtime-config.json. */
  apiUrl: string;
  /** The signed-in user's ID token, or undefined when nobody is signed in. */
  getIdToken: () => Promise<string | undefined>;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

let clientConfig: CallClientConfig | undefined;

const unauthenticatedListeners = new Set<(name: CallName) => void>();

/**
 * Runs `listener` whenever a signed-in call answers 401 (the token is expired or revoked), so the
 * session can sign out wherever the call was made. Returns a function that removes the listener.
 */
export function onUnauthenticated(listener: (name: CallName) => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

/** Called once at start, after runtime-config.json is read. */
export function configureCalls(config: CallClientConfig): void {
  clientConfig = { ...config, apiUrl: config.apiUrl.replace(/\/+$/, '') };
}

export interface CallOptions {
  /** Defaults to 70 000 ms (spec 9); past it the call fails with deadline-exceeded. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorForResponse(status: number, body: unknown): CallError | undefined {
  const code = codeForHttpStatus(status);
  if (code === 'ok') return undefined;
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
  const serverStatus = typeof error?.status === 'string' ? error.status : undefined;
  return new CallError(code, message ?? code, error?.details, message !== undefined, serverStatus);
}

/** The server's reason for a call that needs a sign-in proof from the last 10 minutes (errors.ts). */
export const stepUpRequiredReason = 'STEP_UP_REQUIRED';

/** True for the step-up refusal: the session is still good, the action needs a fresh proof. */
export function isStepUpRequired(error: unknown): error is CallError {
  return (
    error instanceof CallError &&
    error.code === 'unauthenticated' &&
    isObject(error.details) &&
    error.details.reason === stepUpRequiredReason
  );
}

/** Asks the person to prove it is them again; resolves true once fresh tokens are stored, false if they cancel. */
export type StepUpHandler = (name: CallName) => Promise<boolean>;

let stepUpHandler: StepUpHandler | undefined;

/**
 * Sets what runs when a call is refused for a stale sign-in proof (the "Confirm it's you" dialog); the call is then
 * sent once more. Returns a function that removes it.
 */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = undefined;
  };
}

/**
 * Calls `name` with `input`; resolves with the call's result or throws a CallError. A step-up refusal goes to the
 * step-up handler, and the call is retried once after a fresh proof; cancelled, the refusal is thrown as it came.
 */
export async function callFunction<Name extends CallName>(
  name: Name,
  input: CallInput<Name>,
  options: CallOptions = {},
): Promise<CallOutput<Name>> {
  try {
    return await sendCall(name, input, options);
  } catch (error) {
    const handler = stepUpHandler;
    if (!isStepUpRequired(error) || !handler || !(await handler(name))) throw error;
    return sendCall(name, input, options);
  }
}

async function sendCall<Name extends CallName>(
  name: Name,
  input: CallInput<Name>,
  options: CallOptions,
): Promise<CallOutput<Name>> {
  if (!clientConfig) throw new Error('configureCalls() must run before the first call');
  const { apiUrl, getIdToken } = clientConfig;
  const doFetch = clientConfig.fetch ?? globalThis.fetch.bind(globalThis);

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!publicCalls.has(name)) {
    const idToken = await getIdToken();
    if (idToken) headers.Authorization = `Bearer ${idToken}`;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? defaultCallTimeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let status: number;
    let body: unknown = null;
    try {
      const response = await doFetch(`${apiUrl}/calls/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: input }),
        signal: controller.signal,
      });
      status = response.status;
      try {
        body = await response.json();
      } catch {
        body = null; // not JSON: handled below as spec 8 says
      }
    } catch {
      if (timedOut) throw new CallError('deadline-exceeded', 'deadline-exceeded');
      if (options.signal?.aborted) throw new CallError('cancelled', 'cancelled');
      status = 0; // the network failed: spec 8 maps 0 to internal
    }
    if (timedOut) throw new CallError('deadline-exceeded', 'deadline-exceeded');

    const error = errorForResponse(status, body);
    if (error) {
      // A step-up refusal is no ended session: nobody is signed out for it.
      if (error.code === 'unauthenticated' && !publicCalls.has(name) && !isStepUpRequired(error)) {
        for (const listener of [...unauthenticatedListeners]) listener(name);
      }
      throw error;
    }
    if (!isObject(body)) throw new CallError('internal', 'Response is not valid JSON object.');
    const result = 'result' in body && body.result !== undefined ? body.result : body.data;
    if (result === undefined) throw new CallError('internal', 'Response is missing data field.');
    return result as CallOutput<Name>;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

// The authorization matrix, generated from the registry: every call × every kind of demo account (plus a
// user of another company and an anonymous caller) → allowed or denied, as the server answers it. A call
// added to the registry without a row here fails this suite. Each call's DynamoDB requests are counted:
// at most 3, and never a Scan.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { endsCallerSessions, type AnyCall } from '../../lambdas/kernel/call.js';
import { seedDoneFeedImport } from '../support/feed-fixtures.js';
import { getSlaPolicyRecord } from '../../lambdas/kernel/data/entities/sla-policies.js';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { listPlatformServices } from '../../lambdas/kernel/platform/platform-services.js';
import { loadUserAccess } from '../../lambdas/kernel/users/user-records.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { getFindingItem, newFindingItem, putItems } from '../../lambdas/kernel/data/entities/findings.js';
import { startBulkUpdateAs } from '../../lambdas/kernel/findings/bulk-updates.js';
import { addEvidenceAs } from '../../lambdas/kernel/findings/finding-evidence.js';
import { putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { putFindingExport } from '../../lambdas/kernel/data/entities/finding-exports.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { createTemplateAs } from '../../lambdas/kernel/templates/templates.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { createTestUser, seedInvitation } from '../support/users.js';
import { seedShareLink, seedVaultRequest, someReply } from '../support/vault-fixtures.js';
import { seedLocation } from '../support/location-fixtures.js';
import { seedPendingRetest, seedReviewableFinding } from '../support/review-fixtures.js';
import { seedNotificationRule } from '../support/notification-fixtures.js';
import { seedWebhookDelivery, seedWebhookEndpoint } from '../support/webhook-fixtures.js';
import { kernelAnalyst, seedAgent, seedQueuedJob, seedRunningJob } from '../support/agent-fixtures.js';
import { createEnrollmentTokenAs } from '../../lambdas/kernel/agents/agents.js';
import { seedDastKey } from '../support/dast-key-fixtures.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { senderFor } from '../../lambdas/kernel/mail/mail-settings.js';
import { seedMailIdentity, unchangedMailSettings } from '../support/mail-identity-fixtures.js';

const { appUrl } = inject('localStack');

/** The demo accounts' access (README), as fresh users so this suite never disturbs a signed-in demo user. */
const accountProfiles = {
  admin: { userType: 'analyst', accessLevel: 9 },
  analyst: { userType: 'analyst', accessLevel: 7 },
  junior: { userType: 'analyst', accessLevel: 5 },
  manager: { userType: 'customer', accessLevel: 3, companies: ['acme'] },
  viewer: { userType: 'customer', accessLevel: 1, companies: ['acme'], servicesEnabled: ['dast'] },
  multi: { userType: 'customer', accessLevel: 2, companies: ['acme', 'globex'] },
  outsider: { userType: 'customer', accessLevel: 3, companies: ['initech'] },
  /** A member of acme who manages its password cracking (spec 6's servicesManaged grant). */
  cracker: { userType: 'customer', accessLevel: 3, companies: ['acme'], servicesManaged: ['password_cracking'] },
  /** Level 3 in globex, level 1 with DAST in acme: administers globex, and only reads acme. */
  globexAdmin: {
    userType: 'customer',
    accessLevel: 3,
    memberships: {
      globex: { accessLevel: 3, servicesEnabled: [] },
      acme: { accessLevel: 1, servicesEnabled: ['dast'] },
    },
  },
  /** Level 3 in acme, level 1 in globex: administers acme, whatever their level elsewhere. */
  split: {
    userType: 'customer',
    accessLevel: 3,
    memberships: {
      acme: { accessLevel: 3, servicesEnabled: [] },
      globex: { accessLevel: 1, servicesEnabled: [] },
    },
  },
} as const;

type Profile = (typeof accountProfiles)[keyof typeof accountProfiles];
/** The companies of a profile: its list, or its memberships' companies. */
const companiesOf = (profile: Profile): readonly string[] =>
  'memberships' in profile ? Object.keys(profile.memberships) : 'companies' in profile ? profile.companies : [];
/** The level a profile holds in acme: a customer's acme membership, an analyst's platform level. */
const acmeLevelOf = (profile: Profile): number =>
  'memberships' in profile ? profile.memberships.acme.accessLevel : profile.accessLevel;
type Account = keyof typeof accountProfiles | 'anonymous';
const accounts: Account[] = [...(Object.keys(accountProfiles) as (keyof typeof accountProfiles)[]), 'anonymous'];

type Expectation = 'allow' | 'deny' | 'unauthenticated';
interface MatrixRow {
  /** A valid input for this call, made just before it is sent (outside the counted requests), for this account. */
  input: (account: Account, caller: { uid?: string }) => unknown;
  expect: Record<Account, Expectation>;
}

const everyoneSignedIn: Record<Account, Expectation> = {
  admin: 'allow',
  analyst: 'allow',
  junior: 'allow',
  manager: 'allow',
  viewer: 'allow',
  multi: 'allow',
  outsider: 'allow',
  cracker: 'allow',
  globexAdmin: 'allow',
  split: 'allow',
  anonymous: 'unauthenticated',
};
/** Acme's members and the analysts who see every company (level 7+); not junior (analyst 5, no companies). */
const acmeReaders: Record<Account, Expectation> = { ...everyoneSignedIn, junior: 'deny', outsider: 'deny' };
const onlyLevel = (level: number, andAcmeMembers = false): Record<Account, Expectation> =>
  Object.fromEntries(
    accounts.map((account) => {
      if (account === 'anonymous') return [account, 'unauthenticated'];
      const profile: Profile = accountProfiles[account];
      const companies = companiesOf(profile);
      // In acme's scope a customer's level is the one they hold in acme; elsewhere their highest.
      const levelOk = (andAcmeMembers ? acmeLevelOf(profile) : profile.accessLevel) >= level;
      const companyOk = !andAcmeMembers || profile.accessLevel >= 7 || companies.includes('acme');
      return [account, levelOk && companyOk ? 'allow' : 'deny'];
    }),
  ) as Record<Account, Expectation>;
/** Company administration of acme: level 3 members of acme, and level 7 and above. */
const acmeAdministrators = onlyLevel(3, true);
/** Acme's scans and findings of a service: level 7; for password cracking also acme's member who manages it. */
const serviceWorkers = (service: string): Record<Account, Expectation> => ({
  ...onlyLevel(7),
  cracker: service === 'password_cracking' ? 'allow' : 'deny',
});
const matrixImportId = `matrix${Date.now().toString(36)}0000`;
const matrixFindingId = createHash('sha256').update('matrix finding').digest('hex').slice(0, 32);
/** A fresh text evidence on the matrix finding: its id and version, for a call that changes or removes it. */
async function matrixEvidence(): Promise<{ evidenceId: string; expectedVersion: number }> {
  const added = await addEvidenceAs(
    { uid: 'matrix', email: 'matrix@test.example' },
    { slug: 'acme', service: 'dast', findingId: matrixFindingId, kind: 'text', text: 'matrix', customerVisible: false },
  );
  return { evidenceId: added.evidenceId, expectedVersion: added.version };
}
/** A published finding: customers read it (an unpublished one is NOT_FOUND to them). */
const matrixPublishedFindingId = createHash('sha256').update('matrix published finding').digest('hex').slice(0, 32);

async function acmeMember(): Promise<{ uid: string; version: number }> {
  const { uid } = await createTestUser({ accessLevel: 1, companies: ['acme'] });
  return { uid, version: 1 };
}
const currentAccessVersion = async (uid: string) => (await loadUserAccess(uid))!.version;
let sharedMember: string;

let unique = 0;
const matrix: Record<string, MatrixRow> = {
  sendSignInLink: {
    input: () => ({ email: `matrix-${Date.now()}-${(unique += 1)}@test.example`, url: appUrl }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  getSession: { input: () => ({}), expect: everyoneSignedIn },
  // With a company, its most expensive form: the caller, the catalogue and the company's record.
  watchSession: { input: () => ({ company: 'acme' }), expect: everyoneSignedIn },
  // Ends the caller's own sessions: run as a throwaway user of each account's profile (see the runner below).
  signOut: { input: () => ({}), expect: everyoneSignedIn },
  listEvents: { input: () => ({ limit: 5 }), expect: everyoneSignedIn },
  handleSupportEmail: { input: () => ({ message: 'matrix', request_type: 'question' }), expect: everyoneSignedIn },
  getCompany: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
  getSlaPolicy: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
  updateSlaPolicy: {
    input: async () => ({
      slug: 'acme',
      days: { critical: 7, high: 30, medium: 90, low: 180 },
      expectedVersion: (await getSlaPolicyRecord('acme')).version,
    }),
    expect: acmeAdministrators,
  },
  setDefaultCompany: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
  updateProfile: { input: () => ({ version: 1, displayName: 'Matrix Person' }), expect: everyoneSignedIn },
  listPlatformServices: { input: () => ({}), expect: everyoneSignedIn },
  createCompany: {
    input: () => ({ slug: `matrix-${Date.now()}-${(unique += 1)}`, companyName: 'Matrix Co' }),
    expect: onlyLevel(7),
  },
  listCompanies: { input: () => ({ limit: 5 }), expect: onlyLevel(7) },
  updateCompany: {
    input: async () => ({
      slug: 'matrix-upd',
      version: (await getCompanyRecord('matrix-upd'))!.version,
      companyName: 'Matrix Updated',
    }),
    expect: onlyLevel(7),
  },
  listCompanyUsers: { input: () => ({ slug: 'acme', limit: 5 }), expect: acmeAdministrators },
  inviteCompanyUser: {
    input: () => ({
      slug: 'acme',
      email: `invitee-${Date.now()}-${(unique += 1)}@test.example`,
      accessLevel: 1,
      url: appUrl,
    }),
    expect: acmeAdministrators,
  },
  updateCompanyUser: {
    input: async () => ({
      slug: 'acme',
      uid: sharedMember,
      version: await currentAccessVersion(sharedMember),
      accessLevel: 1,
    }),
    expect: acmeAdministrators,
  },
  removeCompanyUser: { input: async () => ({ slug: 'acme', ...(await acmeMember()) }), expect: acmeAdministrators },
  // Anyone answers their own invitation (initech invites each account just before its call).
  respondToInvitation: {
    input: async (_account, { uid }) => {
      if (uid) await seedInvitation({ uid }, 'initech');
      return { slug: 'initech', answer: 'decline' };
    },
    expect: everyoneSignedIn,
  },
  listUsers: { input: () => ({ limit: 5 }), expect: onlyLevel(9) },
  updateUserAccess: {
    input: async () => ({
      uid: sharedMember,
      version: await currentAccessVersion(sharedMember),
      servicesEnabled: ['dast'],
    }),
    expect: onlyLevel(9),
  },
  signOutEverywhere: { input: async () => ({ uid: (await acmeMember()).uid }), expect: onlyLevel(9) },
  updatePlatformService: {
    input: async () => ({
      name: 'cloud',
      version: (await listPlatformServices()).find((service) => service.name === 'cloud')!.version,
      description: 'Configuration checks of cloud accounts.',
    }),
    expect: onlyLevel(9),
  },
  // E-mail sending identities (/admin/keys_email): platform-wide, level 9 only.
  listMailIdentities: { input: () => ({}), expect: onlyLevel(9) },
  addMailIdentity: {
    input: () => ({ identity: `matrix-${(unique += 1)}-${Date.now()}.example.org` }),
    expect: onlyLevel(9),
  },
  removeMailIdentity: {
    input: async () => ({ identity: await seedMailIdentity(`matrix-rm-${(unique += 1)}-${Date.now()}.example.org`) }),
    expect: onlyLevel(9),
  },
  updateMailSettings: { input: () => unchangedMailSettings(), expect: onlyLevel(9) },
  // Threat feeds (/admin/feeds): platform-wide, level 9 only. The import started is one already done, so no feed
  // replaces the stored catalogue.
  createFeedImport: { input: () => ({ kind: 'kev', contentLength: 1000 }), expect: onlyLevel(9) },
  startFeedImport: { input: async () => ({ feedImportId: await seedDoneFeedImport() }), expect: onlyLevel(9) },
  getFeedImport: { input: async () => ({ feedImportId: await seedDoneFeedImport() }), expect: onlyLevel(9) },
  // Scans and findings: company-scoped on the server, whatever the web shows.
  createScanImport: {
    input: () => ({ slug: 'acme', service: 'password_cracking', files: [ntdsFile, potfile] }),
    expect: serviceWorkers('password_cracking'),
  },
  startScanImport: { input: () => ({ importId: matrixImportId }), expect: serviceWorkers('dast') },
  getScanImport: { input: () => ({ importId: matrixImportId }), expect: serviceWorkers('dast') },
  listScans: {
    input: () => ({ slug: 'acme', service: 'password_cracking' }),
    expect: serviceWorkers('password_cracking'),
  },
  // Customers read the published findings of a service they may view through the same calls (acme has DAST on).
  listFindings: { input: () => ({ slug: 'acme', service: 'dast', limit: 5 }), expect: acmeReaders },
  getFinding: {
    input: () => ({ slug: 'acme', service: 'dast', findingId: matrixPublishedFindingId }),
    expect: acmeReaders,
  },
  listAssets: { input: () => ({ slug: 'acme', service: 'network', limit: 5 }), expect: serviceWorkers('network') },
  // Customer reports: acme's members (the overview lists the services each may view), analysts of level 7.
  getReportsOverview: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
  getServiceReport: { input: () => ({ slug: 'acme', service: 'dast' }), expect: acmeReaders },
  // The remediation loop: acme's members of level 2 or more and analysts ask; the service's workers decide.
  requestFindingReview: {
    input: async () => ({
      slug: 'acme',
      service: 'dast',
      findingId: await seedReviewableFinding('acme'),
      kind: 'retest',
      note: 'Matrix: fixed',
    }),
    // Level 2 in acme: not the viewer (1), nor globexAdmin (3 in globex, 1 in acme).
    expect: { ...acmeReaders, viewer: 'deny', globexAdmin: 'deny' },
  },
  listFindingReviews: { input: () => ({ slug: 'acme', service: 'dast' }), expect: serviceWorkers('dast') },
  // Every company's requests: analysts of level 7 and up, never a customer (not even one who decides a service).
  listReviewQueue: { input: () => ({ limit: 5 }), expect: onlyLevel(7) },
  decideFindingReview: {
    input: async () => ({
      slug: 'acme',
      service: 'dast',
      ...(await seedPendingRetest('acme')),
      decision: 'stillPresent',
    }),
    expect: serviceWorkers('dast'),
  },
  // A finding's conversation: whoever reads the finding (customers: the service's report; analysts of level 7).
  addFindingComment: {
    input: () => ({ slug: 'acme', service: 'dast', findingId: matrixPublishedFindingId, body: 'Matrix: a comment' }),
    expect: acmeReaders,
  },
  listFindingComments: {
    input: () => ({ slug: 'acme', service: 'dast', findingId: matrixPublishedFindingId }),
    expect: acmeReaders,
  },
  // The template library: analysts of level 7 and above; search credentials: analysts above 5.
  createTemplate: { input: () => ({ title: 'Matrix template', severity: 'low' }), expect: onlyLevel(7) },
  getTemplate: { input: () => ({ templateId: matrixTemplateId }), expect: onlyLevel(7) },
  listTemplates: { input: () => ({ limit: 5 }), expect: onlyLevel(7) },
  updateTemplate: {
    input: async () => ({
      templateId: matrixTemplateId,
      field: 'description',
      value: 'Matrix description',
      expectedVersion: (await getTemplateItem(matrixTemplateId, true))!.fieldVersions.description,
    }),
    expect: onlyLevel(7),
  },
  retireTemplate: {
    input: async () => {
      const { fieldVersions, retired } = (await getTemplateItem(matrixTemplateId, true))!;
      return { templateId: matrixTemplateId, expectedVersion: fieldVersions.retired, retired: !retired };
    },
    expect: onlyLevel(7),
  },
  getSearchClient: { input: () => ({ type: 'search' }), expect: onlyLevel(6) },
  // Curating findings: whoever works on the service; tags, templates on findings: the library's analysts.
  updateFinding: {
    input: async () => ({
      slug: 'acme',
      service: 'dast',
      findingId: matrixFindingId,
      field: 'notes',
      value: `Matrix note ${Math.random()}`,
      expectedVersion: Number((await getFindingItem('acme', 'dast', matrixFindingId, true))!.fv_notes ?? 0),
    }),
    expect: serviceWorkers('dast'),
  },
  listFindingTags: { input: () => ({ limit: 5 }), expect: onlyLevel(7) },
  createFinding: {
    input: () => ({
      slug: 'acme',
      service: 'dast',
      title: `Matrix manual finding ${Math.random()}`,
      severity: 'low',
      asset: 'url:https://matrix.example',
      templateId: matrixApplyTemplateId,
      instances: [{ uri: 'https://matrix.example/login', method: 'POST', param: 'user' }],
    }),
    expect: serviceWorkers('dast'),
  },
  createEvidenceUpload: {
    input: () => ({
      slug: 'acme',
      service: 'dast',
      findingId: matrixFindingId,
      kind: 'image',
      fileName: 'screenshot.png',
      contentType: 'image/png',
      contentLength: 2048,
    }),
    expect: serviceWorkers('dast'),
  },
  addEvidence: {
    input: () => ({
      slug: 'acme',
      service: 'dast',
      findingId: matrixFindingId,
      kind: 'http',
      text: 'GET / HTTP/1.1\nHost: matrix.example',
      customerVisible: false,
    }),
    expect: serviceWorkers('dast'),
  },
  updateEvidence: {
    input: async () => ({
      slug: 'acme',
      service: 'dast',
      findingId: matrixFindingId,
      ...(await matrixEvidence()),
      caption: `Matrix caption ${Math.random()}`,
      customerVisible: false,
    }),
    expect: serviceWorkers('dast'),
  },
  removeEvidence: {
    input: async () => ({ slug: 'acme', service: 'dast', findingId: matrixFindingId, ...(await matrixEvidence()) }),
    expect: serviceWorkers('dast'),
  },
  applyTemplate: {
    input: () => ({ slug: 'acme', service: 'dast', findingId: matrixFindingId, templateId: matrixApplyTemplateId }),
    expect: onlyLevel(7),
  },
  bulkUpdateFindings: {
    input: () => ({
      slug: 'acme',
      service: 'dast',
      findingIds: [matrixFindingId],
      action: { kind: 'setPublished', value: false },
    }),
    expect: serviceWorkers('dast'),
  },
  getBulkUpdate: { input: () => ({ bulkId: matrixBulkId }), expect: serviceWorkers('dast') },
  listTemplateFindings: { input: () => ({ templateId: matrixApplyTemplateId }), expect: onlyLevel(7) },
  refreshTemplateFindings: { input: () => ({ templateId: matrixApplyTemplateId }), expect: onlyLevel(7) },
  // Vault links: level 5 for the analyst's side, each on a link of the caller's own; the landing,
  // the reveal and the reply are public.
  createVaultLink: {
    input: () => ({
      ciphertext: Buffer.alloc(64, 1).toString('base64'),
      verifierHash: 'a'.repeat(64),
      expiresIn: '1h',
    }),
    expect: onlyLevel(5),
  },
  listVaultLinks: { input: () => ({ limit: 5 }), expect: onlyLevel(5) },
  revokeVaultLink: {
    input: async (_account, { uid }) => ({ linkId: (await seedShareLink(uid ?? 'nobody')).linkId }),
    expect: onlyLevel(5),
  },
  getVaultLink: {
    input: async () => ({ linkId: (await seedShareLink('matrix')).linkId }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  claimVaultLink: { input: () => seedShareLink('matrix'), expect: { ...everyoneSignedIn, anonymous: 'allow' } },
  createVaultRequest: {
    input: () => ({ publicKey: someReply().ephemeralPublicKey, label: 'Matrix request', expiresIn: '1d' }),
    expect: onlyLevel(5),
  },
  fulfilVaultRequest: {
    input: async () => ({ linkId: await seedVaultRequest('matrix', 'waiting'), ...someReply() }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  collectVaultRequest: {
    input: async (_account, { uid }) => ({ linkId: await seedVaultRequest(uid ?? 'nobody', 'fulfilled') }),
    expect: onlyLevel(5),
  },
  listVaultEvents: { input: () => ({ limit: 5 }), expect: onlyLevel(9) },
  // Scanning locations: analysts of level 7, for any company.
  listLocations: { input: () => ({ slug: 'acme' }), expect: onlyLevel(7) },
  createLocation: {
    input: () => ({
      slug: 'acme',
      name: `Matrix site ${(unique += 1)}`,
      kind: 'site',
      cidrs: ['10.20.0.0/16'],
      networkLabel: `matrix-${Date.now()}-${unique}`,
    }),
    expect: onlyLevel(7),
  },
  updateLocation: {
    input: async () => {
      const location = await seedLocation('acme');
      return {
        slug: 'acme',
        locationId: location.locationId,
        expectedVersion: location.version,
        name: `${location.name} renamed`,
        kind: 'segment',
        cidrs: location.cidrs,
        networkLabel: location.networkLabel,
      };
    },
    expect: onlyLevel(7),
  },
  deleteLocation: {
    input: async () => {
      const location = await seedLocation('acme');
      return { slug: 'acme', locationId: location.locationId, expectedVersion: location.version };
    },
    expect: onlyLevel(7),
  },
  // Notification rules: acme's administrators (level 3 members) and analysts of level 7.
  listNotificationRules: { input: () => ({ slug: 'acme' }), expect: acmeAdministrators },
  saveNotificationRule: {
    input: async () => {
      const rule = await seedNotificationRule('acme');
      return {
        slug: 'acme',
        ruleId: rule.ruleId,
        expectedVersion: rule.version,
        service: 'dast',
        minSeverity: 'critical',
        cadence: 'daily',
        recipientMode: 'everyone',
      };
    },
    expect: acmeAdministrators,
  },
  deleteNotificationRule: {
    input: async () => {
      const rule = await seedNotificationRule('acme');
      return { slug: 'acme', ruleId: rule.ruleId, expectedVersion: rule.version };
    },
    expect: acmeAdministrators,
  },
  // Webhooks: acme's administrators (level 3 members) and analysts of level 7.
  listWebhookEndpoints: { input: () => ({ slug: 'acme' }), expect: acmeAdministrators },
  createWebhookEndpoint: {
    input: async () => {
      await seedWebhookEndpoint('acme');
      return { slug: 'acme', url: 'https://hooks.example.com/portal', events: ['finding.published'] };
    },
    expect: acmeAdministrators,
  },
  updateWebhookEndpoint: {
    input: async () => {
      const endpoint = await seedWebhookEndpoint('acme');
      return {
        slug: 'acme',
        endpointId: endpoint.endpointId,
        expectedVersion: endpoint.version,
        url: 'https://hooks.example.com/other',
        events: ['finding.fixed'],
      };
    },
    expect: acmeAdministrators,
  },
  deleteWebhookEndpoint: {
    input: async () => {
      const endpoint = await seedWebhookEndpoint('acme');
      return { slug: 'acme', endpointId: endpoint.endpointId, expectedVersion: endpoint.version };
    },
    expect: acmeAdministrators,
  },
  rotateWebhookSecret: {
    input: async () => {
      const endpoint = await seedWebhookEndpoint('acme');
      return { slug: 'acme', endpointId: endpoint.endpointId, expectedVersion: endpoint.version };
    },
    expect: acmeAdministrators,
  },
  sendTestWebhook: {
    input: async () => ({ slug: 'acme', endpointId: (await seedWebhookEndpoint('acme')).endpointId }),
    expect: acmeAdministrators,
  },
  listWebhookDeliveries: {
    input: async () => ({ slug: 'acme', endpointId: (await seedWebhookEndpoint('acme')).endpointId }),
    expect: acmeAdministrators,
  },
  redeliverWebhook: {
    input: async () => {
      const endpoint = await seedWebhookEndpoint('acme');
      const delivery = await seedWebhookDelivery(endpoint);
      return { slug: 'acme', endpointId: endpoint.endpointId, deliveryId: delivery.deliveryId };
    },
    expect: acmeAdministrators,
  },
  // The weekly digest (Settings): one's own choice, for a company one may access. Off, so no run mails anyone.
  getDigestSettings: { input: () => ({ slugs: ['acme'] }), expect: acmeReaders },
  updateDigestSettings: { input: () => ({ slug: 'acme', weekly: false }), expect: acmeReaders },
  // Scanning agents: the analysts' side is level 7 for any company; the agents' own calls carry no user
  // token (any account, or none, is the same to them): they are allowed by a valid credential or enrollment token
  // in the input (tests/integration/agents.test.ts refuses the invalid ones).
  listAgents: { input: () => ({ slug: 'acme' }), expect: onlyLevel(7) },
  createAgentEnrollment: {
    input: async () => ({ slug: 'acme', locationId: (await seedLocation('acme')).locationId, maxUses: 2 }),
    expect: onlyLevel(7),
  },
  rotateAgentCredential: {
    input: async () => ({ slug: 'acme', agentId: (await seedAgent('acme')).agent.agentId, expectedVersion: 1 }),
    expect: onlyLevel(7),
  },
  moveAgent: {
    input: async () => ({
      slug: 'acme',
      agentId: (await seedAgent('acme')).agent.agentId,
      expectedVersion: 1,
      locationId: (await seedLocation('acme')).locationId,
    }),
    expect: onlyLevel(7),
  },
  revokeAgent: {
    input: async () => ({ slug: 'acme', agentId: (await seedAgent('acme')).agent.agentId, expectedVersion: 1 }),
    expect: onlyLevel(7),
  },
  enrollAgent: {
    input: async () => {
      const location = await seedLocation('acme');
      const { token } = await createEnrollmentTokenAs(kernelAnalyst, 'acme', {
        locationId: location.locationId,
        maxUses: 1,
        expiresInHours: 1,
      });
      return { token, hostname: 'matrix.agents.example', agentVersion: '1.0.0', capabilities: ['zap'] };
    },
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  agentHeartbeat: {
    input: async () => ({ credential: (await seedAgent('acme')).credential, agentVersion: '1.0.1' }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  pullScanJob: {
    input: async () => ({ credential: (await seedAgent('acme')).credential }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  createScanJobImport: {
    input: async () => {
      const { agent, credential } = await seedAgent('acme');
      const job = await seedRunningJob(agent);
      return { credential, jobId: job.jobId, file: { name: 'zap.json', contentLength: 100 } };
    },
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  completeScanJob: {
    input: async () => {
      const { agent, credential } = await seedAgent('acme');
      const job = await seedRunningJob(agent);
      const importId = `matrixjob${Date.now().toString(36)}${(unique += 1)}`;
      await putNewScanImport({
        importId,
        slug: 'acme',
        service: 'dast',
        status: 'queued',
        files: [{ name: 'zap.json', contentLength: 10, objectKey: `uploads/acme/dast/${importId}/0` }],
        createdAt: Date.now(),
        createdByUid: `agent:${agent.agentId}`,
        createdByEmail: `agent ${agent.name}`,
        progress: { bytesRead: 0, bytesTotal: 10, findingsWritten: 0 },
        version: 1,
      });
      return { credential, jobId: job.jobId, importId };
    },
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  failScanJob: {
    input: async () => {
      const { agent, credential } = await seedAgent('acme');
      return { credential, jobId: (await seedRunningJob(agent)).jobId, reason: 'matrix: ZAP could not start' };
    },
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  // DAST API keys: acme (DAST triggering on) to its members of level 3, and analysts of level 7.
  listDastKeys: { input: () => ({ slug: 'acme' }), expect: acmeAdministrators },
  createDastKey: {
    input: () => ({ slug: 'acme', name: `Matrix key ${(unique += 1)}`, allowedTargets: ['app.acme.example'] }),
    expect: acmeAdministrators,
  },
  rollDastKey: {
    input: async () => ({ slug: 'acme', keyId: (await seedDastKey('acme')).keyId, graceHours: 1 }),
    expect: acmeAdministrators,
  },
  revokeDastKey: {
    input: async () => ({ slug: 'acme', keyId: (await seedDastKey('acme')).keyId }),
    expect: acmeAdministrators,
  },
  listDastScans: { input: () => ({ slug: 'acme' }), expect: acmeAdministrators },
  cancelDastScan: {
    input: async () => ({
      slug: 'acme',
      scanId: (await seedQueuedJob('acme', { queuedAt: Date.now() - 25 * 3600_000 })).jobId,
    }),
    expect: acmeAdministrators,
  },
  // acme has DAST on: its members see its published findings (customers), analysts of level 7 every finding.
  startFindingExport: {
    input: () => ({ slug: 'acme', service: 'dast', format: 'csv', limit: 5 }),
    expect: acmeReaders,
  },
  // An export is read by the person who started it only: each account reads its own (another's is refused,
  // tests/integration/finding-exports.test.ts).
  getFindingExport: {
    input: (account) => ({ exportId: matrixExportIds.get(account) ?? '0'.repeat(32) }),
    expect: everyoneSignedIn,
  },
};
const matrixExportIds = new Map<Account, string>();
const matrixApplyTemplateId = `matrix-apply-${Date.now().toString(36)}`;
let matrixBulkId = '';
const matrixTemplateId = `matrix-template-${Date.now().toString(36)}`;
const ntdsFile = { name: 'customer.ntds', contentLength: 1200 };
const potfile = { name: 'hashcat.potfile', contentLength: 300 };

/** A finished import of acme's dast and one of its findings, for the calls that read them. */
async function seedScanRecords(): Promise<void> {
  const now = Date.now();
  await putNewScanImport({
    importId: matrixImportId,
    slug: 'acme',
    service: 'dast',
    status: 'done',
    files: [{ name: 'zap.json', contentLength: 10, objectKey: `uploads/acme/dast/${matrixImportId}/0` }],
    createdAt: now,
    createdByUid: 'matrix',
    createdByEmail: 'matrix@test.example',
    progress: { bytesRead: 10, bytesTotal: 10, findingsWritten: 1 },
    version: 1,
  });
  const change = { importId: matrixImportId, at: now, change: 'new', severity: 'low' } as const;
  await putItems([
    newFindingItem('acme', 'dast', {
      id: matrixFindingId,
      service: 'dast',
      title: 'Matrix finding',
      toolSeverity: 'low',
      severity: 'low',
      status: 'open',
      ruleId: '10021',
      tool: 'zap',
      assetKey: 'url:https://matrix.example',
      assetName: 'https://matrix.example',
      assetKind: 'url',
      firstSeenAt: now,
      firstImportId: matrixImportId,
      lastChange: change,
      history: [change],
      version: 1,
    }),
    newFindingItem('acme', 'dast', {
      id: matrixPublishedFindingId,
      service: 'dast',
      title: 'Matrix published finding',
      toolSeverity: 'medium',
      severity: 'medium',
      status: 'open',
      published: true,
      ruleId: '10020',
      tool: 'zap',
      assetKey: 'url:https://matrix.example/published',
      assetName: 'https://matrix.example/published',
      assetKind: 'url',
      firstSeenAt: now,
      firstImportId: matrixImportId,
      lastChange: change,
      history: [change],
      version: 1,
    }),
  ]);
}

const statusOf: Record<Expectation, number> = { allow: 200, deny: 403, unauthenticated: 401 };
const claimsOf = new Map<Account, Record<string, string>>();

beforeAll(async () => {
  // The mailer reads the mail settings (senders per kind) at most every MAIL_SETTINGS_CACHE_MS per function
  // instance, not once per call: read once here and kept for the suite, so the per-call count stays the call's own.
  process.env.MAIL_SETTINGS_CACHE_MS = String(60 * 60 * 1000);
  resetConfigCache();
  await senderFor('invitation');
  for (const [slug, companyName] of [
    ['initech', 'Initech'],
    ['matrix-upd', 'Matrix'],
  ] as const) {
    try {
      await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName, flags: { enableDast: true } });
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  sharedMember = (await acmeMember()).uid;
  await seedScanRecords();
  await createTemplateAs(
    { uid: 'test', email: 'test' },
    { title: 'Matrix template', severity: 'low' },
    matrixTemplateId,
  );
  await createTemplateAs(
    { uid: 'test', email: 'test' },
    { title: 'Matrix template to apply', severity: 'low' },
    matrixApplyTemplateId,
  );
  matrixBulkId = (
    await startBulkUpdateAs(
      { uid: 'test', email: 'test@test.example' },
      { slug: 'acme', service: 'dast', findingIds: [matrixFindingId], action: { kind: 'setPublished', value: false } },
    )
  ).bulkId;
  for (const [account, profile] of Object.entries(accountProfiles)) {
    const { uid, email } = await createTestUser({
      ...profile,
      companies: [...(('companies' in profile && profile.companies) || [])],
      ...('memberships' in profile ? { memberships: profile.memberships } : {}),
    });
    const exportId = createHash('sha256').update(`matrix export ${uid}`).digest('hex').slice(0, 32);
    await putFindingExport({
      exportId,
      slug: 'acme',
      service: 'dast',
      format: 'csv',
      descending: true,
      limit: 5,
      viewer: 'customer',
      companyName: 'Acme',
      status: 'queued',
      scanned: 0,
      written: 0,
      objectKey: `exports/acme/dast/${exportId}.csv`,
      fileName: 'acme-dast.csv',
      createdAt: Date.now(),
      createdByUid: uid,
      createdBy: email,
    });
    matrixExportIds.set(account as Account, exportId);
    claimsOf.set(account as Account, tokenClaims(uid, email));
  }
});

/** Every token claims the highest access: the server must go by the access record, not the token. */
function tokenClaims(uid: string, email: string): Record<string, string> {
  return {
    sub: uid,
    email,
    token_use: 'id',
    auth_time: String(Math.floor(Date.now() / 1000)),
    userType: 'analyst',
    accessLevel: '9',
  };
}

/**
 * A call that ends the caller's sessions runs as a new user of the account's profile, so the account's token
 * stays good for the rows after it.
 */
async function claimsFor(call: AnyCall, account: Account): Promise<Record<string, string> | undefined> {
  if (account === 'anonymous' || !endsCallerSessions(call)) {
    return claimsOf.get(account);
  }
  const profile = accountProfiles[account];
  const { uid, email } = await createTestUser({
    ...profile,
    companies: [...(('companies' in profile && profile.companies) || [])],
  });
  return tokenClaims(uid, email);
}

describe('authorization matrix', () => {
  it('covers every call of the registry, and nothing else', () => {
    expect(Object.keys(matrix).sort()).toEqual(
      callRegistry
        .list()
        .map((call) => call.name)
        .sort(),
    );
  });

  for (const call of callRegistry.list()) {
    describe(call.name, () => {
      for (const account of accounts) {
        it(`${account}: ${matrix[call.name]?.expect[account] ?? 'no row'}`, async () => {
          const row = matrix[call.name];
          expect(row, `add ${call.name} to the authorization matrix`).toBeDefined();
          const expected = row!.expect[account];
          const claims = await claimsFor(call, account);
          const event = callEvent(call.name, await row!.input(account, { uid: claims?.sub }), {
            origin: appUrl,
            sourceIp: `10.${createHash('sha1').update(account).digest()[0]}.0.1`,
            ...(claims ? { claims } : {}),
          });

          // The mail senders are read at most once per MAIL_SETTINGS_CACHE_MS by each Lambda instance, and again
          // after a change of them (updateMailSettings, a row of this matrix): counted as in steady state, warm.
          await senderFor('notification');
          const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
          const answer = parseResult(result);

          expect(answer.statusCode, JSON.stringify(answer.body)).toBe(statusOf[expected]);
          if (expected === 'deny') expect(answer.body.error.status).toBe('PERMISSION_DENIED');
          expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
          if (claims && call.access.kind === 'signedIn') expect(requests[0]).toBe('QueryCommand'); // the caller's own records, read by the server
          expect(requests).not.toContain('ScanCommand');
        });
      }
    });
  }
});

// A valid input for every call of the registry, as a level-9 administrator would send it (the approach of
// tests/integration/authorization-matrix.test.ts), with the records the inputs refer to created first. Each
// input is made just before its call is sent, so conditional writes see the current versions. Free of vitest:
// the bench counts every call's DynamoDB requests with it, and tests/integration/bench-inputs.test.ts sends
// each once and expects it accepted, so a call that changes cannot leave its input refused (and its requests
// unmeasured). Import it only after the local stack has set the environment (it loads the data layer).
import { createHash, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { endsCallerSessions, type AnyCall } from '../../lambdas/kernel/call.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { seedDoneFeedImport } from './feed-fixtures.js';
import { getSlaPolicyRecord } from '../../lambdas/kernel/data/entities/sla-policies.js';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { putFindingExport } from '../../lambdas/kernel/data/entities/finding-exports.js';
import { startBulkUpdateAs } from '../../lambdas/kernel/findings/bulk-updates.js';
import { addEvidenceAs } from '../../lambdas/kernel/findings/finding-evidence.js';
import { createTemplateAs } from '../../lambdas/kernel/templates/templates.js';
import { listPlatformServices } from '../../lambdas/kernel/platform/platform-services.js';
import { loadUserAccess } from '../../lambdas/kernel/users/user-records.js';
import { seedFindings } from './seed-findings.js';
import { createTestUser, seedInvitation } from './users.js';
import { seedShareLink, seedVaultRequest, someReply } from './vault-fixtures.js';
import { seedLocation } from './location-fixtures.js';
import { seedPendingRetest, seedReviewableFinding } from './review-fixtures.js';
import { seedNotificationRule } from './notification-fixtures.js';
import { seedWebhookDelivery, seedWebhookEndpoint } from './webhook-fixtures.js';
import { seedDastKey } from './dast-key-fixtures.js';
import { kernelAnalyst, seedAgent, seedQueuedJob, seedRunningJob } from './agent-fixtures.js';
import { createEnrollmentTokenAs } from '../../lambdas/kernel/agents/agents.js';
import { seedMailIdentity, unchangedMailSettings } from './mail-identity-fixtures.js';

/** An import of the company's dast that is waiting for its file. */
async function uploadingImport(slug: string): Promise<string> {
  const importId = `inputs${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
  await putNewScanImport({
    importId,
    slug,
    service: 'dast',
    status: 'uploading',
    files: [{ name: 'zap.json', contentLength: 2048, objectKey: `uploads/${slug}/dast/${importId}/0` }],
    createdAt: Date.now(),
    createdByUid: 'inputs',
    createdByEmail: 'inputs@test.example',
    progress: { bytesRead: 0, bytesTotal: 2048, findingsWritten: 0 },
    version: 1,
  });
  return importId;
}

/** A ZAP report of one alert on one URL: what an import of the company's dast reads. */
const zapReport = JSON.stringify({
  '@programName': 'OWASP ZAP',
  '@version': '2.14.0',
  site: [
    {
      '@name': 'https://inputs.example',
      '@host': 'inputs.example',
      '@port': '443',
      '@ssl': 'true',
      alerts: [
        {
          pluginid: '10020',
          alertRef: '10020-1',
          name: 'Missing Anti-clickjacking Header',
          riskcode: '2',
          confidence: '2',
          riskdesc: 'Medium (Medium)',
          desc: '<p>The response does not protect against ClickJacking attacks.</p>',
          instances: [{ uri: 'https://inputs.example/', method: 'GET', param: 'x-frame-options' }],
          solution: '<p>Set the X-Frame-Options header.</p>',
          cweid: '1021',
        },
      ],
    },
  ],
});

/** An import of the company's dast whose file is uploaded (as the browser's form leaves it): ready to start. */
async function uploadedImport(slug: string): Promise<string> {
  const importId = `inputs${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
  const objectKey = `uploads/${slug}/dast/${importId}/0`;
  const { S3_FORCE_PATH_STYLE, UPLOADS_BUCKET } = readConfig();
  const s3 = new S3Client({ forcePathStyle: S3_FORCE_PATH_STYLE });
  try {
    await s3.send(new PutObjectCommand({ Bucket: UPLOADS_BUCKET, Key: objectKey, Body: zapReport }));
  } finally {
    s3.destroy();
  }
  const contentLength = Buffer.byteLength(zapReport);
  await putNewScanImport({
    importId,
    slug,
    service: 'dast',
    status: 'uploading',
    files: [{ name: 'zap.json', contentLength, objectKey }],
    createdAt: Date.now(),
    createdByUid: 'inputs',
    createdByEmail: 'inputs@test.example',
    progress: { bytesRead: 0, bytesTotal: contentLength, findingsWritten: 0 },
    version: 1,
  });
  return importId;
}

/** A finding of the company's dast, as an import leaves it. */
async function seedFinding(slug: string): Promise<string> {
  const id = createHash('sha256').update(`inputs finding ${slug}`).digest('hex').slice(0, 32);
  await seedFindings({ slug, count: 1, ids: [id], host: 'inputs.example' });
  return id;
}

export type CallInputs = Record<string, () => Promise<unknown>>;

/**
 * Who sends a call's input: the given level-9 administrator, or, for a call that ends the caller's sessions, a
 * new one, so the given caller's token stays good for the calls after it.
 */
export async function callerOfInput<Caller extends { uid: string; email: string }>(
  call: AnyCall,
  caller: Caller,
): Promise<{ uid: string; email: string }> {
  if (!endsCallerSessions(call)) return caller;
  return createTestUser({ userType: 'analyst', accessLevel: 9, displayName: `Copy of ${caller.email}` });
}

/** Creates the fixtures (a company to edit, members to change and remove) and returns an input maker per call. */
export async function prepareCallInputs(appUrl: string, caller?: { uid: string; email: string }): Promise<CallInputs> {
  const callerUid = caller?.uid ?? 'inputs';
  const run = randomUUID().slice(0, 8);
  const company = `inputs-${run}`;
  // The imports startScanImport queues run in the background: into a company of their own, so that their
  // findings never change the findings the other inputs name.
  const importsCompany = `inputs-${run}-imports`;
  for (const [slug, companyName] of [
    [company, 'Inputs Co'],
    [importsCompany, 'Inputs Imports Co'],
  ] as const) {
    try {
      await createCompanyAs(
        { uid: 'inputs', email: 'inputs' },
        { slug, companyName, flags: { enableDast: true, enableDastTriggering: true } },
      );
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  const member = async () => (await createTestUser({ accessLevel: 1, companies: [company] })).uid;
  const sharedMember = await member();
  const accessVersion = async (uid: string) => (await loadUserAccess(uid))!.version;
  let unique = 0;
  const next = () => `${run}-${(unique += 1)}`;
  const template = `inputs-template-${run}`;
  await createTemplateAs({ uid: 'inputs', email: 'inputs' }, { title: 'Inputs template', severity: 'low' }, template);
  const fieldVersion = async (field: string) => (await getTemplateItem(template, true))!.fieldVersions[field]!;
  const finding = await seedFinding(company);
  /** A fresh text evidence on the finding: its id and version. */
  const textEvidence = async () => {
    const added = await addEvidenceAs(
      { uid: 'inputs', email: 'inputs@test.example' },
      { slug: company, service: 'dast', findingId: finding, kind: 'text', text: 'inputs', customerVisible: false },
    );
    return { evidenceId: added.evidenceId, expectedVersion: added.version };
  };
  const findingVersion = async (field: string) =>
    Number((await getFindingItem(company, 'dast', finding, true))![`fv_${field}`] ?? 0);
  const bulk = await startBulkUpdateAs(
    { uid: 'inputs', email: 'inputs@test.example' },
    { slug: company, service: 'dast', findingIds: [finding], action: { kind: 'setPublished', value: false } },
  );

  // An export the caller started (only its creator may read it).
  const exportId = randomUUID().replace(/-/g, '');
  await putFindingExport({
    exportId,
    slug: company,
    service: 'dast',
    format: 'csv',
    descending: true,
    limit: 5,
    viewer: 'analyst',
    companyName: 'Inputs Co',
    status: 'queued',
    scanned: 0,
    written: 0,
    objectKey: `exports/${company}/dast/${exportId}.csv`,
    fileName: 'inputs.csv',
    createdAt: Date.now(),
    createdByUid: caller?.uid ?? 'inputs',
    createdBy: caller?.email ?? 'inputs@test.example',
  });

  return {
    sendSignInLink: async () => ({ email: `inputs-${next()}@test.example`, url: appUrl }),
    getSession: async () => ({}),
    watchSession: async () => ({}),
    signOut: async () => ({}),
    listEvents: async () => ({ limit: 5 }),
    handleSupportEmail: async () => ({ message: 'inputs', request_type: 'question' }),
    getCompany: async () => ({ slug: company }),
    setDefaultCompany: async () => ({ slug: company }),
    updateProfile: async () => ({ version: 1, displayName: 'Inputs Person' }),
    listPlatformServices: async () => ({}),
    createCompany: async () => ({ slug: `inputs-${next()}`, companyName: 'Inputs New Co' }),
    listCompanies: async () => ({ limit: 5 }),
    updateCompany: async () => ({
      slug: company,
      version: (await getCompanyRecord(company))!.version,
      companyName: 'Inputs Updated',
    }),
    listCompanyUsers: async () => ({ slug: company, limit: 5 }),
    inviteCompanyUser: async () => ({
      slug: company,
      email: `invitee-${next()}@test.example`,
      accessLevel: 1,
      url: appUrl,
    }),
    updateCompanyUser: async () => ({
      slug: company,
      uid: sharedMember,
      version: await accessVersion(sharedMember),
      accessLevel: 1,
    }),
    removeCompanyUser: async () => ({ slug: company, uid: await member(), version: 1 }),
    // The caller's own invitation, written just before (a decline removes it: each call gets a new one).
    respondToInvitation: async () => {
      if (caller) await seedInvitation(caller, company);
      return { slug: company, answer: 'decline' };
    },
    listUsers: async () => ({ limit: 5 }),
    updateUserAccess: async () => ({
      uid: sharedMember,
      version: await accessVersion(sharedMember),
      servicesEnabled: ['dast'],
    }),
    signOutEverywhere: async () => ({ uid: await member() }),
    createScanImport: async () => ({
      slug: company,
      service: 'dast',
      files: [{ name: 'zap.json', contentLength: 2048 }],
    }),
    // An import whose file is uploaded: startScanImport checks and copies it, queues it and marks it queued.
    startScanImport: async () => ({ importId: await uploadedImport(importsCompany) }),
    getScanImport: async () => ({ importId: await uploadingImport(company) }),
    listScans: async () => ({ slug: company, service: 'dast', limit: 5 }),
    listFindings: async () => ({ slug: company, service: 'dast', limit: 5 }),
    getFinding: async () => ({ slug: company, service: 'dast', findingId: finding }),
    listAssets: async () => ({ slug: company, service: 'dast', limit: 5 }),
    getReportsOverview: async () => ({ slug: company }),
    getServiceReport: async () => ({ slug: company, service: 'dast' }),
    requestFindingReview: async () => ({
      slug: company,
      service: 'dast',
      findingId: await seedReviewableFinding(company),
      kind: 'retest',
      note: 'Fixed: the header is set',
    }),
    listFindingReviews: async () => ({ slug: company, service: 'dast' }),
    listReviewQueue: async () => ({ limit: 20 }),
    decideFindingReview: async () => ({
      slug: company,
      service: 'dast',
      ...(await seedPendingRetest(company)),
      decision: 'fixed',
      note: 'Confirmed',
    }),
    addFindingComment: async () => ({ slug: company, service: 'dast', findingId: finding, body: 'Inputs: a comment' }),
    listFindingComments: async () => ({ slug: company, service: 'dast', findingId: finding }),
    createTemplate: async () => ({ title: `Inputs template ${next()}`, severity: 'info', tags: ['inputs'] }),
    getTemplate: async () => ({ templateId: template }),
    listTemplates: async () => ({ limit: 5 }),
    updateTemplate: async () => ({
      templateId: template,
      field: 'description',
      value: 'Inputs description',
      expectedVersion: await fieldVersion('description'),
    }),
    retireTemplate: async () => ({
      templateId: template,
      expectedVersion: await fieldVersion('retired'),
      retired: !(await getTemplateItem(template, true))!.retired,
    }),
    getSearchClient: async () => ({ type: 'search' }),
    updateFinding: async () => ({
      slug: company,
      service: 'dast',
      findingId: finding,
      field: 'notes',
      value: `Inputs note ${next()}`,
      expectedVersion: await findingVersion('notes'),
    }),
    listFindingTags: async () => ({ limit: 5 }),
    createFinding: async () => ({
      slug: company,
      service: 'dast',
      title: `Inputs manual finding ${next()}`,
      severity: 'medium',
      asset: 'url:https://inputs.example',
      templateId: template,
      instances: [{ uri: 'https://inputs.example/login', method: 'POST', param: 'user' }],
    }),
    createEvidenceUpload: async () => ({
      slug: company,
      service: 'dast',
      findingId: finding,
      kind: 'file',
      fileName: 'notes.txt',
      contentType: 'text/plain',
      contentLength: 2048,
    }),
    addEvidence: async () => ({
      slug: company,
      service: 'dast',
      findingId: finding,
      kind: 'text',
      text: `Inputs evidence ${next()}`,
      customerVisible: true,
    }),
    updateEvidence: async () => ({
      slug: company,
      service: 'dast',
      findingId: finding,
      ...(await textEvidence()),
      caption: `Inputs caption ${next()}`,
      customerVisible: true,
    }),
    removeEvidence: async () => ({ slug: company, service: 'dast', findingId: finding, ...(await textEvidence()) }),
    applyTemplate: async () => ({ slug: company, service: 'dast', findingId: finding, templateId: template }),
    bulkUpdateFindings: async () => ({
      slug: company,
      service: 'dast',
      findingIds: [finding],
      action: { kind: 'addTag', tag: `inputs-${next()}` },
    }),
    getBulkUpdate: async () => ({ bulkId: bulk.bulkId }),
    listTemplateFindings: async () => ({ templateId: template }),
    refreshTemplateFindings: async () => ({ templateId: template }),
    createVaultLink: async () => ({
      ciphertext: Buffer.alloc(64, 1).toString('base64'),
      verifierHash: 'a'.repeat(64),
      expiresIn: '1h',
    }),
    listVaultLinks: async () => ({ limit: 5 }),
    revokeVaultLink: async () => ({ linkId: (await seedShareLink(callerUid)).linkId }),
    getVaultLink: async () => ({ linkId: (await seedShareLink(callerUid)).linkId }),
    claimVaultLink: async () => seedShareLink(callerUid),
    createVaultRequest: async () => ({ publicKey: someReply().ephemeralPublicKey, label: 'Inputs', expiresIn: '1d' }),
    fulfilVaultRequest: async () => ({ linkId: await seedVaultRequest(callerUid, 'waiting'), ...someReply() }),
    collectVaultRequest: async () => ({ linkId: await seedVaultRequest(callerUid, 'fulfilled') }),
    listVaultEvents: async () => ({ limit: 5 }),
    listLocations: async () => ({ slug: company }),
    createLocation: async () => ({
      slug: company,
      name: `Inputs site ${next()}`,
      kind: 'site',
      cidrs: ['10.30.0.0/16'],
      networkLabel: `inputs-${next()}`,
    }),
    updateLocation: async () => {
      const location = await seedLocation(company);
      return {
        slug: company,
        locationId: location.locationId,
        expectedVersion: location.version,
        name: `${location.name} renamed`,
        kind: 'site',
        cidrs: location.cidrs,
        networkLabel: location.networkLabel,
      };
    },
    deleteLocation: async () => {
      const location = await seedLocation(company);
      return { slug: company, locationId: location.locationId, expectedVersion: location.version };
    },
    listNotificationRules: async () => ({ slug: company }),
    saveNotificationRule: async () => {
      const rule = await seedNotificationRule(company);
      return {
        slug: company,
        ruleId: rule.ruleId,
        expectedVersion: rule.version,
        service: 'dast',
        minSeverity: 'medium',
        cadence: 'daily',
        recipientMode: 'everyone',
      };
    },
    deleteNotificationRule: async () => {
      const rule = await seedNotificationRule(company);
      return { slug: company, ruleId: rule.ruleId, expectedVersion: rule.version };
    },
    listWebhookEndpoints: async () => ({ slug: company }),
    createWebhookEndpoint: async () => {
      await seedWebhookEndpoint(company);
      return { slug: company, url: 'https://hooks.example.com/portal', events: ['finding.published'] };
    },
    updateWebhookEndpoint: async () => {
      const endpoint = await seedWebhookEndpoint(company);
      return {
        slug: company,
        endpointId: endpoint.endpointId,
        expectedVersion: endpoint.version,
        url: 'https://hooks.example.com/other',
        events: ['finding.fixed'],
      };
    },
    deleteWebhookEndpoint: async () => {
      const endpoint = await seedWebhookEndpoint(company);
      return { slug: company, endpointId: endpoint.endpointId, expectedVersion: endpoint.version };
    },
    rotateWebhookSecret: async () => {
      const endpoint = await seedWebhookEndpoint(company);
      return { slug: company, endpointId: endpoint.endpointId, expectedVersion: endpoint.version };
    },
    sendTestWebhook: async () => ({ slug: company, endpointId: (await seedWebhookEndpoint(company)).endpointId }),
    listWebhookDeliveries: async () => ({
      slug: company,
      endpointId: (await seedWebhookEndpoint(company)).endpointId,
    }),
    redeliverWebhook: async () => {
      const endpoint = await seedWebhookEndpoint(company);
      const delivery = await seedWebhookDelivery(endpoint);
      return { slug: company, endpointId: endpoint.endpointId, deliveryId: delivery.deliveryId };
    },
    getDigestSettings: async () => ({ slugs: [company] }),
    updateDigestSettings: async () => ({ slug: company, weekly: false }),
    listAgents: async () => ({ slug: company }),
    createAgentEnrollment: async () => ({
      slug: company,
      locationId: (await seedLocation(company)).locationId,
      maxUses: 2,
    }),
    rotateAgentCredential: async () => ({
      slug: company,
      agentId: (await seedAgent(company)).agent.agentId,
      expectedVersion: 1,
    }),
    moveAgent: async () => ({
      slug: company,
      agentId: (await seedAgent(company)).agent.agentId,
      expectedVersion: 1,
      locationId: (await seedLocation(company)).locationId,
    }),
    revokeAgent: async () => ({ slug: company, agentId: (await seedAgent(company)).agent.agentId, expectedVersion: 1 }),
    enrollAgent: async () => {
      const location = await seedLocation(company);
      const { token } = await createEnrollmentTokenAs(kernelAnalyst, company, {
        locationId: location.locationId,
        maxUses: 1,
        expiresInHours: 1,
      });
      return { token, hostname: 'inputs.agents.example', agentVersion: '1.0.0', capabilities: ['zap'] };
    },
    agentHeartbeat: async () => ({ credential: (await seedAgent(company)).credential, agentVersion: '1.0.1' }),
    pullScanJob: async () => ({ credential: (await seedAgent(company)).credential }),
    createScanJobImport: async () => {
      const { agent, credential } = await seedAgent(company);
      const job = await seedRunningJob(agent);
      return { credential, jobId: job.jobId, file: { name: 'zap.json', contentLength: 100 } };
    },
    completeScanJob: async () => {
      const { agent, credential } = await seedAgent(company);
      const job = await seedRunningJob(agent);
      const importId = `inputsjob${Date.now().toString(36)}${next().replace(/[^a-z0-9]/gi, '')}`;
      await putNewScanImport({
        importId,
        slug: company,
        service: 'dast',
        status: 'queued',
        files: [{ name: 'zap.json', contentLength: 10, objectKey: `uploads/${company}/dast/${importId}/0` }],
        createdAt: Date.now(),
        createdByUid: `agent:${agent.agentId}`,
        createdByEmail: `agent ${agent.name}`,
        progress: { bytesRead: 0, bytesTotal: 10, findingsWritten: 0 },
        version: 1,
      });
      return { credential, jobId: job.jobId, importId };
    },
    failScanJob: async () => {
      const { agent, credential } = await seedAgent(company);
      return { credential, jobId: (await seedRunningJob(agent)).jobId, reason: 'inputs: ZAP could not start' };
    },
    listDastKeys: async () => ({ slug: company }),
    createDastKey: async () => ({
      slug: company,
      name: `Inputs key ${next()}`,
      allowedTargets: ['app.inputs.example'],
    }),
    rollDastKey: async () => ({ slug: company, keyId: (await seedDastKey(company)).keyId, graceHours: 1 }),
    revokeDastKey: async () => ({ slug: company, keyId: (await seedDastKey(company)).keyId }),
    listDastScans: async () => ({ slug: company }),
    cancelDastScan: async () => ({
      slug: company,
      scanId: (await seedQueuedJob(company, { queuedAt: Date.now() - 25 * 3600_000 })).jobId,
    }),
    startFindingExport: async () => ({ slug: company, service: 'dast', format: 'csv', limit: 5 }),
    getFindingExport: async () => ({ exportId }),
    listMailIdentities: async () => ({}),
    addMailIdentity: async () => ({ identity: `inputs-${next()}.example.org` }),
    removeMailIdentity: async () => ({ identity: await seedMailIdentity(`inputs-${next()}.example.org`) }),
    updateMailSettings: () => unchangedMailSettings(),
    getSlaPolicy: async () => ({ slug: company }),
    updateSlaPolicy: async () => ({
      slug: company,
      days: { critical: 7, high: 30, medium: 90, low: 180 },
      expectedVersion: (await getSlaPolicyRecord(company)).version,
    }),
    createFeedImport: async () => ({ kind: 'epss', contentLength: 2_000_000 }),
    // An import already done: answered as it stands (starting a real one would replace the stored feed).
    startFeedImport: async () => ({ feedImportId: await seedDoneFeedImport() }),
    getFeedImport: async () => ({ feedImportId: await seedDoneFeedImport() }),
    updatePlatformService: async () => ({
      name: 'cloud',
      version: (await listPlatformServices()).find((service) => service.name === 'cloud')!.version,
      description: 'Configuration checks of cloud accounts.',
    }),
  };
}

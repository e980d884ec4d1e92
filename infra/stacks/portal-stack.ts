// The whole portal in one stack: data, mail, sign-in, API, web, scan imports, and the first administrator.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { restRouteGroups } from '../../lambdas/api/rest-routes.js';
import { callGroupOf, callRegistry } from '../../lambdas/calls/registry.js';
import { type AlgoliaApplication, PortalApi } from '../constructs/api.js';
import { PortalAuth } from '../constructs/auth.js';
import { PortalData } from '../constructs/data.js';
import { FirstAdministrator } from '../constructs/first-administrator.js';
import { PortalImports, uploadsOrigin } from '../constructs/imports.js';
import { PortalReports } from '../constructs/reports.js';
import { PortalThreatFeeds } from '../constructs/threat-feeds.js';
import { PortalVault } from '../constructs/vault.js';
import { repoRoot } from '../constructs/lambda-bundling.js';
import { PortalMail } from '../constructs/mail.js';
import { PortalOperations } from '../constructs/operations.js';
import { PortalWeb } from '../constructs/web.js';
import { PortalWebhooks } from '../constructs/webhooks.js';

export interface PortalStackProps extends StackProps {
  /** The SES identity every mail is sent from. */
  readonly senderEmail: string;
  /**
   * Whether this stack creates the SES identity of senderEmail; false when it is already verified here.
   * @default true
   */
  readonly createSenderIdentity?: boolean;
  /**
   * Where support messages from the contact dialog are mailed.
   * @default senderEmail
   */
  readonly supportEmail?: string;
  /** The first administrator, created on deploy. */
  readonly firstAdminEmail: string;
  /**
   * Origins sign-in links may point at besides the distribution's own (e.g. a custom domain), exact, https://host.
   * @default []
   */
  readonly extraAllowedOrigins?: readonly string[];
  /** @default false */
  readonly revealUnknownAccounts?: boolean;
  /**
   * The passkeys' relying party id: the domain people open the portal on (e.g. a custom domain of
   * extraAllowedOrigins, `portal.example.com`). Passkeys work only on that domain and its subdomains.
   * @default - the distribution's own domain name
   */
  readonly passkeyRelyingPartyId?: string;
  /**
   * A real Algolia application for the template search, instead of the portal's own endpoint: the web
   * searches it, keys are signed with its search-only key, and template changes are mirrored to it.
   * @default - the portal's own search endpoint
   */
  readonly algolia?: AlgoliaApplication;
  /**
   * The WAFv2 web ACL (scope CLOUDFRONT, in us-east-1) in front of the distribution: PortalEdgeStack's, or one
   * managed elsewhere (Firewall Manager).
   * @default - none (cdk-nag's CFR2 is then acknowledged with the reason)
   */
  readonly webAclArn?: string;
  /**
   * An existing table to use instead of the stack's own: one restored to a point in time (docs/operations.md).
   * @default - the stack's own table
   */
  readonly tableName?: string;
  /**
   * Who is mailed every alarm and its recovery (an e-mail subscription of the operations topic; SNS mails a
   * confirmation link first).
   * @default - none: subscribe a pager, chat or address to the OpsTopicArn output
   */
  readonly opsEmail?: string;
  /**
   * The built web app.
   * @default web/dist in the repository
   */
  readonly webAssetPath?: string;
}

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    // S3 access logs are granted by bucket policy, not the legacy log-delivery ACL, whatever cdk.json says.
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);

    const data = new PortalData(this, 'Data', { existingTableName: props.tableName });
    const mail = new PortalMail(this, 'Mail', {
      senderEmail: props.senderEmail,
      createIdentity: props.createSenderIdentity,
    });
    const auth = new PortalAuth(this, 'Auth', { data });
    const api = new PortalApi(this, 'Api', {
      calls: callRegistry
        .list()
        .map((call) => ({ name: call.name, access: call.access, group: callGroupOf(call.name)! })),
      restRoutes: restRouteGroups,
      data,
      mail,
      auth,
      revealUnknownAccounts: props.revealUnknownAccounts,
      supportEmail: props.supportEmail ?? props.senderEmail,
      algolia: props.algolia,
    });
    const web = new PortalWeb(this, 'Web', {
      webAssetPath: props.webAssetPath ?? join(repoRoot, 'web', 'dist'),
      httpApi: api.httpApi,
      apiOriginSecret: api.originSecret,
      // Browsers post scan files straight to the uploads bucket (presigned POSTs).
      connectOrigins: [uploadsOrigin(this)],
      algoliaAppId: props.algolia?.appId,
      webAclId: props.webAclArn,
      runtimeConfig: {
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.userPoolClient.userPoolClientId,
      },
    });
    // The distribution's own address may receive sign-in links. No dependency cycle: the distribution needs
    // the API's id only, not its function, so the function can name the distribution.
    const siteOrigins = [web.origin, ...(props.extraAllowedOrigins ?? [])];
    auth.usePasskeysOn(props.passkeyRelyingPartyId ?? web.distribution.distributionDomainName);
    api.allowSignInLinksTo(siteOrigins);

    // After the web: the uploads bucket logs to its access-log bucket and allows posts from its origins.
    const imports = new PortalImports(this, 'Imports', {
      data,
      accessLogsBucket: web.accessLogs,
      uploadOrigins: siteOrigins,
    });
    for (const handler of Object.values(api.handlers)) imports.grantStartImports(handler);
    if (props.algolia) imports.mirrorTemplatesTo(props.algolia);
    // CISA's KEV catalogue and FIRST's EPSS scores, fetched daily and imported by the import worker.
    new PortalThreatFeeds(this, 'ThreatFeeds', { data, imports });
    // Exports of findings and notification mails: a worker of their own, writing under exports/ of the bucket.
    const reports = new PortalReports(this, 'Reports', {
      data,
      mail,
      bucket: imports.uploads,
      portalUrl: web.origin,
      signInSecret: auth.signInSecret,
    });
    for (const handler of Object.values(api.handlers)) reports.grantStartReports(handler);
    // Bulk publishes run in the import worker: it queues their notification mails.
    reports.grantQueueNotifications(imports.importFunction);
    // Vault files over 300 KB: sealed files under vault/ of the bucket, removed by the report worker once claimed.
    const vault = new PortalVault(this, 'Vault', {
      bucket: imports.uploads,
      siteOrigins,
      worker: reports.reportFunction,
      deadLetterQueue: reports.deadLetterQueue,
    });
    for (const handler of Object.values(api.handlers)) vault.grantVaultFiles(handler);
    // Webhooks: finding events fanned out to the companies' endpoints, delivered with retries by a worker of their own.
    const webhooks = new PortalWebhooks(this, 'Webhooks', { data, mail, portalUrl: web.origin });
    for (const handler of Object.values(api.handlers)) webhooks.grantManageWebhooks(handler);
    // Imports end with scan.completed, and bulk updates (run by the import worker) send their findings' events.
    webhooks.grantQueueFanout(imports.importFunction);

    new FirstAdministrator(this, 'FirstAdministrator', { email: props.firstAdminEmail, auth, data });

    // Last, when every function, queue and alarm exists: the remaining alarms, the dashboard, the saved queries, and
    // the operations topic as the action of every alarm (docs/operations.md).
    const operations = new PortalOperations(this, 'Operations', {
      opsEmail: props.opsEmail,
      httpApi: api.httpApi,
      apiAccessLogs: api.accessLogs,
      table: data.table,
      queues: [
        { label: 'import', queue: imports.queue, deadLetterQueue: imports.deadLetterQueue },
        { label: 'report', queue: reports.queue, deadLetterQueue: reports.deadLetterQueue },
        { label: 'webhook', queue: webhooks.queue, deadLetterQueue: webhooks.deadLetterQueue },
        { label: 'vault clean-up', queue: vault.cleanupQueue },
      ],
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      importFunction: imports.importFunction,
      signInFunctions: auth.triggers,
      apiFunctions: Object.values(api.handlers),
      reportFunction: reports.reportFunction,
      webhookFunction: webhooks.webhookFunction,
    });
    operations.notifyEveryAlarm();

    new CfnOutput(this, 'PortalUrl', { value: web.origin, description: 'Open the portal here' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
  }
}

// The CDK app: reads the deploy parameters from context and checks the stack with cdk-nag's AWS Solutions pack.
//   npx cdk deploy -c senderEmail=no-reply@example.org -c firstAdminEmail=admin@example.org \
//     [-c supportEmail=support@example.org] [-c allowedOrigins=https://portal.example.org]
//     [-c revealUnknownAccounts=true] [-c senderIdentityExists=true] [-c passkeyDomain=portal.example.org]
//     [-c algoliaAppId=<id> -c algoliaSearchKeySecretArn=<ARN> -c algoliaAdminKeySecretArn=<ARN>]
//     [-c webAclArn=<ARN of an existing CLOUDFRONT web ACL, instead of the SecurityPortalEdge stack's>]
//     [-c opsEmail=ops@example.org]   (mailed every alarm; SNS asks the address to confirm first)
//     [-c tableName=<a table restored to a point in time, instead of the stack's own: docs/operations.md>]
// Two stacks: SecurityPortalEdge (the web ACL, always us-east-1) and SecurityPortal (the rest, in the CLI's region);
// `cdk deploy --all` deploys them in that order.
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PortalEdgeStack } from '../stacks/edge-stack.js';
import { PortalStack } from '../stacks/portal-stack.js';

const app = new App();
const context = (name: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(name);
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

// Placeholders let `npm run synth` work offline with no parameters; a deployment must replace them.
const senderEmail = context('senderEmail');
const firstAdminEmail = context('firstAdminEmail');

const extraAllowedOrigins = (context('allowedOrigins') ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
for (const origin of extraAllowedOrigins) {
  if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
    throw new Error(
      `allowedOrigins: "${origin}" is not an origin such as https://portal.example.org (no path, no slash)`,
    );
  }
}

// The passkeys' relying party: a domain name (no scheme); by default the distribution's own.
const passkeyRelyingPartyId = context('passkeyDomain');
if (passkeyRelyingPartyId !== undefined && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(passkeyRelyingPartyId)) {
  throw new Error(`passkeyDomain: "${passkeyRelyingPartyId}" is not a domain name such as portal.example.org`);
}

// A real Algolia application: all three or none; secrets by complete ARN (the IAM grant names it exactly).
const algoliaContext = {
  appId: context('algoliaAppId'),
  searchKeySecretArn: context('algoliaSearchKeySecretArn'),
  adminKeySecretArn: context('algoliaAdminKeySecretArn'),
};
const algoliaGiven = Object.values(algoliaContext).filter(Boolean).length;
if (algoliaGiven > 0 && algoliaGiven < 3) {
  throw new Error('algoliaAppId, algoliaSearchKeySecretArn and algoliaAdminKeySecretArn go together: give all three');
}
const completeSecretArn = /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/;
for (const name of ['searchKeySecretArn', 'adminKeySecretArn'] as const) {
  const arn = algoliaContext[name];
  if (arn && !completeSecretArn.test(arn)) {
    throw new Error(
      `algolia${name[0]!.toUpperCase()}${name.slice(1)}: "${arn}" is not a complete secret ARN (…:secret:<name>-AbCdEf)`,
    );
  }
}
if (algoliaContext.appId && !/^[A-Za-z0-9]+$/.test(algoliaContext.appId)) {
  throw new Error(`algoliaAppId: "${algoliaContext.appId}" is not an Algolia application id`);
}

// Who hears the alarms: an e-mail subscription of each stack's operations topic.
const opsEmail = context('opsEmail');
if (opsEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(opsEmail)) {
  throw new Error(`opsEmail: "${opsEmail}" is not an e-mail address`);
}

// A restored table to switch to, by name (docs/operations.md, "Restoring the table").
const tableName = context('tableName');
if (tableName !== undefined && !/^[A-Za-z0-9_.-]{3,255}$/.test(tableName)) {
  throw new Error(`tableName: "${tableName}" is not a DynamoDB table name`);
}

// A web ACL managed elsewhere, by ARN; otherwise the edge stack's own.
const givenWebAclArn = context('webAclArn');
if (givenWebAclArn && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(givenWebAclArn)) {
  throw new Error(`webAclArn: "${givenWebAclArn}" is not the ARN of a CloudFront (global, us-east-1) web ACL`);
}

// The edge stack's ARN crosses regions, which CDK supports only between stacks of known regions. Offline, with no
// region configured, the portal stack is synthesised for us-east-1 (a deployment always has the CLI's region).
const region = process.env.CDK_DEFAULT_REGION;
const account = process.env.CDK_DEFAULT_ACCOUNT;
const edge = givenWebAclArn
  ? undefined
  : new PortalEdgeStack(app, 'SecurityPortalEdge', {
      env: { account },
      crossRegionReferences: true,
      description: 'Security assessment portal: the web ACL in front of its CloudFront distribution',
      opsEmail,
    });

const stack = new PortalStack(app, 'SecurityPortal', {
  env: { account, region: region ?? (edge ? 'us-east-1' : undefined) },
  crossRegionReferences: edge !== undefined,
  description: 'Security assessment portal',
  webAclArn: givenWebAclArn ?? edge?.webAclArn,
  senderEmail: senderEmail ?? 'no-reply@example.com',
  createSenderIdentity: context('senderIdentityExists') !== 'true',
  firstAdminEmail: firstAdminEmail ?? 'first-admin@example.com',
  supportEmail: context('supportEmail'),
  opsEmail,
  ...(tableName ? { tableName } : {}),
  extraAllowedOrigins,
  ...(passkeyRelyingPartyId ? { passkeyRelyingPartyId } : {}),
  revealUnknownAccounts: context('revealUnknownAccounts') === 'true',
  algolia:
    algoliaContext.appId && algoliaContext.searchKeySecretArn && algoliaContext.adminKeySecretArn
      ? {
          appId: algoliaContext.appId,
          searchKeySecretArn: algoliaContext.searchKeySecretArn,
          adminKeySecretArn: algoliaContext.adminKeySecretArn,
        }
      : undefined,
});
if (!senderEmail || !firstAdminEmail) {
  Annotations.of(stack).addWarningV2(
    'portal:placeholderParameters',
    'senderEmail or firstAdminEmail is not set: the template uses example.com placeholders and must not be deployed. ' +
      'Deploy with -c senderEmail=... -c firstAdminEmail=...',
  );
}

if (!opsEmail) {
  Annotations.of(stack).addWarningV2(
    'portal:noOpsEmail',
    'opsEmail is not set: the alarms reach no one until a pager, chat or address subscribes to the OpsTopicArn ' +
      'outputs. Deploy with -c opsEmail=... (docs/operations.md)',
  );
}

// cdk-nag 3 is a policy validation plugin: synth fails on any unacknowledged error and prints warnings.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

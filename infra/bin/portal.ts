// The CDK app: reads the deploy parameters from context and checks the stack with cdk-nag's AWS Solutions pack.
//   npx cdk deploy -c senderEmail=no-reply@example.org -c firstAdminEmail=admin@example.org \
//     [-c supportEmail=support@example.org] [-c allowedOrigins=https://portal.example.org]
//     [-c revealUnknownAccounts=true] [-c senderIdentityExists=true]
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
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

const stack = new PortalStack(app, 'SecurityPortal', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: 'Security assessment portal',
  senderEmail: senderEmail ?? 'no-reply@example.com',
  createSenderIdentity: context('senderIdentityExists') !== 'true',
  firstAdminEmail: firstAdminEmail ?? 'first-admin@example.com',
  supportEmail: context('supportEmail'),
  extraAllowedOrigins,
  revealUnknownAccounts: context('revealUnknownAccounts') === 'true',
});
if (!senderEmail || !firstAdminEmail) {
  Annotations.of(stack).addWarningV2(
    'portal:placeholderParameters',
    'senderEmail or firstAdminEmail is not set: the template uses example.com placeholders and must not be deployed. ' +
      'Deploy with -c senderEmail=... -c firstAdminEmail=...',
  );
}

// cdk-nag 3 is a policy validation plugin: synth fails on any unacknowledged error and prints warnings.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

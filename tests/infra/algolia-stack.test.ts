// The stack with a real Algolia application for the template search: the operator's two secrets
// used, not generated ones; the API signs keys with the search-only key and names the application, and may
// not read the admin key; only the worker reads it, by its exact ARN; runtime-config.json names no search
// hosts, so the web's Algolia client uses the application's own, which the CSP allows; cdk-nag stays clean.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalStack } from '../../infra/stacks/portal-stack.js';

type Resource = { Type: string; Properties?: Record<string, any> };

const algolia = {
  appId: 'LATENCY42',
  searchKeySecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:portal/algolia-search-AbCdEf',
  adminKeySecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:portal/algolia-admin-GhIjKl',
};

let webAssetPath: string;
let app: App;
let resources: Record<string, Resource>;
let nagViolations: { ruleName: string; severity: string }[];

beforeAll(() => {
  webAssetPath = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Portal</title>');
  mkdirSync(join(webAssetPath, 'assets'));
  // Only the template is read: the functions' bundles are not built (the portal stack's test builds and loads them).
  app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PortalStack(app, 'AlgoliaTest', {
    senderEmail: 'no-reply@portal.example',
    firstAdminEmail: 'first-admin@portal.example',
    webAssetPath,
    algolia,
  });
  resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  nagViolations = new AwsSolutionsChecks().validateScope(app).violations.map((violation) => ({
    ruleName: violation.ruleName,
    severity: violation.severity ?? 'error',
  }));
});

afterAll(() => rmSync(webAssetPath, { recursive: true, force: true }));

function functionNamed(prefix: string): Resource & { id: string } {
  const ids = Object.keys(resources).filter(
    (id) => resources[id]?.Type === 'AWS::Lambda::Function' && id.startsWith(prefix),
  );
  expect(ids).toHaveLength(1);
  return { id: ids[0]!, ...resources[ids[0]!]! };
}

/** The secretsmanager statements of a function's role. */
function secretGrants(prefix: string): { Action: unknown; Resource: unknown }[] {
  const roleId = functionNamed(prefix).Properties!.Role['Fn::GetAtt'][0] as string;
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((policy) => JSON.stringify(policy.Properties!.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => policy.Properties!.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
    .filter((statement) => [statement.Action].flat().some((action) => String(action).startsWith('secretsmanager:')))
    .map(({ Action, Resource }) => ({ Action, Resource }));
}

const environmentOf = (prefix: string) =>
  (functionNamed(prefix).Properties!.Environment?.Variables ?? {}) as Record<string, unknown>;

describe('a real Algolia application', () => {
  it('uses the operator’s search-only key to sign keys and names the application; the API cannot read the admin key', () => {
    expect(
      Object.entries(resources).filter(
        ([id, resource]) => resource.Type === 'AWS::SecretsManager::Secret' && id.startsWith('ApiSearchKeySecret'),
      ),
    ).toEqual([]);
    // Each API function (one per call group) is configured alike.
    for (const api of [
      'ApiPeopleCallsFunction',
      'ApiFindingsCallsFunction',
      'ApiScanningCallsFunction',
      'ApiVaultCallsFunction',
    ]) {
      expect(environmentOf(api), api).toMatchObject({
        SEARCH_APP_ID: algolia.appId,
        SEARCH_KEY_SECRET_ARN: algolia.searchKeySecretArn,
        ALGOLIA_ADMIN_KEY_SECRET_ARN: algolia.adminKeySecretArn,
      });
      const apiGrants = secretGrants(api);
      expect(apiGrants).toContainEqual({
        Action: 'secretsmanager:GetSecretValue',
        Resource: algolia.searchKeySecretArn,
      });
      expect(JSON.stringify(apiGrants)).not.toContain(algolia.adminKeySecretArn);
    }
    expect(environmentOf('ApiTemplateSearchFunction')).toMatchObject({
      SEARCH_KEY_SECRET_ARN: algolia.searchKeySecretArn,
    });
  });

  it('lets the worker alone read the admin key, by its exact ARN, and tells it the application', () => {
    expect(environmentOf('ImportsImportFunction')).toEqual({
      TABLE_NAME: expect.anything(),
      UPLOADS_BUCKET: expect.anything(),
      // A bulk publish queues its notification digest on the report queue.
      REPORT_QUEUE_URL: expect.anything(),
      // A threat-feed import queues the enrichment of findings that follows it.
      IMPORT_QUEUE_URL: expect.anything(),
      // An import's scan.completed and a bulk update's findings go to the webhook fan-out at once.
      WEBHOOK_QUEUE_URL: expect.anything(),
      SEARCH_APP_ID: algolia.appId,
      ALGOLIA_ADMIN_KEY_SECRET_ARN: algolia.adminKeySecretArn,
    });
    expect(secretGrants('ImportsImportFunction')).toEqual([
      { Action: 'secretsmanager:GetSecretValue', Resource: algolia.adminKeySecretArn },
    ]);
    const readers = Object.values(resources).filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' && JSON.stringify(resource.Properties).includes(algolia.adminKeySecretArn),
    );
    expect(readers).toHaveLength(1);
  });

  it('deploys runtime-config.json without searchHosts entries and allows the application’s hosts in the CSP', () => {
    const config = JSON.parse(readFileSync(findFile(app.outdir, 'runtime-config.json'), 'utf8')) as {
      searchHosts: unknown[];
    };
    expect(config.searchHosts).toEqual([]);
    const policy = Object.values(resources).find(
      (resource) => resource.Type === 'AWS::CloudFront::ResponseHeadersPolicy',
    )!;
    // An Fn::Join (the Cognito endpoint names the region): the connect-src directive as one string.
    const csp = JSON.stringify(
      policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
    );
    const connectSrc = csp.slice(csp.indexOf('connect-src'), csp.indexOf(';', csp.indexOf('connect-src')));
    for (const origin of [
      'https://LATENCY42-dsn.algolia.net',
      'https://LATENCY42-1.algolianet.com',
      'https://LATENCY42-2.algolianet.com',
      'https://LATENCY42-3.algolianet.com',
    ]) {
      expect(connectSrc).toContain(` ${origin}`);
    }
  });

  it('keeps the cdk-nag AWS Solutions report clean', () => {
    expect(nagViolations).toEqual([]);
  });
});

function findFile(directory: string, name: string): string {
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === name) return join(entry.parentPath, entry.name);
  }
  throw new Error(`${name} not found under ${directory}`);
}

// What a deployer relies on in the synthesised template: sign-in locked to the custom flow, the table's
// protections, one route per call with the right authorizer, the CloudFront security headers (the same the
// local origin sends), caching, the scan-import bucket, queues and function, Powertools from its layer of the
// pinned version, least-privilege roles, and a clean cdk-nag AWS Solutions report. The stack is synthesised once, with the real Lambda bundles.
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importMaxReceiveCount } from '../../infra/import-queue.js';
import { linkPowertoolsLayer, repoRoot } from '../../infra/constructs/lambda-bundling.js';
import { PortalStack } from '../../infra/stacks/portal-stack.js';
import { restRouteGroups, restRouteKeys } from '../../lambdas/api/rest-routes.js';
import { callGroupOf, callRegistry, type CallGroup } from '../../lambdas/calls/registry.js';
import { tableDesign } from '../../lambdas/kernel/data/table-design.js';

type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

const senderEmail = 'no-reply@portal.example';
const extraOrigin = 'https://portal.example';

let webAssetPath: string;
let app: App;
let template: Template;
let resources: Record<string, Resource>;
let nagViolations: { ruleName: string; severity: string; paths: string[] }[];

beforeAll(() => {
  // A stand-in for web/dist: the infra test checks the deployment, not the web build.
  webAssetPath = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Portal</title>');
  mkdirSync(join(webAssetPath, 'assets'));
  writeFileSync(join(webAssetPath, 'assets', 'index-0a1b2c.js'), 'console.log("portal")');

  app = new App();
  const stack = new PortalStack(app, 'PortalTest', {
    senderEmail,
    firstAdminEmail: 'first-admin@portal.example',
    extraAllowedOrigins: [extraOrigin],
    webAssetPath,
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
  // The same pack the app registers (infra/bin/portal.ts), run directly on the synthesised tree.
  nagViolations = new AwsSolutionsChecks().validateScope(app).violations.map((violation) => ({
    ruleName: violation.ruleName,
    severity: violation.severity ?? 'error',
    paths: violation.violatingResources.map((resource) => resource.constructPath ?? ''),
  }));
});

afterAll(() => {
  rmSync(webAssetPath, { recursive: true, force: true });
});

/** The Cognito endpoint as the template names it, the stack's pseudo parameters left as placeholders. */
const cognitoEndpoint = 'https://cognito-idp.${AWS::Region}.${AWS::URLSuffix}';
/** The uploads bucket's regional address, named from the stack (PortalTest), account and region. */
const uploadsBucketName = 'portaltest-uploads-${AWS::AccountId}-${AWS::Region}';
const uploadsOrigin = `https://${uploadsBucketName}.s3.\${AWS::Region}.\${AWS::URLSuffix}`;

/** A template string value, an Fn::Join's Refs written as ${Name} placeholders. */
function withPseudoParameters(value: unknown): string {
  if (typeof value === 'string') return value;
  const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return parts
    .map((part) => (typeof part === 'string' ? part : `\${${(part as { Ref: string }).Ref}}`))
    .join(separator);
}

/** A Content-Security-Policy as directive -> sources, in the header's order. */
function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** The headers a response-headers policy adds, as an HTTP answer carries them (lower-case names). */
function policyHeaders(config: any): Record<string, string> {
  const security = config.SecurityHeadersConfig;
  const hsts = security.StrictTransportSecurity;
  const headers: Record<string, string> = {
    'content-security-policy': withPseudoParameters(security.ContentSecurityPolicy.ContentSecurityPolicy),
    'strict-transport-security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
    'x-frame-options': security.FrameOptions.FrameOption,
  };
  if (security.ContentTypeOptions) headers['x-content-type-options'] = 'nosniff';
  for (const item of config.CustomHeadersConfig?.Items ?? []) headers[String(item.Header).toLowerCase()] = item.Value;
  return headers;
}

/** The logical id of the one resource of this type whose id starts with the prefix. */
function logicalId(type: string, prefix: string): string {
  const ids = Object.keys(resources).filter((id) => resources[id]?.Type === type && id.startsWith(prefix));
  expect(ids, `${type} ${prefix}*`).toHaveLength(1);
  return ids[0] as string;
}

function properties(id: string): Record<string, any> {
  return (resources[id]?.Properties ?? {}) as Record<string, any>;
}

/** Every IAM statement attached to the role of the function whose logical id starts with the prefix. */
function statementsOf(functionPrefix: string): Statement[] {
  const roleId = properties(logicalId('AWS::Lambda::Function', functionPrefix)).Role['Fn::GetAtt'][0] as string;
  expect(properties(roleId).ManagedPolicyArns).toBeUndefined();
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((policy) => JSON.stringify((policy.Properties as any).Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => (policy.Properties as any).PolicyDocument.Statement as Statement[]);
}

function actionsOf(statements: Statement[]): string[] {
  return statements.flatMap((statement) => [statement.Action].flat());
}

const portalFunctions = {
  defineAuthChallenge: 'AuthDefineAuthChallengeFunction',
  createAuthChallenge: 'AuthCreateAuthChallengeFunction',
  verifyAuthChallengeResponse: 'AuthVerifyAuthChallengeResponseFunction',
  preTokenGeneration: 'AuthPreTokenGenerationFunction',
  peopleApi: 'ApiPeopleCallsFunction',
  findingsApi: 'ApiFindingsCallsFunction',
  scanningApi: 'ApiScanningCallsFunction',
  vaultApi: 'ApiVaultCallsFunction',
  firstAdministrator: 'FirstAdministratorCreateUserFunction',
  scanImport: 'ImportsImportFunction',
  templateSearch: 'ApiTemplateSearchFunction',
  reportWork: 'ReportsReportWorkFunction',
  threatFeedFetch: 'ThreatFeedsFetchFunction',
  webhookWork: 'WebhooksWebhookWorkFunction',
};

/** The API's functions, one per call group. They share one configuration and one role's statements (checked
 * below), so the tests of a single one (the people function's) hold for all four. */
const apiFunctions = [
  portalFunctions.peopleApi,
  portalFunctions.findingsApi,
  portalFunctions.scanningApi,
  portalFunctions.vaultApi,
];

const groupFunction: Record<CallGroup, string> = {
  people: portalFunctions.peopleApi,
  findings: portalFunctions.findingsApi,
  scanning: portalFunctions.scanningApi,
  vault: portalFunctions.vaultApi,
};

/** The logical id of the function behind a route's target (integrations/<integration>). */
function integrationFunctionOf(target: unknown): string | undefined {
  const integrationId = Object.keys(resources).find(
    (id) => resources[id]?.Type === 'AWS::ApiGatewayV2::Integration' && JSON.stringify(target).includes(`"${id}"`),
  );
  const uri = integrationId ? JSON.stringify(properties(integrationId).IntegrationUri) : '';
  return /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(uri)?.[1];
}

type PackageJson = { dependencies: Record<string, string> };

describe('Powertools in package.json', () => {
  it('pins Logger, Metrics and Tracer to one exact version, the one layer every function loads', () => {
    const { dependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson;
    const powertools = Object.entries(dependencies).filter(([name]) => name.startsWith('@aws-lambda-powertools/'));
    expect(powertools.map(([name]) => name).sort()).toEqual([
      '@aws-lambda-powertools/logger',
      '@aws-lambda-powertools/metrics',
      '@aws-lambda-powertools/tracer',
    ]);
    const versions = new Set(powertools.map(([, version]) => version));
    expect(versions.size, JSON.stringify(powertools)).toBe(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('cdk-nag AWS Solutions', () => {
  it('reports no unacknowledged error', () => {
    expect(nagViolations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });

  it('reports no unacknowledged warning', () => {
    expect(nagViolations.filter((violation) => violation.severity !== 'error')).toEqual([]);
  });
});

describe('sign-in (Cognito)', () => {
  it('has a user pool with e-mail as user name, no self sign-up and the four sign-in triggers', () => {
    const trigger = (prefix: string) => ({ 'Fn::GetAtt': [logicalId('AWS::Lambda::Function', prefix), 'Arn'] });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      LambdaConfig: {
        DefineAuthChallenge: trigger(portalFunctions.defineAuthChallenge),
        CreateAuthChallenge: trigger(portalFunctions.createAuthChallenge),
        VerifyAuthChallengeResponse: trigger(portalFunctions.verifyAuthChallengeResponse),
        // PreTokenGeneration (V1), not PreTokenGenerationConfig (V2)
        PreTokenGeneration: trigger(portalFunctions.preTokenGeneration),
      },
    });
    const lambdaConfig = properties(logicalId('AWS::Cognito::UserPool', 'AuthUserPool')).LambdaConfig;
    expect(lambdaConfig.PreTokenGenerationConfig).toBeUndefined();
  });

  it('has one app client: custom flow, USER_AUTH (passkeys) and refresh only, no secret, no user-existence errors, revocation on', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const client = properties(logicalId('AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'));
    // Passkeys add USER_AUTH; still no password or SRP flow.
    expect([...client.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_AUTH',
    ]);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  it("offers passkeys: Essentials plan, WEB_AUTHN as a first factor, the site's domain as relying party, verified users", () => {
    const pool = properties(logicalId('AWS::Cognito::UserPool', 'AuthUserPool'));
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect(pool.Policies.SignInPolicy.AllowedFirstAuthFactors).toEqual(['PASSWORD', 'WEB_AUTHN']);
    expect(pool.WebAuthnUserVerification).toBe('required');
    expect(pool.WebAuthnRelyingPartyID).toEqual({
      'Fn::GetAtt': [logicalId('AWS::CloudFront::Distribution', 'WebDistribution'), 'DomainName'],
    });
  });

  it('does not let users change their own e-mail through the app client', () => {
    const client = properties(logicalId('AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'));
    expect(client.WriteAttributes).toEqual(expect.any(Array));
    expect(client.WriteAttributes.length).toBeGreaterThan(0);
    expect(client.WriteAttributes).not.toContain('email');
  });

  it('keeps the sign-in HMAC key in Secrets Manager, generated and at least 32 characters long', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: Match.anyValue() },
    });
    const secret = properties(logicalId('AWS::SecretsManager::Secret', 'AuthSignInSecret'));
    expect(secret.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
  });
});

describe('data (DynamoDB)', () => {
  it('builds the single table from the shared key design, with PITR, encryption, TTL and on-demand billing', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
    });
  });

  it('keeps the table when it leaves the stack', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('API (HTTP API)', () => {
  it('has one POST route per call of the registry, JWT for signed-in calls and none for public ones', () => {
    for (const call of callRegistry.list()) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `POST /api/calls/${call.name}`,
        AuthorizationType: call.access.kind === 'public' ? 'NONE' : 'JWT',
      });
    }
  });

  it('has the DAST endpoint’s, the retest route’s and the unsubscribe link’s REST routes without authorizer (the handler checks the company key or the link’s signature), throttled', () => {
    expect(restRouteKeys).toEqual([
      'POST /api/dast/v1/scans',
      'GET /api/dast/v1/scans/{scanId}',
      'DELETE /api/dast/v1/scans/{scanId}',
      'POST /api/findings/v1/retests',
      'GET /api/digest/unsubscribe/{token}',
      'POST /api/digest/unsubscribe/{token}',
    ]);
    const stage = properties(logicalId('AWS::ApiGatewayV2::Stage', 'ApiHttpApiDefaultStage'));
    const routes = Object.values(resources)
      .filter((resource) => resource?.Type === 'AWS::ApiGatewayV2::Route')
      .map((resource) => resource.Properties as Record<string, any>);
    for (const routeKey of restRouteKeys) {
      // The integration of the function of the route's group, which tells it from the calls by the route key.
      expect(routes.find((route) => route.RouteKey === routeKey)).toMatchObject({ AuthorizationType: 'NONE' });
      expect(integrationFunctionOf(routes.find((route) => route.RouteKey === routeKey)!.Target)).toBe(
        logicalId('AWS::Lambda::Function', groupFunction[restRouteGroups[routeKey]]),
      );
      expect(stage.RouteSettings[routeKey]).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    }
  });

  it('routes each call to the function of its group, and a name no call has to the people function', () => {
    const routes = Object.values(resources)
      .filter((resource) => resource?.Type === 'AWS::ApiGatewayV2::Route')
      .map((resource) => resource.Properties as Record<string, any>);
    const functionOfRoute = (routeKey: string) =>
      integrationFunctionOf(routes.find((route) => route.RouteKey === routeKey)?.Target);
    for (const call of callRegistry.list()) {
      expect(functionOfRoute(`POST /api/calls/${call.name}`), call.name).toBe(
        logicalId('AWS::Lambda::Function', groupFunction[callGroupOf(call.name)!]),
      );
    }
    expect(functionOfRoute('POST /api/calls/{name}')).toBe(
      logicalId('AWS::Lambda::Function', portalFunctions.peopleApi),
    );
  });

  it('gives the four API functions one configuration and the same permissions', () => {
    const [first, ...others] = apiFunctions.map((prefix) => {
      const fn = properties(logicalId('AWS::Lambda::Function', prefix));
      const role = fn.Role['Fn::GetAtt'][0] as string;
      return {
        environment: fn.Environment.Variables,
        memory: fn.MemorySize,
        timeout: fn.Timeout,
        // Each writes its own log group.
        statements: JSON.stringify(statementsOf(prefix))
          .replaceAll(role, 'ROLE')
          .replace(/"Api\w+CallsLogs\w+"/g, '"OWN_LOGS"'),
      };
    });
    for (const other of others) expect(other).toEqual(first);
  });

  it('has a catch-all route without authorizer, the template search route, the DAST routes and no other route', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/calls/{name}',
      AuthorizationType: 'NONE',
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/search/{proxy+}',
      AuthorizationType: 'NONE',
    });
    template.resourceCountIs('AWS::ApiGatewayV2::Route', callRegistry.list().length + 2 + restRouteKeys.length);
  });

  it('checks tokens with the user pool as issuer and the app client as audience', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId('AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient') }],
        Issuer: Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([{ Ref: logicalId('AWS::Cognito::UserPool', 'AuthUserPool') }])],
        }),
      },
    });
  });

  it('throttles every public route more tightly than the rest, and logs access', () => {
    const stage = properties(logicalId('AWS::ApiGatewayV2::Stage', 'ApiHttpApiDefaultStage'));
    const publicCalls = callRegistry.list().filter((call) => call.access.kind === 'public');
    expect(publicCalls.map((call) => call.name)).toContain('sendSignInLink');
    for (const call of publicCalls) {
      const settings = stage.RouteSettings[`POST /api/calls/${call.name}`];
      expect(settings.ThrottlingRateLimit).toBeLessThan(stage.DefaultRouteSettings.ThrottlingRateLimit);
      expect(settings.ThrottlingBurstLimit).toBeLessThan(stage.DefaultRouteSettings.ThrottlingBurstLimit);
    }
    expect(stage.RouteSettings['POST /api/calls/{name}']).toBeDefined();
    // The scanning agents' calls: room for 1,000 agents calling every 60 s (about 17 per second per route).
    const agentCalls = publicCalls.filter((call) => 'agentCredential' in call.access && call.access.agentCredential);
    expect(agentCalls.map((call) => call.name)).toEqual(expect.arrayContaining(['agentHeartbeat', 'pullScanJob']));
    for (const call of agentCalls) {
      expect(stage.RouteSettings[`POST /api/calls/${call.name}`]).toEqual({
        ThrottlingRateLimit: 50,
        ThrottlingBurstLimit: 100,
      });
    }
    expect(stage.RouteSettings['POST /api/calls/sendSignInLink'].ThrottlingRateLimit).toBe(5);
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
    expect(stage.AccessLogSettings.Format).toContain('$context.requestId');
  });

  it('sends each call route to its group’s API function, and the search route to the search function', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 5);
    for (const handler of [...apiFunctions, portalFunctions.templateSearch]) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: { 'Fn::GetAtt': [logicalId('AWS::Lambda::Function', handler), 'Arn'] },
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('lets the search function read the table, its key secret and the origin secret, and write nothing', () => {
    const statements = statementsOf(portalFunctions.templateSearch);
    const actions = actionsOf(statements);

    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => /dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(action))).toEqual(
      [],
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'secretsmanager:GetSecretValue',
        Resource: { Ref: logicalId('AWS::SecretsManager::Secret', 'ApiSearchKeySecret') },
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'secretsmanager:GetSecretValue',
        Resource: { Ref: logicalId('AWS::SecretsManager::Secret', 'ApiOriginSecret') },
      }),
    );
  });
});

describe('web (S3 + CloudFront)', () => {
  it('keeps the site bucket private and TLS-only', () => {
    const site = logicalId('AWS::S3::Bucket', 'WebSite');
    expect(properties(site).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: site },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('reads the bucket through origin access control, with the SPA fallback on the default behaviour only', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    const s3Origin = distribution.Origins.find((origin: any) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalId('AWS::CloudFront::Function', 'WebSpaFallback'), 'FunctionARN'] },
      },
    ]);
    expect(distribution.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('serves /api/* from the HTTP API: no caching, every method, every viewer value except Host', () => {
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    const api = distribution.CacheBehaviors.find((behavior: any) => behavior.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(api.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    );
    // The viewer's address reaches the API for the per-address sign-in throttle; the SPA fallback does not run.
    expect(api.FunctionAssociations).toHaveLength(1);
    const viewerAddress = properties(api.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]);
    expect(viewerAddress.FunctionCode).toContain(
      "event.request.headers['x-viewer-address'] = { value: event.viewer.ip }",
    );
    const apiOrigin = distribution.Origins.find((origin: any) => origin.Id === api.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(logicalId('AWS::ApiGatewayV2::Api', 'ApiHttpApi'));
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('adds the origin secret, resolved from Secrets Manager at deploy time, to requests to the API only', () => {
    const originSecret = logicalId('AWS::SecretsManager::Secret', 'ApiOriginSecret');
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    const api = distribution.CacheBehaviors.find((behavior: any) => behavior.PathPattern === '/api/*');
    const apiOrigin = distribution.Origins.find((origin: any) => origin.Id === api.TargetOriginId);

    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-secret',
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecret }, ':SecretString:::}}']] },
      },
    ]);
    const otherOrigins = distribution.Origins.filter((origin: any) => origin.Id !== api.TargetOriginId);
    expect(otherOrigins.map((origin: any) => origin.OriginCustomHeaders)).toEqual([undefined]);
    // Generated, not written into the template: the template holds only the reference.
    expect(properties(originSecret).GenerateSecretString).toMatchObject({
      PasswordLength: expect.any(Number),
      ExcludePunctuation: true,
    });
    expect(properties(originSecret).GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
    expect(properties(originSecret).SecretString).toBeUndefined();
  });

  it('answers with a strict CSP, HSTS, no referrer, nosniff, no framing and no powerful features, on pages and API alike', () => {
    const policyId = logicalId('AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders');
    const config = properties(policyId).ResponseHeadersPolicyConfig;
    const headers = config.SecurityHeadersConfig;
    const csp = cspDirectives(withPseudoParameters(headers.ContentSecurityPolicy.ContentSecurityPolicy));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", cognitoEndpoint, uploadsOrigin]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // The installable app's service worker and manifest.
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(JSON.stringify(headers.ContentSecurityPolicy)).not.toMatch(/unsafe-(inline|eval)/);
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('no-referrer');
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    const permissions = config.CustomHeadersConfig.Items.find((item: any) => item.Header === 'Permissions-Policy');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(permissions.Value).toContain(`${feature}=()`);

    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    for (const behavior of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      if (behavior.PathPattern === '/vault/*') continue; // its own policy, the same headers (the next test)
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('serves /vault/* as vault.html, uncached, with the same security headers and Cache-Control: no-store', () => {
    const vaultPolicyId = logicalId('AWS::CloudFront::ResponseHeadersPolicy', 'WebVaultHeaders');
    const vault = properties(vaultPolicyId).ResponseHeadersPolicyConfig;
    const portal = properties(
      logicalId('AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders'),
    ).ResponseHeadersPolicyConfig;
    expect(vault.SecurityHeadersConfig).toEqual(portal.SecurityHeadersConfig);
    expect(vault.CustomHeadersConfig.Items).toEqual(
      expect.arrayContaining([
        { Header: 'Cache-Control', Value: 'no-store', Override: true },
        ...portal.CustomHeadersConfig.Items,
      ]),
    );
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    const behavior = distribution.CacheBehaviors.find((candidate: any) => candidate.PathPattern === '/vault/*');
    expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: vaultPolicyId });
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    const fallback = properties(logicalId('AWS::CloudFront::Function', 'WebSpaFallback')).FunctionCode as string;
    expect(fallback).toContain("'/vault/') === 0 ? '/vault.html' : '/index.html'");
  });

  it('sends the same security headers as the local origin, but for HSTS, the Cognito endpoint and the uploads bucket', async () => {
    const policy = policyHeaders(
      properties(logicalId('AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders')).ResponseHeadersPolicyConfig,
    );
    const { appUrl } = inject('localStack');
    // The app and a route of it (index.html), a missing file (404), the configuration, the service worker and the
    // manifest, an API answer, and
    // the uploads route's S3 error.
    const answers = await Promise.all([
      fetch(`${appUrl}/`),
      fetch(`${appUrl}/admin/companies`),
      fetch(`${appUrl}/assets/missing.js`),
      fetch(`${appUrl}/runtime-config.json`),
      fetch(`${appUrl}/sw.js`),
      fetch(`${appUrl}/manifest.webmanifest`),
      fetch(`${appUrl}/api/calls/getSession`, { method: 'POST', body: '{"data":{}}' }),
      fetch(`${appUrl}/s3/${inject('localStack').environment.UPLOADS_BUCKET}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 200, 200, 200, 401, 405]);

    for (const answer of answers) {
      const local = Object.fromEntries(Object.keys(policy).map((name) => [name, answer.headers.get(name)]));
      const where = new URL(answer.url).pathname;
      // Browsers ignore HSTS over plain HTTP: the loopback origin leaves it out.
      expect(local['strict-transport-security'], where).toBeNull();
      const { 'strict-transport-security': _hsts, 'content-security-policy': policyCsp, ...policyRest } = policy;
      const { 'strict-transport-security': _none, 'content-security-policy': localCsp, ...localRest } = local;
      expect(localRest, where).toEqual(policyRest);
      // Locally /cognito and /s3/ are on the page's own origin; on AWS the browser also calls Cognito's
      // endpoint and posts uploads to the bucket's address.
      const awsDirectives = cspDirectives(policyCsp ?? '');
      const localDirectives = cspDirectives(localCsp ?? '');
      localDirectives.set('connect-src', [
        ...(localDirectives.get('connect-src') ?? []),
        cognitoEndpoint,
        uploadsOrigin,
      ]);
      expect([...localDirectives], where).toEqual([...awsDirectives]);
    }
  });

  it('caches the hashed assets (fonts too) for a year and revalidates index.html and runtime-config.json', () => {
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    // Managed-CachingOptimized: CloudFront keeps what the objects' Cache-Control says (1 s to 1 year).
    expect(distribution.DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
    const deployments = Object.values(resources)
      .filter((resource) => resource.Type === 'Custom::CDKBucketDeployment')
      .map((resource) => resource.Properties as any);
    const assets = deployments.find((deployment) => deployment.Include?.includes('assets/*'));
    expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(assets.Exclude).toEqual(['*']);
    const entry = deployments.find((deployment) => deployment.Exclude?.includes('assets/*'));
    expect(entry.SystemMetadata['cache-control']).toBe('no-cache');
    expect(entry.Include).toBeUndefined();
    // The installable app's manifest and icons go with index.html; the service worker on its own (next test).
    expect(entry.Exclude).toEqual(['assets/*', 'sw.js']);
  });

  it('deploys the service worker after index.html, revalidated on every request like it', () => {
    const entryId = logicalId('Custom::CDKBucketDeployment', 'WebDeployEntry');
    const serviceWorkerId = logicalId('Custom::CDKBucketDeployment', 'WebDeployServiceWorker');
    const serviceWorker = properties(serviceWorkerId);
    expect(serviceWorker.Include).toEqual(['sw.js']);
    expect(serviceWorker.Exclude).toEqual(['*']);
    expect(serviceWorker.Prune).toBe(false);
    expect(serviceWorker.SystemMetadata['cache-control']).toBe('no-cache');
    // It precaches index.html under the revision it names: fetched before the new index.html is there, it would
    // keep the previous shell until the next deploy.
    expect([resources[serviceWorkerId]?.DependsOn ?? []].flat()).toContain(entryId);
    // The default behaviour serves it (no path of its own), so CloudFront keeps it 1 s at most, as index.html.
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    expect(distribution.CacheBehaviors.map((behavior: any) => behavior.PathPattern)).toEqual(['/vault/*', '/api/*']);
  });

  it('the local origin revalidates index.html, the service worker, the manifest and the icons, and keeps assets a year', async () => {
    const { appUrl } = inject('localStack');
    const manifest = await fetch(`${appUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const { icons } = (await manifest.json()) as { icons: { src: string }[] };
    const script = (await (await fetch(appUrl)).text()).match(/src="(\/assets\/index-[\w-]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const revalidated = ['/', '/index.html', '/auth/redirect', '/sw.js', ...icons.map((icon) => icon.src)];
    for (const path of [...revalidated, script!]) {
      const answer = await fetch(`${appUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe(
        path === script ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    expect((await fetch(`${appUrl}/sw.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('deploys runtime-config.json with the region, the user pool, its client and apiUrl /api', () => {
    const deployments = Object.values(resources).filter((resource) => resource.Type === 'Custom::CDKBucketDeployment');
    const withMarkers = deployments.find((deployment) =>
      ((deployment.Properties as any).SourceMarkers ?? []).some((markers: object) => Object.keys(markers).length > 0),
    );
    expect(withMarkers).toBeDefined();
    const markerValues = (withMarkers?.Properties as any).SourceMarkers.find(
      (markers: object) => Object.keys(markers).length > 0,
    ) as Record<string, unknown>;

    const configFile = findFile(app.outdir, 'runtime-config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual(['apiUrl', 'region', 'searchHosts', 'userPoolClientId', 'userPoolId']);
    expect(config.apiUrl).toBe('/api');
    expect(config.searchHosts).toEqual([
      { url: expect.stringMatching(/\/api\/search$/), protocol: 'https', accept: 'read' },
    ]);
    expect(markerValues[config.userPoolId as string]).toEqual({
      Ref: logicalId('AWS::Cognito::UserPool', 'AuthUserPool'),
    });
    expect(markerValues[config.userPoolClientId as string]).toEqual({
      Ref: logicalId('AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'),
    });
    expect(markerValues[config.region as string]).toEqual({ Ref: 'AWS::Region' });
  });
});

describe('scan imports (S3 + SQS)', () => {
  const uploadsId = () => logicalId('AWS::S3::Bucket', 'ImportsUploads');
  const queueId = () => logicalId('AWS::SQS::Queue', 'ImportsQueue');
  const deadLettersId = () => logicalId('AWS::SQS::Queue', 'ImportsDeadLetters');
  const objectsUnder = (prefix: string) => ({
    'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId(), 'Arn'] }, `/${prefix}*`]],
  });
  const uploadObjects = () => objectsUnder('uploads/');
  const vaultCleanupId = () => logicalId('AWS::SQS::Queue', 'VaultCleanup');

  it('keeps the uploads bucket private, encrypted, TLS-only, unversioned and logged, and keeps it when it leaves the stack', () => {
    const bucket = properties(uploadsId());
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
      { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    ]);
    expect(bucket.VersioningConfiguration).toBeUndefined();
    expect(bucket.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logicalId('AWS::S3::Bucket', 'WebAccessLogs') },
      LogFilePrefix: 'uploads-bucket/',
    });
    expect(resources[uploadsId()]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: uploadsId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('removes raw uploads and the copies imports read after 30 days, exports after 7, unclaimed vault files after 8, abandoned multipart uploads after a day', () => {
    expect(properties(uploadsId()).LifecycleConfiguration.Rules).toEqual([
      {
        Id: 'ExpireRawUploads',
        Prefix: 'uploads/',
        ExpirationInDays: 30,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      },
      { Id: 'ExpireImportFiles', Prefix: 'imports/', ExpirationInDays: 30, Status: 'Enabled' },
      { Id: 'ExpireExports', Prefix: 'exports/', ExpirationInDays: 7, Status: 'Enabled' },
      {
        Id: 'ExpireVaultFiles',
        Prefix: 'vault/',
        ExpirationInDays: 8,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      },
    ]);
  });

  it('takes cross-origin POSTs (uploads) and GETs (vault files) from the portal’s own origins only (CORS)', () => {
    const siteOrigins = [
      {
        'Fn::Join': [
          '',
          ['https://', { 'Fn::GetAtt': [logicalId('AWS::CloudFront::Distribution', 'WebDistribution'), 'DomainName'] }],
        ],
      },
      extraOrigin,
    ];
    expect(properties(uploadsId()).CorsConfiguration.CorsRules).toEqual([
      { AllowedMethods: ['POST'], AllowedOrigins: siteOrigins, MaxAge: 3600 },
      { AllowedMethods: ['GET'], AllowedOrigins: siteOrigins, MaxAge: 3600 },
    ]);
  });

  it('serves stored files from the bucket’s own origin only: no behaviour of the app’s distribution reaches the bucket', () => {
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution')).DistributionConfig;
    // Vault files and exports are downloads (presigned GETs with attachment overrides); on the app's origin an
    // uploaded page could read the portal's storage.
    expect(JSON.stringify(distribution.Origins)).not.toContain(uploadsId());
    expect(JSON.stringify(distribution.Origins)).not.toContain('uploads-');
    const paths = (distribution.CacheBehaviors as Array<{ PathPattern: string }>).map((b) => b.PathPattern);
    expect(paths.filter((pattern) => /s3|upload|export/.test(pattern))).toEqual([]);
  });

  it('names the bucket as the CSP does, which is where the SDK sends a presigned POST', async () => {
    expect(withPseudoParameters(properties(uploadsId()).BucketName)).toBe(uploadsBucketName);
    const deployed = (text: string) =>
      text
        .replaceAll('${AWS::AccountId}', '123456789012')
        .replaceAll('${AWS::Region}', 'eu-west-1')
        .replaceAll('${AWS::URLSuffix}', 'amazonaws.com');
    // As the API function presigns on AWS: no endpoint configured, virtual-hosted addresses.
    const localEndpoint = process.env.AWS_ENDPOINT_URL_S3;
    delete process.env.AWS_ENDPOINT_URL_S3;
    const client = new S3Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example', sessionToken: 'session' },
    });
    try {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: deployed(uploadsBucketName),
        Key: 'uploads/acme/dast/1/0',
      });
      expect(new URL(url).origin).toBe(deployed(uploadsOrigin));
      expect(fields['X-Amz-Security-Token']).toBe('session');
    } finally {
      client.destroy();
      if (localEndpoint !== undefined) process.env.AWS_ENDPOINT_URL_S3 = localEndpoint;
    }
  });

  it('starts imports through a FIFO queue with SQS encryption, TLS only, and a FIFO dead-letter queue after three receives', () => {
    const importTimeout = properties(logicalId('AWS::Lambda::Function', portalFunctions.scanImport)).Timeout;
    expect(properties(queueId())).toEqual({
      FifoQueue: true,
      ContentBasedDeduplication: false,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: importTimeout * 6,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId(), 'Arn'] },
        maxReceiveCount: importMaxReceiveCount,
      },
    });
    expect(importMaxReceiveCount).toBe(3);
    expect(properties(deadLettersId())).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true });
    for (const queue of [queueId(), deadLettersId()]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queue }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('runs the import function (15 minutes, 1024 MB) on the queue, one message at a time, reporting failed items', () => {
    const fn = logicalId('AWS::Lambda::Function', portalFunctions.scanImport);
    expect(properties(fn)).toMatchObject({ Timeout: 900, MemorySize: 1024, Runtime: 'nodejs22.x' });
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => (mapping.Properties as { FunctionName?: { Ref?: string } }).FunctionName?.Ref === fn,
    );
    expect(mappings).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      EventSourceArn: { 'Fn::GetAtt': [queueId(), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('alarms as soon as a message waits in the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId(), 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('tells the API and the import function the bucket, and the API the queue', () => {
    const api = properties(logicalId('AWS::Lambda::Function', portalFunctions.peopleApi)).Environment.Variables;
    const scanImport = properties(logicalId('AWS::Lambda::Function', portalFunctions.scanImport)).Environment.Variables;
    expect(api.UPLOADS_BUCKET).toEqual({ Ref: uploadsId() });
    expect(api.IMPORT_QUEUE_URL).toEqual({ Ref: queueId() });
    expect(scanImport.UPLOADS_BUCKET).toEqual({ Ref: uploadsId() });
    expect(scanImport.TABLE_NAME).toEqual({ Ref: logicalId('AWS::DynamoDB::Table', 'DataTable') });
  });

  it('lets the API presign uploads and check them (uploads/), copy them for the import (imports/, write only), keep evidence (evidence/), presign export GETs (exports/) and vault files (vault/), and send to its queues, nothing more', () => {
    const statements = statementsOf(portalFunctions.peopleApi);
    const s3 = statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('s3:')));
    const sqs = statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('sqs:')));
    expect(s3.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: ['s3:PutObject', 's3:GetObject'], Resource: uploadObjects() },
      { Action: 's3:PutObject', Resource: objectsUnder('imports/') },
      // A refused evidence upload is deleted; an accepted one is copied under evidence/, read and deleted with it.
      { Action: 's3:DeleteObject', Resource: uploadObjects() },
      { Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], Resource: objectsUnder('evidence/') },
      { Action: 's3:GetObject', Resource: objectsUnder('exports/') },
      { Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], Resource: objectsUnder('vault/') },
    ]);
    expect(sqs.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queueId(), 'Arn'] } },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'ReportsQueue'), 'Arn'] } },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [vaultCleanupId(), 'Arn'] } },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'WebhooksQueue'), 'Arn'] } },
    ]);
  });

  it('gives every queue a function consumes a visibility timeout of at least six times the function’s timeout', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping'));
    const fromQueues = mappings.filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Arn'));
    expect(fromQueues.length).toBeGreaterThanOrEqual(3);
    for (const mapping of fromQueues) {
      const queue = mapping.Properties.EventSourceArn['Fn::GetAtt'][0] as string;
      const functionTimeout = properties(mapping.Properties.FunctionName.Ref).Timeout as number;
      expect(properties(queue).VisibilityTimeout, queue).toBeGreaterThanOrEqual(functionTimeout * 6);
    }
  });

  it('removes claimed vault files through a FIFO cleanup queue delayed past their 60-second links, run by the report worker', () => {
    expect(properties(vaultCleanupId())).toMatchObject({
      FifoQueue: true,
      ContentBasedDeduplication: false,
      DelaySeconds: 90,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'ReportsDeadLetters'), 'Arn'] },
        maxReceiveCount: 3,
      },
    });
    const worker = logicalId('AWS::Lambda::Function', portalFunctions.reportWork);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker },
      EventSourceArn: { 'Fn::GetAtt': [vaultCleanupId(), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const s3 = statementsOf(portalFunctions.reportWork).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('s3:')),
    );
    expect(s3.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 's3:PutObject', Resource: objectsUnder('exports/') },
      { Action: 's3:DeleteObject', Resource: objectsUnder('vault/') },
    ]);
    expect(properties(worker).Environment.Variables.VAULT_CLEANUP_QUEUE_URL).toEqual({ Ref: vaultCleanupId() });
  });

  it('lets the import function read the copies started imports read (never the uploads a form may replace), read and write the table, and consume its queue, nothing more', () => {
    const actions = actionsOf(statementsOf(portalFunctions.scanImport));
    const s3 = statementsOf(portalFunctions.scanImport).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('s3:')),
    );
    expect(s3.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 's3:GetObject', Resource: objectsUnder('imports/') },
    ]);
    expect(actions.filter((action) => action.startsWith('sqs:')).sort()).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
      // A bulk publish queues its notification mails on the report queue, and may do nothing else there.
      'sqs:SendMessage',
      // A threat-feed import queues the enrichment of findings that follows it on its own queue.
      'sqs:SendMessage',
      // An import's scan.completed and a bulk update's finding events nudge the webhook fan-out.
      'sqs:SendMessage',
    ]);
    const sends = statementsOf(portalFunctions.scanImport).filter((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    expect(sends.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'ImportsQueue'), 'Arn'] } },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'ReportsQueue'), 'Arn'] } },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'WebhooksQueue'), 'Arn'] } },
    ]);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actions.filter((action) => !/^(logs|xray|dynamodb|s3|sqs):/.test(action))).toEqual([]);
  });

  it('fetches the threat feeds daily: a scheduled rule runs the fetch, which may write fetched feeds and queue their imports only', () => {
    const fetcher = logicalId('AWS::Lambda::Function', portalFunctions.threatFeedFetch);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 15 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fetcher, 'Arn'] } })],
    });
    const statements = statementsOf(portalFunctions.threatFeedFetch);
    expect(
      statements
        .filter((statement) => actionsOf([statement]).some((action) => /^(s3|sqs):/.test(action)))
        .map(({ Action, Resource }) => ({ Action, Resource })),
    ).toEqual([
      { Action: 's3:PutObject', Resource: objectsUnder('imports/feeds/') },
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'ImportsQueue'), 'Arn'] } },
    ]);
    expect(actionsOf(statements).filter((action) => !/^(logs|xray|dynamodb|s3|sqs):/.test(action))).toEqual([]);
  });

  it('sends the daily digest: a scheduled rule gives the report worker the digest event; it may queue per-company work', () => {
    const worker = logicalId('AWS::Lambda::Function', portalFunctions.reportWork);
    const reportQueue = logicalId('AWS::SQS::Queue', 'ReportsQueue');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 6 * * ? *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [worker, 'Arn'] }, Input: JSON.stringify({ digest: 'daily' }) }],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [worker, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
    const sends = statementsOf(portalFunctions.reportWork).filter((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    expect(sends.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [reportQueue, 'Arn'] } },
    ]);
    expect(properties(worker).Environment.Variables.REPORT_QUEUE_URL).toEqual({ Ref: reportQueue });
    expect(properties(worker).Environment.Variables.PORTAL_URL).toBeDefined();
  });

  it('sends the weekly digest: a scheduled rule gives the report worker the weekly event on Mondays at 07:00 UTC; it reads the sign-in secret (unsubscribe links) and no other', () => {
    const worker = logicalId('AWS::Lambda::Function', portalFunctions.reportWork);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 7 ? * MON *)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [worker, 'Arn'] }, Input: JSON.stringify({ digest: 'weekly' }) }],
    });
    const signInSecret = { Ref: logicalId('AWS::SecretsManager::Secret', 'AuthSignInSecret') };
    const secretStatements = statementsOf(portalFunctions.reportWork).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secretStatements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual([
      { Action: 'secretsmanager:GetSecretValue', Resource: signInSecret },
    ]);
    expect(properties(worker).Environment.Variables.SIGN_IN_SECRET_ARN).toEqual(signInSecret);
  });

  it('grants the uploads bucket and the queue to no other function (the report worker: exports/ and vault/; the threat-feed fetch: imports/feeds/)', () => {
    const granted = new Set([
      ...apiFunctions,
      portalFunctions.scanImport,
      portalFunctions.reportWork,
      portalFunctions.threatFeedFetch,
    ]);
    for (const prefix of Object.values(portalFunctions).filter((prefix) => !granted.has(prefix))) {
      const text = JSON.stringify(statementsOf(prefix));
      expect(text, prefix).not.toContain(uploadsId());
      expect(text, prefix).not.toContain(queueId());
    }
  });
});

describe('functions', () => {
  it('run on nodejs22.x and arm64', () => {
    for (const prefix of Object.values(portalFunctions)) {
      const fn = properties(logicalId('AWS::Lambda::Function', prefix));
      expect(fn.Runtime, prefix).toBe('nodejs22.x');
      expect(fn.Architectures, prefix).toEqual(['arm64']);
    }
  });

  it('get only the configuration their handlers read', () => {
    const environment = (prefix: string) =>
      Object.keys(properties(logicalId('AWS::Lambda::Function', prefix)).Environment?.Variables ?? {}).sort();
    expect(environment(portalFunctions.defineAuthChallenge)).toEqual([]);
    expect(environment(portalFunctions.createAuthChallenge)).toEqual([]);
    expect(environment(portalFunctions.verifyAuthChallengeResponse)).toEqual(['SIGN_IN_SECRET_ARN', 'TABLE_NAME']);
    expect(environment(portalFunctions.peopleApi)).toEqual([
      'ALLOWED_ORIGINS',
      'DAST_KEY_SECRET_ARN',
      'IMPORT_QUEUE_URL',
      'MAIL_FROM',
      'ORIGIN_SECRET_ARN',
      'ORIGIN_SECRET_HEADER',
      'REPORT_QUEUE_URL',
      'REVEAL_UNKNOWN_ACCOUNTS',
      'SEARCH_KEY_SECRET_ARN',
      'SIGN_IN_SECRET_ARN',
      'SUPPORT_MAIL_TO',
      'TABLE_NAME',
      'UPLOADS_BUCKET',
      'USER_POOL_ID',
      'VAULT_CLEANUP_QUEUE_URL',
      'VIEWER_ADDRESS_HEADER',
      'WEBHOOK_QUEUE_URL',
      'WEBHOOK_SECRET_KEY_ARN',
    ]);
    expect(environment(portalFunctions.scanImport)).toEqual([
      'IMPORT_QUEUE_URL',
      'REPORT_QUEUE_URL',
      'TABLE_NAME',
      'UPLOADS_BUCKET',
      'WEBHOOK_QUEUE_URL',
    ]);
    expect(environment(portalFunctions.threatFeedFetch)).toEqual(['IMPORT_QUEUE_URL', 'TABLE_NAME', 'UPLOADS_BUCKET']);
    // Never WEBHOOK_ALLOW_LOCAL_HTTP: on AWS webhooks go to public https addresses only.
    expect(environment(portalFunctions.webhookWork)).toEqual([
      'MAIL_FROM',
      'PORTAL_URL',
      'TABLE_NAME',
      'WEBHOOK_QUEUE_URL',
      'WEBHOOK_SECRET_KEY_ARN',
    ]);
    expect(environment(portalFunctions.templateSearch)).toEqual([
      'ORIGIN_SECRET_ARN',
      'ORIGIN_SECRET_HEADER',
      'SEARCH_KEY_SECRET_ARN',
      'TABLE_NAME',
    ]);
  });

  it('take Powertools from its official layer, of the version package.json pins, through its public SSM parameter', () => {
    const pinned = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson).dependencies[
      '@aws-lambda-powertools/tracer'
    ];
    const parameters = template.toJSON().Parameters as Record<string, { Type: string; Default?: string }>;
    const layerParameters = Object.keys(parameters).filter((id) =>
      String(parameters[id]?.Default).startsWith('/aws/service/powertools/'),
    );
    // One reference for the whole stack, resolved by CloudFormation from the parameter Powertools publishes.
    expect(layerParameters).toHaveLength(1);
    const layerParameter = layerParameters[0] as string;
    expect(parameters[layerParameter]).toEqual({
      Type: 'AWS::SSM::Parameter::Value<String>',
      Default: `/aws/service/powertools/typescript/generic/all/${pinned}`,
    });

    const usingPowertools: string[] = [];
    for (const [name, prefix] of Object.entries(portalFunctions)) {
      const fn = properties(logicalId('AWS::Lambda::Function', prefix));
      expect(fn.Layers, name).toEqual([{ Ref: layerParameter }]);
      const bundle = readFileSync(
        join(app.outdir, `asset.${String(fn.Code.S3Key).replace(/\.zip$/, '')}`, 'index.mjs'),
        'utf8',
      );
      // Imported from the layer, never bundled: no code of Powertools' packages nor of the X-Ray SDK is inside.
      if (/from\s*"@aws-lambda-powertools\//.test(bundle)) usingPowertools.push(name);
      for (const bundledOnly of [
        'POWERTOOLS_LOGGER_LOG_EVENT',
        'POWERTOOLS_METRICS_NAMESPACE',
        'AWS_XRAY_DAEMON_ADDRESS',
      ])
        expect(bundle.includes(bundledOnly), `${name} bundles ${bundledOnly}`).toBe(false);
    }
    // Every product function but the two Cognito triggers that call nothing (architecture.md) runs Powertools.
    expect(usingPowertools.sort()).toEqual(
      Object.keys(portalFunctions)
        .filter((name) => name !== 'defineAuthChallenge' && name !== 'createAuthChallenge')
        .sort(),
    );
  });

  it('load as ES modules and start (configuration checked at cold start) with exactly the variables given', () => {
    // Lambda resolves Powertools from the layer (/opt/nodejs/node_modules); here a node_modules beside the assets.
    linkPowertoolsLayer(app.outdir);
    for (const prefix of Object.values(portalFunctions)) {
      const fn = properties(logicalId('AWS::Lambda::Function', prefix));
      const bundle = join(app.outdir, `asset.${String(fn.Code.S3Key).replace(/\.zip$/, '')}`, 'index.mjs');
      // Deploy-time values (Ref, GetAtt) become stand-ins; literal values are kept.
      const variables = Object.fromEntries(
        Object.entries(fn.Environment?.Variables ?? {}).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : `stand-in-${name.toLowerCase()}`,
        ]),
      );
      const probe = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});
        if (typeof m.handler !== 'function') { console.error('no handler export'); process.exit(3); }`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
        env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', ...variables },
        encoding: 'utf8',
      });
      // The minified bundle's source line would drown the message: keep the error's own line.
      const reason = result.stderr.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? result.stderr.slice(-300);
      expect(result.status, `${prefix}: ${reason}`).toBe(0);
    }
  });

  it('let sign-in links point at the distribution itself and at the extra origins', () => {
    const variables = properties(logicalId('AWS::Lambda::Function', portalFunctions.peopleApi)).Environment.Variables;
    expect(variables.ALLOWED_ORIGINS).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { 'Fn::GetAtt': [logicalId('AWS::CloudFront::Distribution', 'WebDistribution'), 'DomainName'] },
          `,${extraOrigin}`,
        ],
      ],
    });
    expect(variables.MAIL_FROM).toBe(senderEmail);
    expect(variables.REVEAL_UNKNOWN_ACCOUNTS).toBe('false');
  });

  it('tell the API which headers carry the viewer address and the origin secret, and where the secret is', () => {
    const variables = properties(logicalId('AWS::Lambda::Function', portalFunctions.peopleApi)).Environment.Variables;
    expect(variables.VIEWER_ADDRESS_HEADER).toBe('x-viewer-address');
    expect(variables.ORIGIN_SECRET_HEADER).toBe('x-origin-secret');
    expect(variables.ORIGIN_SECRET_ARN).toEqual({ Ref: logicalId('AWS::SecretsManager::Secret', 'ApiOriginSecret') });
  });

  it('give both functions behind the HTTP API the origin secret to check, the header CloudFront sends it in', () => {
    // The header CloudFront adds (the /api/* origin's custom header) is the one the functions check.
    const distribution = properties(logicalId('AWS::CloudFront::Distribution', 'WebDistribution'));
    const apiOrigin = (distribution.DistributionConfig.Origins as any[]).find((origin) => origin.OriginCustomHeaders);
    const sentHeaders = (apiOrigin.OriginCustomHeaders as { HeaderName: string }[]).map((header) => header.HeaderName);
    for (const prefix of [...apiFunctions, portalFunctions.templateSearch]) {
      const variables = properties(logicalId('AWS::Lambda::Function', prefix)).Environment.Variables;
      expect(sentHeaders, prefix).toEqual([variables.ORIGIN_SECRET_HEADER]);
      expect(variables.ORIGIN_SECRET_ARN, prefix).toEqual({
        Ref: logicalId('AWS::SecretsManager::Secret', 'ApiOriginSecret'),
      });
    }
  });
});

describe('least privilege', () => {
  const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

  it('gives the define and create triggers nothing but their own logs and their traces', () => {
    for (const prefix of [portalFunctions.defineAuthChallenge, portalFunctions.createAuthChallenge]) {
      expect(actionsOf(statementsOf(prefix)).sort(), prefix).toEqual([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ]);
    }
  });

  it('lets pre-token-generation read the table, update items (the sign-in time, the proof) and read the sign-in secret, nothing else', () => {
    const actions = actionsOf(statementsOf(portalFunctions.preTokenGeneration)).filter((a) => !/^(logs|xray):/.test(a));
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions).toContain('secretsmanager:GetSecretValue');
    for (const action of actions)
      expect(action).toMatch(
        /^(dynamodb:(GetItem|BatchGetItem|Query|ConditionCheckItem|UpdateItem)|secretsmanager:GetSecretValue)$/,
      );
  });

  it('lets the verify trigger read and write the table and read the sign-in secret', () => {
    const actions = actionsOf(statementsOf(portalFunctions.verifyAuthChallengeResponse));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue']),
    );
    expect(actions.filter((action) => /^(ses|cognito-idp):/.test(action))).toEqual([]);
  });

  it("lets the API send mail as the account's SES identities and manage them, and nothing else of SES", () => {
    const ses = statementsOf(portalFunctions.peopleApi).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('ses:')),
    );
    expect(ses).toHaveLength(3);
    const [send, manage, describe] = ses.map((statement) => ({
      actions: actionsOf([statement]).sort(),
      resources: JSON.stringify(statement.Resource),
    }));
    expect(send?.actions).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(send?.resources).toContain(':identity/*');
    expect(send?.resources).not.toContain('"*"');
    expect(manage?.actions).toEqual([
      'ses:DeleteIdentity',
      'ses:VerifyDomainDkim',
      'ses:VerifyDomainIdentity',
      'ses:VerifyEmailIdentity',
    ]);
    expect(manage?.resources).toContain(':identity/*');
    // Listing and describing identities take no resource in IAM; they read, never change or send.
    expect(describe?.actions).toEqual([
      'ses:GetIdentityDkimAttributes',
      'ses:GetIdentityVerificationAttributes',
      'ses:ListIdentities',
    ]);
    expect(describe?.resources).toBe('"*"');
  });

  it('lets the API read the origin secret, that secret only and nothing but its value; no other function but the search', () => {
    const originSecret = { Ref: logicalId('AWS::SecretsManager::Secret', 'ApiOriginSecret') };
    const signInSecret = { Ref: logicalId('AWS::SecretsManager::Secret', 'AuthSignInSecret') };
    const searchKeySecret = { Ref: logicalId('AWS::SecretsManager::Secret', 'ApiSearchKeySecret') };
    const dastKeySecret = { Ref: logicalId('AWS::SecretsManager::Secret', 'ApiDastKeySecret') };
    const webhookSecretKey = { Ref: logicalId('AWS::SecretsManager::Secret', 'WebhooksSecretKey') };
    const secretStatements = statementsOf(portalFunctions.peopleApi).filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secretStatements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual(
      expect.arrayContaining([{ Action: 'secretsmanager:GetSecretValue', Resource: originSecret }]),
    );
    // Each secret grant names one secret, and the API reads no secret but these five (the search key's signs
    // getSearchClient's keys; the DAST key secret is the HMAC key DAST API keys are found by; the webhook key
    // encrypts new signing secrets).
    expect(secretStatements.map((statement) => statement.Resource)).toEqual(
      expect.arrayContaining([originSecret, signInSecret, searchKeySecret, dastKeySecret, webhookSecretKey]),
    );
    expect(secretStatements).toHaveLength(5);
    expect(actionsOf(secretStatements)).toEqual(Array(5).fill('secretsmanager:GetSecretValue'));

    const policiesNamingIt = Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties).includes(JSON.stringify(originSecret)));
    const roleOf = (prefix: string) => properties(logicalId('AWS::Lambda::Function', prefix)).Role['Fn::GetAtt'][0];
    expect(policiesNamingIt.map(([, policy]) => (policy.Properties as any).Roles)).toEqual(
      expect.arrayContaining([
        ...apiFunctions.map((prefix) => [{ Ref: roleOf(prefix) }]),
        [{ Ref: roleOf(portalFunctions.templateSearch) }],
      ]),
    );
    expect(policiesNamingIt).toHaveLength(5);
  });

  it('lets the first-administrator function create users in this pool and write (not read) the table', () => {
    const statements = statementsOf(portalFunctions.firstAdministrator);
    const cognito = statements.filter((statement) => actionsOf([statement]).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.map((statement) => statement.Resource)).toEqual([
      { 'Fn::GetAtt': [logicalId('AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'] },
    ]);
    const dynamodb = actionsOf(statements).filter((action) => action.startsWith('dynamodb:'));
    expect(dynamodb.sort()).toEqual([...writeActions].sort());
  });

  it('names the table and its indexes in every DynamoDB grant: no wildcard, no Scan', () => {
    const statements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .flatMap((policy) => (policy.Properties as any).PolicyDocument.Statement as Statement[])
      .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(JSON.stringify(statement.Resource)).not.toContain('*');
      expect(actionsOf([statement])).not.toContain('dynamodb:Scan');
      expect(actionsOf([statement]).filter((action) => action.includes('*'))).toEqual([]);
    }
  });
});

describe('deployment', () => {
  it('creates the first administrator from the parameter', () => {
    template.hasResourceProperties('Custom::FirstAdministrator', { Email: 'first-admin@portal.example' });
  });

  it('creates the SES identity of the sender', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: senderEmail });
  });

  it('has no dependency cycle between resources', () => {
    expect(findCycle(resources)).toEqual([]);
  });

  it('refuses to synthesise without the built web app, and says how to build it', () => {
    const bare = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(
      () =>
        new PortalStack(bare, 'NoWeb', {
          senderEmail,
          firstAdminEmail: 'first-admin@portal.example',
          webAssetPath: join(webAssetPath, 'missing'),
        }),
    ).toThrow(/npm run build:web/);
  });
});

function findFile(directory: string, name: string): string {
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === name) return join(entry.parentPath, entry.name);
  }
  throw new Error(`${name} not found under ${directory}`);
}

/** The resource ids of one dependency cycle (Ref, Fn::GetAtt, Fn::Sub, DependsOn), or [] when there is none. */
function findCycle(all: Record<string, Resource>): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [id, resource] of Object.entries(all)) {
    const targets = new Set<string>([resource.DependsOn ?? []].flat());
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit);
      if (value === null || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'Ref' && typeof inner === 'string') targets.add(inner);
        else if (key === 'Fn::GetAtt' && Array.isArray(inner)) targets.add(String(inner[0]));
        else if (key === 'Fn::Sub' && typeof inner === 'string') {
          for (const match of inner.matchAll(/\$\{([A-Za-z0-9]+)[.}]/g)) targets.add(match[1] as string);
        } else visit(inner);
      }
    };
    visit(resource.Properties);
    edges.set(id, new Set([...targets].filter((target) => target in all)));
  }
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const walk = (id: string): string[] => {
    if (state.get(id) === 'done') return [];
    if (state.get(id) === 'open') return path.slice(path.indexOf(id));
    state.set(id, 'open');
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = walk(next);
      if (cycle.length) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return [];
  };
  for (const id of edges.keys()) {
    const cycle = walk(id);
    if (cycle.length) return cycle;
  }
  return [];
}

// The edge: a CloudFront web ACL in its own us-east-1 stack (managed rule groups, per-address rate limits, logs and
// metrics), attached to the distribution of a portal stack in another region, as infra/bin/portal.ts builds them.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalWebAcl } from '../../infra/constructs/web-acl.js';
import { PortalEdgeStack } from '../../infra/stacks/edge-stack.js';
import { PortalStack } from '../../infra/stacks/portal-stack.js';

type Resource = { Type: string; Properties?: Record<string, any> };

let webAssetPath: string;
let app: App;
let edge: Template;
let portal: Template;
let nagViolations: { ruleName: string; severity: string; paths: string[] }[];

beforeAll(() => {
  webAssetPath = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Portal</title>');
  mkdirSync(join(webAssetPath, 'assets'));

  // The portal in Europe, its web ACL where CloudFront's must be: the ARN crosses regions.
  // Only the templates are read: the functions' bundles are not built (the portal stack's test builds and loads them).
  app = new App({ context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong', 'aws:cdk:bundling-stacks': [] } });
  const env = { account: '111111111111' };
  const edgeStack = new PortalEdgeStack(app, 'EdgeTest', { env, crossRegionReferences: true });
  const portalStack = new PortalStack(app, 'PortalTest', {
    env: { ...env, region: 'eu-west-1' },
    crossRegionReferences: true,
    senderEmail: 'no-reply@portal.example',
    firstAdminEmail: 'first-admin@portal.example',
    webAclArn: edgeStack.webAclArn,
    webAssetPath,
  });
  edge = Template.fromStack(edgeStack);
  portal = Template.fromStack(portalStack);
  nagViolations = new AwsSolutionsChecks().validateScope(app).violations.map((violation) => ({
    ruleName: violation.ruleName,
    severity: violation.severity ?? 'error',
    paths: violation.violatingResources.map((resource) => resource.constructPath ?? ''),
  }));
});

afterAll(() => {
  rmSync(webAssetPath, { recursive: true, force: true });
});

function only(template: Template, type: string): Record<string, any> {
  const found = Object.values(template.findResources(type)) as Resource[];
  expect(found, type).toHaveLength(1);
  return found[0]!.Properties!;
}

const webAcl = () => only(edge, 'AWS::WAFv2::WebACL');
const rule = (name: string) => (webAcl().Rules as any[]).find((candidate) => candidate.Name === name);

describe('the web ACL', () => {
  it('lives in us-east-1 with scope CLOUDFRONT, and lets through what no rule blocks', () => {
    expect(Stack.of(app.node.findChild('EdgeTest')).region).toBe('us-east-1');
    expect(webAcl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('runs the AWS managed rule groups: IP reputation, the common rule set and known bad inputs', () => {
    const groups = (webAcl().Rules as any[])
      .filter((candidate) => candidate.Statement.ManagedRuleGroupStatement)
      .map((candidate) => candidate.Statement.ManagedRuleGroupStatement);

    expect(groups.map((group) => `${group.VendorName}/${group.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesAmazonIpReputationList',
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const group of ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet']) {
      expect(rule(group).OverrideAction, group).toEqual({ None: {} });
    }
  });

  it('only counts the body rules legitimate calls trip: 10 MB bodies, and findings that quote attacks', () => {
    const overrides = (name: string) =>
      Object.fromEntries(
        (rule(name).Statement.ManagedRuleGroupStatement.RuleActionOverrides as any[]).map((override) => [
          override.Name,
          override.ActionToUse,
        ]),
      );

    expect(overrides('AWSManagedRulesCommonRuleSet')).toMatchObject({
      SizeRestrictions_BODY: { Count: {} },
      CrossSiteScripting_BODY: { Count: {} },
    });
    expect(overrides('AWSManagedRulesKnownBadInputsRuleSet')).toMatchObject({ Log4JRCE_BODY: { Count: {} } });
    // Only body rules: what is in a URI, a query or a header is still blocked.
    for (const name of ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(
        Object.keys(overrides(name)).every((ruleName) => ruleName.endsWith('_BODY')),
        name,
      ).toBe(true);
    }
  });

  it('limits each address, on the sign-in link call far tighter than on everything', () => {
    const signIn = rule('SignInRate').Statement.RateBasedStatement;
    const everything = rule('RequestRate').Statement.RateBasedStatement;

    expect(signIn).toMatchObject({
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'EXACTLY',
          SearchString: '/api/calls/sendSignInLink',
        },
      },
    });
    expect(everything).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(everything.ScopeDownStatement).toBeUndefined();
    expect([signIn.Limit, everything.Limit]).toEqual([100, 2000]);
  });

  it('limits the other routes without a token (vault, agent enrolment, DAST, digest unsubscribe) between the two', () => {
    const publicRoutes = rule('PublicRoutesRate').Statement.RateBasedStatement;
    const matched = (publicRoutes.ScopeDownStatement.OrStatement.Statements as any[]).map(
      ({ ByteMatchStatement: match }) => `${match.PositionalConstraint} ${match.SearchString}`,
    );

    expect(matched).toEqual(
      expect.arrayContaining([
        'EXACTLY /api/calls/getVaultLink',
        'EXACTLY /api/calls/claimVaultLink',
        'EXACTLY /api/calls/enrollAgent',
        'STARTS_WITH /api/dast/',
        'STARTS_WITH /api/digest/',
      ]),
    );
    // Agents call every minute with a credential of their own: they count under the general limit only.
    expect(matched).not.toContain('EXACTLY /api/calls/agentHeartbeat');
    expect(publicRoutes.Limit).toBeGreaterThan(rule('SignInRate').Statement.RateBasedStatement.Limit);
    expect(publicRoutes.Limit).toBeLessThan(rule('RequestRate').Statement.RateBasedStatement.Limit);
  });

  it('answers a limited address with the call protocol’s 429 RESOURCE_EXHAUSTED', () => {
    const bodies = webAcl().CustomResponseBodies as Record<string, { ContentType: string; Content: string }>;
    for (const name of ['SignInRate', 'PublicRoutesRate', 'RequestRate']) {
      const response = rule(name).Action.Block.CustomResponse;
      expect(response.ResponseCode, name).toBe(429);
      const body = bodies[response.CustomResponseBodyKey]!;
      expect(body.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body.Content)).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED' } });
    }
  });

  it('checks known-bad addresses first, and the limits before the content rules', () => {
    const order = [...(webAcl().Rules as any[])].sort((a, b) => a.Priority - b.Priority).map((r) => r.Name);
    expect(order).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'SignInRate',
      'PublicRoutesRate',
      'RequestRate',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
  });

  it('publishes metrics and sampled requests for itself and every rule', () => {
    for (const config of [webAcl().VisibilityConfig, ...(webAcl().Rules as any[]).map((r) => r.VisibilityConfig)]) {
      expect(config).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
  });

  it('logs every request to an aws-waf-logs- log group, kept a year, credentials redacted', () => {
    const logging = only(edge, 'AWS::WAFv2::LoggingConfiguration');
    const logGroup = only(edge, 'AWS::Logs::LogGroup');

    expect(logGroup.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(logGroup.RetentionInDays).toBe(365);
    expect(JSON.stringify(logging.LogDestinationConfigs)).toContain(':log-group:');
    expect(JSON.stringify(logging.LogDestinationConfigs)).not.toContain(':*');
    expect(logging.RedactedFields).toEqual(
      expect.arrayContaining([{ SingleHeader: { Name: 'authorization' } }, { QueryString: {} }]),
    );
  });

  it('cannot be built outside us-east-1', () => {
    const elsewhere = new Stack(new App(), 'Elsewhere', { env: { region: 'eu-west-1' } });
    expect(() => new PortalWebAcl(elsewhere, 'WebAcl')).toThrow(/us-east-1/);
  });
});

describe('the distribution', () => {
  it('is attached to the edge stack’s web ACL, read across regions at deploy time', () => {
    const distribution = only(portal, 'AWS::CloudFront::Distribution');
    // CDK's cross-region reference: the edge stack writes the ARN to an SSM parameter in the portal's region, which
    // the portal stack's reader resolves (and keeps from being deleted while it is in use).
    const [reader, parameter] = distribution.DistributionConfig.WebACLId['Fn::GetAtt'] as [string, string];
    expect(Object.keys(portal.findResources('Custom::CrossRegionExportReader'))).toEqual([reader]);
    expect(parameter).toMatch(/^\/cdk\/exports\/PortalTest\//);
    const writer = only(edge, 'Custom::CrossRegionExportWriter');
    expect(writer.WriterProps.region).toBe('eu-west-1');
    expect(writer.WriterProps.exports[parameter]).toEqual({ 'Fn::GetAtt': [webAclLogicalId(), 'Arn'] });
  });
});

describe('cdk-nag AWS Solutions, over both stacks', () => {
  it('reports no unacknowledged error or warning', () => {
    expect(nagViolations).toEqual([]);
  });
});

function webAclLogicalId(): string {
  const [id] = Object.keys(edge.findResources('AWS::WAFv2::WebACL'));
  return id!;
}

// Operations: every alarm reaches the operations topic (on ALARM and on OK) and names its runbook section, which
// exists in docs/operations.md; every product function is traced and has errors and throttles alarms; the API, the
// queues, DynamoDB, SES, Cognito and the web ACL have theirs; the dashboard and the saved queries exist; log groups
// keep their retention; the topic's ARN is an output and opsEmail subscribes an address; cdk-nag stays clean.
// One app: the edge stack, a portal stack in another region with opsEmail, and one without (no bundles built).
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalFunction } from '../../infra/constructs/lambda-function.js';
import { runbookFile, runbookSections } from '../../infra/constructs/runbook.js';
import { PortalEdgeStack } from '../../infra/stacks/edge-stack.js';
import { PortalStack } from '../../infra/stacks/portal-stack.js';

type Resource = { Type: string; Properties?: Record<string, any> };

const opsEmail = 'ops@portal.example';
const restoredTable = 'PortalQuiet-restored-20261128';
let webAssetPath: string;
let app: App;
let portalStack: Stack;
let portal: Record<string, Resource>;
let edge: Record<string, Resource>;
let quiet: Record<string, Resource>;
let quietOutputs: Record<string, any>;
let portalOutputs: Record<string, any>;
let edgeOutputs: Record<string, any>;
let nagViolations: { ruleName: string; severity: string; paths: string[] }[];

beforeAll(() => {
  webAssetPath = mkdtempSync(join(tmpdir(), 'portal-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), '<!doctype html><title>Portal</title>');
  mkdirSync(join(webAssetPath, 'assets'));
  app = new App({ context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong', 'aws:cdk:bundling-stacks': [] } });
  const env = { account: '111111111111' };
  const edgeStack = new PortalEdgeStack(app, 'EdgeOps', { env, crossRegionReferences: true, opsEmail });
  const common = {
    env: { ...env, region: 'eu-west-1' },
    senderEmail: 'no-reply@portal.example',
    firstAdminEmail: 'first-admin@portal.example',
    webAssetPath,
  };
  portalStack = new PortalStack(app, 'PortalOps', {
    ...common,
    crossRegionReferences: true,
    webAclArn: edgeStack.webAclArn,
    opsEmail,
  });
  // No opsEmail, and switched to a table restored to a point in time (docs/operations.md).
  const quietStack = new PortalStack(app, 'PortalQuiet', { ...common, tableName: restoredTable });
  const portalTemplate = Template.fromStack(portalStack).toJSON();
  const edgeTemplate = Template.fromStack(edgeStack).toJSON();
  portal = portalTemplate.Resources;
  portalOutputs = portalTemplate.Outputs;
  edge = edgeTemplate.Resources;
  edgeOutputs = edgeTemplate.Outputs;
  const quietTemplate = Template.fromStack(quietStack).toJSON();
  quiet = quietTemplate.Resources;
  quietOutputs = quietTemplate.Outputs;
  nagViolations = new AwsSolutionsChecks().validateScope(app).violations.map((violation) => ({
    ruleName: violation.ruleName,
    severity: violation.severity ?? 'error',
    paths: violation.violatingResources.map((resource) => resource.constructPath ?? ''),
  }));
});

afterAll(() => rmSync(webAssetPath, { recursive: true, force: true }));

const ofType = (resources: Record<string, Resource>, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);
const alarmsOf = (resources: Record<string, Resource>) =>
  ofType(resources, 'AWS::CloudWatch::Alarm').map(
    ([id, alarm]) => ({ id, ...alarm.Properties! }) as Record<string, any>,
  );
/** The metrics an alarm reads: its own, or those of its metric math. */
const metricsOf = (alarm: Record<string, any>): { Namespace: string; MetricName: string; Dimensions?: any[] }[] =>
  alarm.MetricName
    ? [alarm as any]
    : (alarm.Metrics ?? []).flatMap((query: any) => (query.MetricStat ? [query.MetricStat.Metric] : []));
const productFunctions = () =>
  portalStack.node.findAll().filter((construct): construct is PortalFunction => construct instanceof PortalFunction);
const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
  portalStack.getLogicalId(construct.node.defaultChild as never);

/** The anchors GitHub gives the headings of docs/operations.md. */
function runbookAnchors(): Set<string> {
  const markdown = readFileSync(join(import.meta.dirname, '../..', runbookFile), 'utf8');
  return new Set(
    [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) =>
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

describe('cdk-nag AWS Solutions, with the operations resources', () => {
  it('reports no unacknowledged error or warning in either stack', () => {
    expect(nagViolations).toEqual([]);
  });

  it('lets no product function role act on "*" but X-Ray writes and SES identity listing', () => {
    const allowedOnAnything = new Set([
      'xray:PutTraceSegments',
      'xray:PutTelemetryRecords',
      'ses:ListIdentities',
      'ses:GetIdentityVerificationAttributes',
      'ses:GetIdentityDkimAttributes',
    ]);
    const roles = new Set(productFunctions().map((fn) => logicalIdOf(fn.function.role!)));
    const statements = ofType(portal, 'AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties!.Roles.some((role: any) => roles.has(role.Ref)))
      .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement as { Action: any; Resource: any }[]);
    const onAnything = statements.filter((statement) => [statement.Resource].flat().includes('*'));
    expect(onAnything.length).toBeGreaterThan(0);
    for (const statement of onAnything) {
      for (const action of [statement.Action].flat()) expect(allowedOnAnything, action).toContain(action);
    }
  });
});

describe('alarms', () => {
  it('every alarm of both stacks has the operations topic of its stack as its alarm and OK action', () => {
    for (const resources of [portal, edge, quiet]) {
      const topics = ofType(resources, 'AWS::SNS::Topic');
      expect(topics).toHaveLength(1);
      const topic = [{ Ref: topics[0]![0] }];
      const alarms = alarmsOf(resources);
      expect(alarms.length).toBeGreaterThan(0);
      for (const alarm of alarms) {
        expect(alarm.AlarmActions, alarm.id).toEqual(topic);
        expect(alarm.OKActions, alarm.id).toEqual(topic);
        expect(alarm.ActionsEnabled ?? true, alarm.id).toBe(true);
      }
    }
    // The counts the runbook and the cost model quote (docs/operations.md, docs/cost-model.md).
    expect(alarmsOf(portal)).toHaveLength(42);
    expect(alarmsOf(edge)).toHaveLength(1);
    const alarmMetrics = [...alarmsOf(portal), ...alarmsOf(edge)].reduce(
      (sum, alarm) => sum + metricsOf(alarm).length,
      0,
    );
    expect(alarmMetrics).toBe(58);
  });

  it('every alarm says what it means and names a section of the runbook that exists', () => {
    const anchors = runbookAnchors();
    for (const section of runbookSections) expect(anchors, `${runbookFile}#${section}`).toContain(section);
    for (const alarm of [...alarmsOf(portal), ...alarmsOf(edge)]) {
      const match = new RegExp(`^(.{30,}) Runbook: ${runbookFile}#([a-z0-9-]+)$`, 's').exec(alarm.AlarmDescription);
      expect(match, `${alarm.id}: ${alarm.AlarmDescription}`).not.toBeNull();
      expect(anchors, alarm.id).toContain(match![2]);
    }
  });

  it('every product function is traced by X-Ray and has an errors and a throttles alarm', () => {
    const functions = productFunctions();
    expect(functions.length).toBe(14);
    const lambdaAlarms = alarmsOf(portal).filter((alarm) => alarm.Namespace === 'AWS/Lambda');
    for (const fn of functions) {
      const id = logicalIdOf(fn.function);
      expect(portal[id]!.Properties!.TracingConfig, fn.node.path).toEqual({ Mode: 'Active' });
      for (const metricName of ['Errors', 'Throttles']) {
        expect(
          lambdaAlarms.filter(
            (alarm) =>
              alarm.MetricName === metricName &&
              JSON.stringify(alarm.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: id } }]),
          ),
          `${fn.node.path} ${metricName}`,
        ).toHaveLength(1);
      }
    }
    // The sign-in triggers' errors point at their own runbook section.
    const triggerErrors = lambdaAlarms.filter((alarm) => alarm.AlarmDescription.includes('#sign-in-trigger-errors'));
    expect(triggerErrors).toHaveLength(4);
  });

  it('watches the HTTP API: the 5xx share of requests and the p99 latency', () => {
    const alarms = alarmsOf(portal);
    const rate = alarms.find((alarm) => metricsOf(alarm).some((metric) => metric.MetricName === '5xx'));
    expect(rate?.Metrics.find((query: any) => query.Expression)?.Expression).toBe(
      'IF(requests >= 20, 100 * errors / requests, 0)',
    );
    expect(
      metricsOf(rate!)
        .map((metric) => metric.MetricName)
        .sort(),
    ).toEqual(['5xx', 'Count']);
    expect(rate).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold' });
    const latency = alarms.find((alarm) => alarm.MetricName === 'Latency' && alarm.Namespace === 'AWS/ApiGateway');
    expect(latency).toMatchObject({ ExtendedStatistic: 'p99', Threshold: 3000, EvaluationPeriods: 3 });
  });

  it("watches every queue's oldest message and every dead-letter queue", () => {
    const queues = ofType(portal, 'AWS::SQS::Queue').map(([id]) => id);
    const deadLetterQueues = new Set(
      ofType(portal, 'AWS::SQS::Queue').flatMap(([, queue]) =>
        queue.Properties!.RedrivePolicy ? [queue.Properties!.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]] : [],
      ),
    );
    expect(deadLetterQueues.size).toBe(3);
    const watched = (metricName: string) =>
      new Set(
        alarmsOf(portal)
          .filter((alarm) => alarm.Namespace === 'AWS/SQS' && alarm.MetricName === metricName)
          .map((alarm) => alarm.Dimensions[0].Value['Fn::GetAtt'][0]),
      );
    expect(watched('ApproximateNumberOfMessagesVisible')).toEqual(deadLetterQueues);
    expect(watched('ApproximateAgeOfOldestMessage')).toEqual(
      new Set(queues.filter((queue) => !deadLetterQueues.has(queue))),
    );
  });

  it("watches DynamoDB's throttled requests and system errors on the table, SES's reputation and Cognito's throttles", () => {
    const alarms = alarmsOf(portal);
    const table = ofType(portal, 'AWS::DynamoDB::Table')[0]![0];
    for (const metricName of ['ThrottledRequests', 'SystemErrors']) {
      const alarm = alarms.find((candidate) => metricsOf(candidate).some((metric) => metric.MetricName === metricName));
      const metrics = metricsOf(alarm!);
      expect(metrics.length).toBeGreaterThanOrEqual(8);
      expect(metrics.length).toBeLessThanOrEqual(10);
      for (const metric of metrics)
        expect(metric.Dimensions).toContainEqual({ Name: 'TableName', Value: { Ref: table } });
      expect(metrics.map((metric) => metric.Dimensions!.find((d) => d.Name === 'Operation').Value)).not.toContain(
        'Scan',
      );
    }
    expect(alarms.find((alarm) => alarm.MetricName === 'Reputation.BounceRate')).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.05,
    });
    expect(alarms.find((alarm) => alarm.MetricName === 'Reputation.ComplaintRate')).toMatchObject({
      Namespace: 'AWS/SES',
      Threshold: 0.001,
    });
    expect(alarms.find((alarm) => alarm.MetricName === 'SignInThrottles')).toMatchObject({
      Namespace: 'AWS/Cognito',
      Threshold: 0,
    });
  });

  it("watches the web ACL's blocked requests in its own region's stack", () => {
    expect(alarmsOf(edge)).toEqual([
      expect.objectContaining({
        Namespace: 'AWS/WAFV2',
        MetricName: 'BlockedRequests',
        Dimensions: [
          { Name: 'Rule', Value: 'ALL' },
          { Name: 'WebACL', Value: 'SecurityPortalWebAcl' },
        ],
        Threshold: 1000,
        EvaluationPeriods: 2,
      }),
    ]);
    const webAcl = ofType(edge, 'AWS::WAFv2::WebACL')[0]![1];
    expect(webAcl.Properties!.VisibilityConfig.MetricName).toBe('SecurityPortalWebAcl');
  });
});

describe('the operations topic', () => {
  it('is an output of each stack, encrypted with a key CloudWatch may use, TLS only', () => {
    for (const [resources, outputs] of [
      [portal, portalOutputs],
      [edge, edgeOutputs],
    ] as const) {
      const [topicId, topic] = ofType(resources, 'AWS::SNS::Topic')[0]!;
      expect(outputs.OpsTopicArn.Value).toEqual({ Ref: topicId });
      const keyId = topic.Properties!.KmsMasterKeyId['Fn::GetAtt'][0];
      const keyStatements = resources[keyId]!.Properties!.KeyPolicy.Statement;
      expect(keyStatements).toContainEqual(
        expect.objectContaining({
          Principal: { Service: 'cloudwatch.amazonaws.com' },
          Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        }),
      );
      expect(resources[keyId]!.Properties!.EnableKeyRotation).toBe(true);
    }
  });

  it('mails opsEmail when it is given, and no one otherwise', () => {
    for (const resources of [portal, edge]) {
      expect(ofType(resources, 'AWS::SNS::Subscription').map(([, s]) => s.Properties)).toEqual([
        expect.objectContaining({ Protocol: 'email', Endpoint: opsEmail }),
      ]);
    }
    expect(ofType(quiet, 'AWS::SNS::Subscription')).toEqual([]);
  });
});

describe('the dashboard and the saved queries', () => {
  it('has one dashboard graphing the API, sign-ins, imports, queues, DynamoDB, SES and the WAF', () => {
    const dashboards = ofType(portal, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties!.DashboardBody);
    for (const expected of [
      'API requests',
      'API latency',
      'SignInLinkSent',
      'SignInLinkFailed',
      'SignInCompleted',
      'ImportCompleted',
      'ImportFailed',
      'Import duration',
      'FindingsWritten',
      'ExportCompleted',
      'WebhookDelivered',
      'WebhookFailed',
      'DastScanCompleted',
      'Namespace=\\\\\\"SecurityPortal\\\\\\"',
      'ApproximateNumberOfMessagesVisible',
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ThrottledRequests',
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
      'AWS/WAFV2',
      'BlockedRequests',
    ]) {
      expect(body, expected).toContain(expected);
    }
  });

  it('saves Logs Insights queries over the product log groups, of this stack only', () => {
    const logGroups = new Set(ofType(portal, 'AWS::Logs::LogGroup').map(([id]) => id));
    const queries = ofType(portal, 'AWS::Logs::QueryDefinition').map(([, query]) => query.Properties!);
    expect(queries.length).toBeGreaterThanOrEqual(8);
    for (const query of queries) {
      expect(query.Name).toMatch(/^PortalOps\//);
      expect(query.LogGroupNames.length).toBeGreaterThan(0);
      for (const name of query.LogGroupNames) expect(logGroups).toContain(name.Ref);
    }
    // The errors query reads every product function's log group.
    const errors = queries.find((query) => query.QueryString.includes('level = "ERROR"'))!;
    expect(new Set(errors.LogGroupNames.map((name: any) => name.Ref))).toEqual(
      new Set(productFunctions().map((fn) => logicalIdOf(fn.logGroup))),
    );
    expect(ofType(edge, 'AWS::Logs::QueryDefinition')).toHaveLength(1);
  });

  it('keeps every log group for its retention: a year for the functions, the access log and the WAF', () => {
    for (const resources of [portal, edge]) {
      for (const [id, group] of ofType(resources, 'AWS::Logs::LogGroup')) {
        expect(group.Properties!.RetentionInDays, id).toBeGreaterThanOrEqual(30);
      }
    }
    for (const fn of productFunctions()) {
      expect(portal[logicalIdOf(fn.logGroup)]!.Properties!.RetentionInDays, fn.node.path).toBe(365);
    }
    const waf = ofType(edge, 'AWS::Logs::LogGroup').find(([id]) => id.startsWith('WebAclLogs'));
    expect(waf?.[1].Properties!.RetentionInDays).toBe(365);
  });
});

describe('switching to a restored table (-c tableName)', () => {
  it('makes every function, grant, alarm and output name the restored table, and drops the stack’s own', () => {
    expect(ofType(quiet, 'AWS::DynamoDB::Table')).toEqual([]);
    expect(quietOutputs.TableName.Value).toBe(restoredTable);
    const functions = ofType(quiet, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties!.Environment?.Variables?.TABLE_NAME !== undefined,
    );
    expect(functions.length).toBeGreaterThanOrEqual(10);
    for (const [id, fn] of functions) expect(fn.Properties!.Environment.Variables.TABLE_NAME, id).toBe(restoredTable);
    const grants = JSON.stringify(ofType(quiet, 'AWS::IAM::Policy').map(([, policy]) => policy.Properties));
    expect(grants).toContain(`:table/${restoredTable}`);
    const tableAlarms = alarmsOf(quiet).filter((alarm) =>
      metricsOf(alarm).some((metric) => metric.MetricName === 'ThrottledRequests'),
    );
    expect(JSON.stringify(tableAlarms)).toContain(restoredTable);
  });
});

// What an operator watches: the alarms the functions do not raise themselves (the HTTP API's 5xx rate and latency,
// the queues' oldest messages, DynamoDB's throttles and errors, SES's reputation, Cognito's throttled sign-ins), the
// dashboard, and the saved Logs Insights queries over the product log groups. Every alarm of the stack reaches the
// operations topic (ops-topic.ts); each description names its section of docs/operations.md.
import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { CfnQueryDefinition, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PortalFunction } from './lambda-function.js';
import { OpsTopic } from './ops-topic.js';
import { runbook } from './runbook.js';
import { webAclMetricName } from './web-acl.js';

/** The namespace of the metrics the product code emits (Powertools Metrics). */
export const productMetricsNamespace = 'SecurityPortal';

/** The operations that the portal's code sends to its table (no Scan on any request path). */
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface WorkQueue {
  /** What it carries, as the dashboard and the alarm name it. */
  readonly label: string;
  readonly queue: Queue;
  /** @default - none of its own (the vault clean-up queue shares the report queue's) */
  readonly deadLetterQueue?: Queue;
}

export interface PortalOperationsProps {
  /** See OpsTopicProps. */
  readonly opsEmail?: string;
  readonly httpApi: IHttpApi;
  readonly apiAccessLogs: ILogGroup;
  readonly table: ITable;
  readonly queues: readonly WorkQueue[];
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The function whose duration is the imports' (the import worker). */
  readonly importFunction: NodejsFunction;
  /** The functions of the sign-in triggers. */
  readonly signInFunctions: readonly NodejsFunction[];
  /** The API's functions (one per call group), whose logs hold a 500's request id. */
  readonly apiFunctions: readonly NodejsFunction[];
  readonly reportFunction: NodejsFunction;
  readonly webhookFunction: NodejsFunction;
  /**
   * The 5xx share of the API's answers (percent, over 5 minutes with at least 20 requests) that alarms.
   * @default 5
   */
  readonly apiErrorRatePercent?: number;
  /**
   * The API's p99 latency that alarms when it lasts 15 minutes.
   * @default Duration.seconds(3)
   */
  readonly apiLatencyP99?: Duration;
  /**
   * The age of a queue's oldest message that alarms: work waiting that long is stuck or far behind.
   * @default Duration.hours(1)
   */
  readonly oldestMessageAge?: Duration;
}

/**
 * A product metric, one line per dimension set the code gives it (service, and method, tool or outcome): a search,
 * so the graph holds whatever dimensions the code emits.
 */
function productMetric(metricName: string, label: string): IMetric {
  return new MathExpression({
    expression: `SEARCH('Namespace="${productMetricsNamespace}" MetricName="${metricName}"', 'Sum', 300)`,
    label,
    period: Duration.minutes(5),
  });
}

/** The PortalFunction that made a function (every product function is made by one). */
function portalFunctionOf(fn: NodejsFunction): PortalFunction {
  const scope = fn.node.scope;
  if (!(scope instanceof PortalFunction)) throw new Error(`${fn.node.path} is not a PortalFunction's function`);
  return scope;
}

export class PortalOperations extends Construct {
  readonly ops: OpsTopic;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: PortalOperationsProps) {
    super(scope, id);
    const fiveMinutes = Duration.minutes(5);
    const { httpApi, table } = props;
    this.ops = new OpsTopic(this, 'Ops', { opsEmail: props.opsEmail });

    // The HTTP API: 5xx answers as a share of requests (quiet below 20 requests, where one error is a large share).
    const requests = httpApi.metricCount({ period: fiveMinutes, statistic: 'Sum' });
    const serverErrors = httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
    const clientErrors = httpApi.metricClientError({ period: fiveMinutes, statistic: 'Sum' });
    const errorRate = props.apiErrorRatePercent ?? 5;
    new Alarm(this, 'Api5xxRate', {
      alarmDescription:
        `More than ${errorRate} % of the API's answers in 5 minutes were 5xx (internal errors, unavailable, or an ` +
        `integration failure), with at least 20 requests. ${runbook('api-5xx-rate')}`,
      metric: new MathExpression({
        expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
        usingMetrics: { requests, errors: serverErrors },
        period: fiveMinutes,
        label: '5xx answers (%)',
      }),
      threshold: errorRate,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const latencyP99 = props.apiLatencyP99 ?? Duration.seconds(3);
    new Alarm(this, 'ApiLatencyP99', {
      alarmDescription:
        `The API's p99 latency stayed above ${latencyP99.toSeconds()} s for 15 minutes (three 5-minute periods). ` +
        runbook('api-latency'),
      metric: httpApi.metricLatency({ period: fiveMinutes, statistic: 'p99' }),
      threshold: latencyP99.toMilliseconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // Each queue's oldest message: work that waits an hour is stuck (its worker failing or throttled) or far behind.
    const oldestAge = props.oldestMessageAge ?? Duration.hours(1);
    for (const { label, queue } of props.queues) {
      const name = label.replace(/(?:^|\W+)(\w)/g, (_, letter: string) => letter.toUpperCase());
      new Alarm(this, `${name}OldestMessage`, {
        alarmDescription:
          `A message of the ${label} queue has waited more than ${oldestAge.toHumanString()}: its worker is failing, ` +
          `throttled or far behind. ${runbook('queue-oldest-message')}`,
        metric: queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }),
        threshold: oldestAge.toSeconds(),
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }

    // DynamoDB: any throttled request (on demand, a hot partition or the table's limits), and server errors that
    // last 10 minutes (the SDK retries single ones).
    const throttled = table.metricThrottledRequestsForOperations({ operations: tableOperations, period: fiveMinutes });
    new Alarm(this, 'TableThrottles', {
      alarmDescription: `DynamoDB throttled requests to the portal's table in 5 minutes. ${runbook('dynamodb-throttles')}`,
      metric: throttled,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const systemErrors = table.metricSystemErrorsForOperations({ operations: tableOperations, period: fiveMinutes });
    new Alarm(this, 'TableSystemErrors', {
      alarmDescription:
        `DynamoDB answered requests to the portal's table with server errors (HTTP 500) in two 5-minute periods ` +
        `in a row. ${runbook('dynamodb-system-errors')}`,
      metric: systemErrors,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // SES reputation: AWS may pause a sender at 10 % bounces or 0.5 % complaints (and reviews it from 5 % and 0.1 %);
    // alarm at half and a fifth of that, while there is time to act.
    const sesMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, period: Duration.minutes(15), statistic: 'Maximum' });
    new Alarm(this, 'SesBounceRate', {
      alarmDescription:
        `The account's SES bounce rate reached 5 %: AWS puts a sender under review from 5 % and may pause its sending at 10 %. ` +
        runbook('ses-bounce-rate'),
      metric: sesMetric('Reputation.BounceRate'),
      threshold: 0.05,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    new Alarm(this, 'SesComplaintRate', {
      alarmDescription:
        `The account's SES complaint rate reached 0.1 %: AWS puts a sender under review from 0.1 % and may pause its sending at 0.5 %. ` +
        runbook('ses-complaint-rate'),
      metric: sesMetric('Reputation.ComplaintRate'),
      threshold: 0.001,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // Cognito: sign-ins it refused for the user pool's request-rate quota (the triggers' own failures are their
    // functions' errors alarms).
    const cognitoDimensions = {
      UserPool: props.userPool.userPoolId,
      UserPoolClient: props.userPoolClient.userPoolClientId,
    };
    const cognitoMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/Cognito', metricName, dimensionsMap: cognitoDimensions, period: fiveMinutes });
    new Alarm(this, 'CognitoSignInThrottles', {
      alarmDescription:
        `Cognito refused sign-ins for the user pool's request-rate quota in 5 minutes. ` +
        runbook('cognito-sign-in-throttles'),
      metric: cognitoMetric('SignInThrottles').with({ statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.dashboard = this.buildDashboard(props, { requests, serverErrors, clientErrors, cognitoMetric });
    this.saveQueries(props);
  }

  /** Makes the operations topic the alarm and OK action of every alarm of the stack: call last. */
  notifyEveryAlarm(): void {
    this.ops.notifyEveryAlarm();
  }

  private buildDashboard(
    props: PortalOperationsProps,
    metrics: {
      requests: Metric;
      serverErrors: Metric;
      clientErrors: Metric;
      cognitoMetric: (name: string) => Metric;
    },
  ): Dashboard {
    const stack = Stack.of(this);
    const fiveMinutes = Duration.minutes(5);
    const { httpApi, table } = props;
    const functions = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction);
    const byFunction = (metric: (fn: PortalFunction) => IMetric) => functions.map(metric);
    const functionLabel = (fn: PortalFunction) => fn.node.path.split('/').slice(1).join('/');
    const signIn = props.signInFunctions.map(portalFunctionOf);
    const wafMetric = (metricName: string, rule = 'ALL') =>
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName,
        // A CloudFront web ACL publishes in us-east-1, with no Region dimension.
        region: 'us-east-1',
        dimensionsMap: { WebACL: webAclMetricName, Rule: rule },
        period: fiveMinutes,
        statistic: 'Sum',
        label: rule === 'ALL' ? metricName : `${metricName} ${rule}`,
      });
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stack.stackName}-operations`,
      defaultInterval: Duration.hours(12),
    });
    const row = (...widgets: (GraphWidget | TextWidget | AlarmStatusWidget)[]) => dashboard.addWidgets(...widgets);
    const graph = (
      title: string,
      left: IMetric[],
      options: Partial<ConstructorParameters<typeof GraphWidget>[0]> = {},
    ) => new GraphWidget({ title, left, width: 8, height: 6, ...options });

    row(
      new TextWidget({
        markdown:
          `# Security portal: ${stack.stackName}\n` +
          'What each alarm means and what to do: `docs/operations.md`. Saved queries: Logs Insights, folder ' +
          `\`${stack.stackName}\`. Product metrics: namespace \`${productMetricsNamespace}\`.`,
        width: 24,
        height: 2,
      }),
    );
    row(
      new AlarmStatusWidget({
        title: 'Alarms',
        alarms: stack.node.findAll().filter((c): c is Alarm => c instanceof Alarm),
        width: 24,
        height: 6,
      }),
    );
    row(
      graph('API requests', [metrics.requests.with({ label: 'requests' })]),
      graph('API errors', [metrics.serverErrors.with({ label: '5xx' }), metrics.clientErrors.with({ label: '4xx' })]),
      graph(
        'API latency (ms)',
        ['p50', 'p90', 'p99'].map((statistic) =>
          httpApi.metricLatency({ period: fiveMinutes, statistic, label: `latency ${statistic}` }),
        ),
        {
          right: [
            httpApi.metricIntegrationLatency({ period: fiveMinutes, statistic: 'p99', label: 'integration p99' }),
          ],
        },
      ),
    );
    row(
      graph(
        'Function errors',
        byFunction((fn) => fn.function.metricErrors({ period: fiveMinutes, label: functionLabel(fn) })),
      ),
      graph(
        'Function throttles',
        byFunction((fn) => fn.function.metricThrottles({ period: fiveMinutes, label: functionLabel(fn) })),
      ),
      graph(
        'Function duration p99 (ms)',
        byFunction((fn) =>
          fn.function.metricDuration({ period: fiveMinutes, statistic: 'p99', label: functionLabel(fn) }),
        ),
      ),
    );
    row(
      graph('Sign-in links', [
        productMetric('SignInLinkSent', 'links sent'),
        productMetric('SignInLinkFailed', 'links failed'),
      ]),
      graph('Sign-ins completed, by method', [productMetric('SignInCompleted', 'completed')], {
        right: [metrics.cognitoMetric('SignInSuccesses').with({ statistic: 'Sum', label: 'Cognito sign-ins' })],
      }),
      graph(
        'Sign-in triggers: errors and p99 duration (Cognito waits 5 s)',
        signIn.map((fn) => fn.function.metricErrors({ period: fiveMinutes, label: functionLabel(fn) })),
        {
          right: signIn.map((fn) =>
            fn.function.metricDuration({ period: fiveMinutes, statistic: 'p99', label: `${functionLabel(fn)} p99` }),
          ),
        },
      ),
    );
    row(
      graph('Imports, by tool', [
        productMetric('ImportCompleted', 'completed'),
        productMetric('ImportFailed', 'failed'),
      ]),
      graph(
        'Import duration (s)',
        ['p50', 'p90', 'Maximum'].map(
          (statistic) =>
            new MathExpression({
              expression: `duration${statistic} / 1000`,
              usingMetrics: {
                [`duration${statistic}`]: props.importFunction.metricDuration({ period: fiveMinutes, statistic }),
              },
              label: `import ${statistic}`,
              period: fiveMinutes,
            }),
        ),
      ),
      graph('Work done', [
        productMetric('FindingsWritten', 'findings written'),
        productMetric('ExportCompleted', 'exports'),
        productMetric('WebhookDelivered', 'webhooks delivered'),
        productMetric('WebhookFailed', 'webhooks failed'),
        productMetric('DastScanCompleted', 'DAST scans'),
      ]),
    );
    row(
      graph(
        'Queue depth (messages visible)',
        props.queues.flatMap(({ label, queue, deadLetterQueue }) => [
          queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum', label }),
          ...(deadLetterQueue
            ? [
                deadLetterQueue.metricApproximateNumberOfMessagesVisible({
                  period: fiveMinutes,
                  statistic: 'Maximum',
                  label: `${label} dead letters`,
                }),
              ]
            : []),
        ]),
      ),
      graph(
        'Oldest message age (s)',
        props.queues.map(({ label, queue }) =>
          queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum', label }),
        ),
      ),
    );
    row(
      graph('DynamoDB consumed capacity (units)', [
        table.metricConsumedReadCapacityUnits({ period: fiveMinutes, statistic: 'Sum', label: 'read units' }),
        table.metricConsumedWriteCapacityUnits({ period: fiveMinutes, statistic: 'Sum', label: 'write units' }),
      ]),
      graph('DynamoDB throttled requests', [
        table.metricThrottledRequestsForOperations({ operations: tableOperations, period: fiveMinutes }),
      ]),
      graph('DynamoDB system errors', [
        table.metricSystemErrorsForOperations({ operations: tableOperations, period: fiveMinutes }),
      ]),
    );
    const ses = (metricName: string, statistic = 'Sum') =>
      new Metric({ namespace: 'AWS/SES', metricName, period: fiveMinutes, statistic, label: metricName });
    row(
      graph(
        'SES sending',
        ['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject'].map((name) => ses(name)),
      ),
      graph('SES reputation', [ses('Reputation.BounceRate', 'Maximum'), ses('Reputation.ComplaintRate', 'Maximum')], {
        leftAnnotations: [
          { value: 0.05, label: 'bounce alarm 5 %' },
          { value: 0.001, label: 'complaint alarm 0.1 %' },
        ],
      }),
      graph(
        'WAF requests (us-east-1)',
        [wafMetric('BlockedRequests'), wafMetric('CountedRequests'), wafMetric('AllowedRequests')],
        {
          right: ['SignInRate', 'PublicRoutesRate', 'RequestRate', 'AWSManagedRulesAmazonIpReputationList'].map(
            (rule) => wafMetric('BlockedRequests', rule),
          ),
        },
      ),
    );
    return dashboard;
  }

  /** Logs Insights queries for the common questions, saved under the stack's name. */
  private saveQueries(props: PortalOperationsProps): void {
    const stack = Stack.of(this);
    const functions = stack.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction);
    const names = (groups: readonly (PortalFunction | NodejsFunction)[]) =>
      groups.map((fn) => (fn instanceof PortalFunction ? fn : portalFunctionOf(fn)).logGroup.logGroupName);
    const access = [props.apiAccessLogs.logGroupName];
    const queries: { id: string; name: string; logGroups: string[]; query: string[] }[] = [
      {
        id: 'Errors',
        name: 'Errors of every function, newest first',
        logGroups: names(functions),
        query: [
          'fields @timestamp, @log, message, requestId, error.name, errorName, xray_trace_id',
          '| filter level = "ERROR"',
          '| sort @timestamp desc',
          '| limit 200',
        ],
      },
      {
        id: 'RequestById',
        name: "A 500's request id: its access-log line and its function's lines (replace REQUEST_ID)",
        logGroups: [...names(props.apiFunctions), ...access],
        query: [
          'fields @timestamp, @log, status, routeKey, level, message, error.name, integrationError, xray_trace_id',
          '| filter requestId = "REQUEST_ID"',
          '| sort @timestamp asc',
        ],
      },
      {
        id: 'Api5xxByRoute',
        name: 'API 5xx answers by route',
        logGroups: access,
        query: [
          'filter status like /^5/',
          '| stats count(*) as answers by routeKey, status, integrationError',
          '| sort answers desc',
        ],
      },
      {
        id: 'ApiLatencyByRoute',
        name: 'API latency by route (ms)',
        logGroups: access,
        query: [
          'stats count(*) as requests, pct(latency, 50) as p50, pct(latency, 99) as p99, max(latency) as slowest by routeKey',
          '| sort p99 desc',
          '| limit 50',
        ],
      },
      {
        id: 'RefusedRequests',
        name: 'Refused requests (401, 403, 429) by route and address',
        logGroups: access,
        query: [
          'filter status in ["401", "403", "429"]',
          '| stats count(*) as refused by routeKey, status, sourceIp',
          '| sort refused desc',
          '| limit 50',
        ],
      },
      {
        id: 'SignInProblems',
        name: 'Sign-in problems: the sign-in call and the Cognito triggers',
        logGroups: names([...props.signInFunctions, ...props.apiFunctions]),
        query: [
          'fields @timestamp, @log, level, message, errorName, error.name, xray_trace_id',
          '| filter level in ["ERROR", "WARN"] and message like /(?i)sign-in|invitation/',
          '| sort @timestamp desc',
          '| limit 200',
        ],
      },
      {
        id: 'ImportFailures',
        name: 'Import and bulk-update failures',
        logGroups: names([props.importFunction]),
        query: [
          'fields @timestamp, level, message, importId, bulkUpdateId, error.name, error.message, xray_trace_id',
          '| filter level in ["ERROR", "WARN"]',
          '| sort @timestamp desc',
          '| limit 200',
        ],
      },
      {
        id: 'MailAndWebhookFailures',
        name: 'Export, mail and webhook failures',
        logGroups: names([props.reportFunction, props.webhookFunction]),
        query: [
          'fields @timestamp, @log, level, message, messageId, error.name, xray_trace_id',
          '| filter level in ["ERROR", "WARN"]',
          '| sort @timestamp desc',
          '| limit 200',
        ],
      },
      {
        id: 'SlowInvocations',
        name: 'Invocations: count, p99 and slowest duration, cold starts and memory by function',
        logGroups: names(functions),
        query: [
          'filter @type = "REPORT"',
          '| stats count(*) as invocations, pct(@duration, 99) as p99, max(@duration) as slowest,',
          '  count(@initDuration) as coldStarts, max(@maxMemoryUsed / 1000000) as maxMemoryMB by @log',
          '| sort p99 desc',
        ],
      },
      {
        id: 'BusiestAddresses',
        name: 'Busiest client addresses on the API',
        logGroups: access,
        query: ['stats count(*) as requests by sourceIp', '| sort requests desc', '| limit 25'],
      },
    ];
    for (const { id, name, logGroups, query } of queries) {
      new CfnQueryDefinition(this, `Query${id}`, {
        name: `${stack.stackName}/${name}`,
        logGroupNames: logGroups,
        queryString: query.join('\n'),
      });
    }
  }
}

// The edge's own stack, in us-east-1 because a CloudFront web ACL (scope CLOUDFRONT) can only be created there,
// wherever the portal's stack is deployed. The portal stack takes the web ACL's ARN (crossRegionReferences: CDK
// writes it to an SSM parameter in the portal's region, and the distribution resolves it at deploy time).
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnQueryDefinition } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { restRouteKeys } from '../../lambdas/api/rest-routes.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { OpsTopic } from '../constructs/ops-topic.js';
import { runbook } from '../constructs/runbook.js';
import { PortalWebAcl, type PortalWebAclProps, signInPath, webAclMetricName } from '../constructs/web-acl.js';

export interface PortalEdgeStackProps extends StackProps {
  /**
   * Per-address limits: requests to anything, and on the routes without a token (the sign-in link the tightest).
   * @default PortalWebAcl's defaults: 2000, public routes 300 and sign-in 100 per 5 minutes
   */
  readonly limits?: { readonly requests?: number; readonly publicRoutes?: number; readonly signIn?: number };
  /**
   * Who is mailed the web ACL's alarm (this stack's own operations topic: alarms notify topics of their region).
   * @default - none: subscribe to the OpsTopicArn output
   */
  readonly opsEmail?: string;
  /**
   * Requests the web ACL blocks in 5 minutes, two periods in a row, that alarm: more than the background of
   * known-bad addresses and scanners, someone hammering the portal.
   * @default 1000
   */
  readonly blockedRequestsSurge?: number;
}

/** The public routes other than sign-in: those anyone may call with a secret to guess, from the registry. */
export function publicRoutePaths(): string[] {
  const guessable = callRegistry
    .list()
    .flatMap((call) => (call.access.kind === 'public' ? [{ name: call.name, agent: call.access.agentCredential }] : []))
    // Enrolled agents call every minute, each with its own credential: they share the request limit only.
    // Enrolment presents a one-time token, which is a guess when it comes in numbers.
    .filter((call) => !call.agent || call.name === 'enrollAgent')
    .map((call) => `/api/calls/${call.name}`)
    .filter((path) => path !== signInPath);
  const restPrefixes = [
    ...new Set(restRouteKeys.map((key) => `${key.split(' ')[1]!.split('/').slice(0, 3).join('/')}/*`)),
  ];
  return [...guessable, ...restPrefixes];
}

export class PortalEdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: PortalEdgeStackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    const limits: PortalWebAclProps = {
      requestLimit: props.limits?.requests,
      signIn: { paths: [signInPath], limit: props.limits?.signIn ?? 100 },
      publicRoutes: { paths: publicRoutePaths(), limit: props.limits?.publicRoutes ?? 300 },
    };
    const webAcl = new PortalWebAcl(this, 'WebAcl', limits);
    this.webAclArn = webAcl.webAclArn;

    // The web ACL's metrics are in us-east-1, and an alarm notifies a topic of its own region: this stack has its own.
    const ops = new OpsTopic(this, 'Ops', { opsEmail: props.opsEmail });
    const surge = props.blockedRequestsSurge ?? 1000;
    new Alarm(this, 'BlockedRequestsSurge', {
      alarmDescription:
        `The web ACL blocked more than ${surge} requests in each of two 5-minute periods: an address or a botnet is ` +
        `hammering the portal (rate limits), or a rule blocks real users. ${runbook('waf-blocked-requests')}`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL' },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      threshold: surge,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    new CfnQueryDefinition(this, 'QueryBlockedRequests', {
      name: `${this.stackName}/Blocked requests by rule, address and path`,
      logGroupNames: [webAcl.logGroup.logGroupName],
      queryString: [
        'filter action = "BLOCK"',
        '| stats count(*) as blocked by terminatingRuleId, httpRequest.clientIp, httpRequest.country, httpRequest.uri',
        '| sort blocked desc',
        '| limit 50',
      ].join('\n'),
    });
    ops.notifyEveryAlarm();
  }
}

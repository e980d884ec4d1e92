// The web ACL in front of the portal's CloudFront distribution: AWS managed rule groups against known-bad sources
// and inputs, and per-address rate limits, tightest on the routes anyone may call without a token (sign-in links
// send mail). It must live in us-east-1 (scope CLOUDFRONT); every rule and the web ACL publish CloudWatch metrics
// and sampled requests, and every request is logged, credentials redacted.
import { ArnFormat, Stack } from 'aws-cdk-lib';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** A per-address limit on some paths: requests in any 5 minutes, then 429 until the address slows down. */
export interface PathRateLimit {
  /**
   * Paths it counts: exact (`/api/calls/sendSignInLink`), or a prefix when ending in `*` (`/api/dast/*`).
   */
  readonly paths: readonly string[];
  /** Requests per address in any 5-minute window (WAF's minimum is 10). */
  readonly limit: number;
}

export interface PortalWebAclProps {
  /**
   * The sign-in link call: one request sends a mail. Tighter than every other limit.
   * @default { paths: ['/api/calls/sendSignInLink'], limit: 100 }
   */
  readonly signIn?: PathRateLimit;
  /**
   * The other routes without a token (public vault calls, agent enrolment, the DAST endpoint): each checks a secret
   * the caller presents, so many requests from one address are guesses.
   * @default - none
   */
  readonly publicRoutes?: PathRateLimit;
  /**
   * Requests of one address to anything (pages, assets, API).
   * @default 2000
   */
  readonly requestLimit?: number;
  /** @default RetentionDays.ONE_YEAR */
  readonly logRetention?: RetentionDays;
}

/** The limit on every request of one address, and the sign-in limit, by default. */
export const defaultRequestLimit = 2000;
export const defaultSignInLimit = 100;
export const signInPath = '/api/calls/sendSignInLink';
/** The web ACL's CloudWatch metric name: the WebACL dimension of its AWS/WAFV2 metrics (Rule ALL: every rule). */
export const webAclMetricName = 'SecurityPortalWebAcl';

/**
 * Rules of the Common and Known-bad-inputs groups that only count (logged and in metrics, not blocked). The portal's
 * content is security findings: request bodies legitimately hold attack strings (XSS, LFI/RFI, SSRF and Log4j
 * payloads as evidence, shared secrets in the vault), and call bodies may be up to 10 MB, past SizeRestrictions_BODY's
 * 8 KB. Bodies are checked by each call's schema instead, and rendered escaped. Header, URI and query rules block.
 */
export const countOnlyRules = {
  AWSManagedRulesCommonRuleSet: [
    'SizeRestrictions_BODY',
    'CrossSiteScripting_BODY',
    'GenericLFI_BODY',
    'GenericRFI_BODY',
    'EC2MetaDataSSRF_BODY',
  ],
  AWSManagedRulesKnownBadInputsRuleSet: ['Log4JRCE_BODY', 'JavaDeserializationRCE_BODY'],
} as const;

// The call protocol's own 429 (ARCHITECTURE.md, Protocol): the web client shows it as resource-exhausted.
const tooManyRequestsBody = 'TooManyRequests';
const tooManyRequests = JSON.stringify({
  error: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests from your address. Please try again later.' },
});

export class PortalWebAcl extends Construct {
  readonly webAcl: CfnWebACL;
  /** The ARN, which is what CloudFront takes as a WAFv2 web ACL id. */
  readonly webAclArn: string;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: PortalWebAclProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    if (stack.region !== 'us-east-1') {
      throw new Error(`A CloudFront web ACL must be created in us-east-1, not ${stack.region}`);
    }
    const signIn = props.signIn ?? { paths: [signInPath], limit: defaultSignInLimit };
    const requestLimit = props.requestLimit ?? defaultRequestLimit;
    for (const limited of [signIn, ...(props.publicRoutes ? [props.publicRoutes] : [])]) {
      if (limited.limit >= requestLimit) {
        throw new Error(`A path limit (${limited.limit}) must be tighter than the request limit (${requestLimit})`);
      }
    }

    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const rateRule = (name: string, priority: number, limit: number, paths?: readonly string[]) => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: tooManyRequestsBody } } },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: 300,
          ...(paths ? { scopeDownStatement: anyPath(paths) } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    const managedRule = (
      name: keyof typeof countOnlyRules | 'AWSManagedRulesAmazonIpReputationList',
      priority: number,
    ) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name in countOnlyRules
            ? {
                ruleActionOverrides: countOnlyRules[name as keyof typeof countOnlyRules].map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    // Cheapest and most certain first: known-bad addresses, then the limits (a blocked request counts no further).
    const rules: CfnWebACL.RuleProperty[] = [
      managedRule('AWSManagedRulesAmazonIpReputationList', 0),
      rateRule('SignInRate', 10, signIn.limit, signIn.paths),
      ...(props.publicRoutes
        ? [rateRule('PublicRoutesRate', 20, props.publicRoutes.limit, props.publicRoutes.paths)]
        : []),
      rateRule('RequestRate', 30, requestLimit),
      managedRule('AWSManagedRulesCommonRuleSet', 40),
      managedRule('AWSManagedRulesKnownBadInputsRuleSet', 50),
    ];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Security portal: managed rule groups and per-address rate limits in front of CloudFront',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [tooManyRequestsBody]: { contentType: 'APPLICATION_JSON', content: tooManyRequests },
      },
      rules,
      visibilityConfig: visibility(webAclMetricName),
    });
    this.webAclArn = this.webAcl.attrArn;

    // WAF writes only to a log group whose name starts with aws-waf-logs-, and adds its own resource policy to it.
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${stack.stackName}`,
      retention: props.logRetention ?? RetentionDays.ONE_YEAR,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's own Arn attribute ends in ':*', which WAF refuses as a destination.
      logDestinationConfigs: [
        stack.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // DAST API keys and ID tokens travel in Authorization; the template search's keys in its query string.
      redactedFields: [
        { singleHeader: { Name: 'authorization' } },
        { singleHeader: { Name: 'x-algolia-api-key' } },
        { queryString: {} },
      ],
    });
  }
}

/** A statement matching any of the paths (exact, or a prefix when ending in `*`). */
function anyPath(paths: readonly string[]): CfnWebACL.StatementProperty {
  if (paths.length === 0) throw new Error('A path rate limit needs at least one path');
  const statements = paths.map((path): CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: path.endsWith('*') ? 'STARTS_WITH' : 'EXACTLY',
      searchString: path.endsWith('*') ? path.slice(0, -1) : path,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

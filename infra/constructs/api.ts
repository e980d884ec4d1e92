// The HTTP API: one Lambda per call group (people, findings, scanning, vault: lambdas/calls/registry.ts) answers
// that group's calls, so each bundles only its own calls' code. Each call gets its own route to its group's
// function, signed-in calls behind the Cognito JWT authorizer, public ones open but throttled; a catch-all route
// lets the people function answer NOT_FOUND for names it does not know.
import { Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpRoute,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { originSecretHeader, viewerAddressHeader } from '../edge-headers.js';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PortalAuth } from './auth.js';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';
import type { PortalMail } from './mail.js';
import type { CallGroup } from '../../lambdas/calls/registry.js';

/** Each group's construct id (its function's logical id starts with Api<id>Calls) and console description. */
const groupIds: Record<CallGroup, string> = {
  people: 'People',
  findings: 'Findings',
  scanning: 'Scanning',
  vault: 'Vault',
};
const groupDescriptions: Record<CallGroup, string> = {
  people:
    'Calls of sign-in, the session, administration, notification rules and mail senders; the digest unsubscribe link',
  findings: 'Calls of imports, findings, curation, exports, reports, reviews, templates, SLA policies and threat feeds',
  scanning: 'Calls of locations, agents and DAST keys, and the DAST endpoint (/api/dast/v1/scans)',
  vault: 'Calls of vault share and request links',
};

/**
 * A real Algolia application serving the template search instead of the portal's own endpoint:
 * getSearchClient names its id and signs the keys it hands out with its search-only key, the web searches
 * Algolia's hosts, and the worker mirrors template changes to it with its admin key.
 */
export interface AlgoliaApplication {
  readonly appId: string;
  /** Complete ARN of the Secrets Manager secret holding the search-only API key (a plain string). */
  readonly searchKeySecretArn: string;
  /** Complete ARN of the secret holding the admin API key (a plain string): only the worker reads it. */
  readonly adminKeySecretArn: string;
}

/** What the API needs to know of a call of the registry (lambdas/calls/registry.ts). */
export interface CallRoute {
  readonly name: string;
  /** The group whose function answers it. */
  readonly group: CallGroup;
  readonly access: { readonly kind: 'public' | 'signedIn'; readonly agentCredential?: true };
}

export interface PortalApiProps {
  /** The calls to route, from the registry. */
  readonly calls: readonly CallRoute[];
  /**
   * REST routes the same function answers without an authorizer, as route keys ("GET /api/dast/v1/scans/{scanId}",
   * lambdas/api/rest-routes.ts), each with the group whose function answers it: the public DAST endpoint, whose
   * callers present a DAST API key the handler checks, and the weekly digest's unsubscribe link.
   * @default - none
   */
  readonly restRoutes?: Readonly<Record<string, CallGroup>>;
  readonly data: PortalData;
  readonly mail: PortalMail;
  readonly auth: PortalAuth;
  /**
   * Answer sendSignInLink for an unknown e-mail with 'You are not currently authorized to create an account.'
   * instead of the same answer as for a known one (REVEAL_UNKNOWN_ACCOUNTS).
   * @default false
   */
  readonly revealUnknownAccounts?: boolean;
  /** Where support messages are mailed (SUPPORT_MAIL_TO). */
  readonly supportEmail: string;
  /**
   * Account-wide limit of each route without an authorizer (sendSignInLink and the catch-all): anyone can call
   * them, and sendSignInLink sends mail. Per-e-mail and per-address limits are the handler's.
   * @default { rateLimit: 5, burstLimit: 10 }
   */
  readonly publicRouteThrottle?: ThrottleSettings;
  /**
   * Account-wide limit of each route of the scanning agents' calls (no JWT; the handler checks the agent's
   * credential in one DynamoDB request, a heartbeat in one write). 1,000 agents calling every 60 s send about
   * 17 requests per second to each of agentHeartbeat and pullScanJob: the default leaves room for 3,000.
   * @default { rateLimit: 50, burstLimit: 100 }
   */
  readonly agentRouteThrottle?: ThrottleSettings;
  /**
   * Account-wide limit of each REST route of the DAST endpoint (no JWT; the handler checks the DAST key in one or
   * two DynamoDB requests and limits each key, DAST_KEY_RATE_LIMIT, and each company's running scans).
   * @default { rateLimit: 20, burstLimit: 40 }
   */
  readonly dastRouteThrottle?: ThrottleSettings;
  /**
   * Limit of every other route.
   * @default { rateLimit: 100, burstLimit: 200 }
   */
  readonly defaultThrottle?: ThrottleSettings;
  /** @default RetentionDays.ONE_YEAR */
  readonly accessLogRetention?: RetentionDays;
  /**
   * A real Algolia application for the template search.
   * @default - the portal's own search endpoint, with a key secret the stack generates
   */
  readonly algolia?: AlgoliaApplication;
}

export class PortalApi extends Construct {
  readonly httpApi: HttpApi;
  /** The function of each call group, behind its calls' routes. */
  readonly handlers: Readonly<Record<CallGroup, NodejsFunction>>;
  /**
   * What the CDN adds to every request it sends to the API (the origin's custom header originSecretHeader): both
   * functions refuse a request without it, since anyone can reach the execute-api address directly and so skip the
   * web ACL; the API believes the viewer-address header only because of it.
   */
  readonly originSecret: Secret;
  /**
   * Signs the template search's keys (getSearchClient) and checks them (the search function): generated by
   * the stack, or a real Algolia application's search-only key.
   */
  readonly searchKeySecret: ISecret;
  /** The template search endpoint (Algolia's REST protocol), at /api/search/1/indexes/... */
  readonly searchHandler: NodejsFunction;
  /** The HMAC key ("pepper") DAST API keys are stored and looked up by (DAST_KEY_SECRET_ARN). */
  readonly dastKeySecret: Secret;
  /** The stage's access log: one JSON line per request (route, status, latency, address). */
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: PortalApiProps) {
    super(scope, id);
    const { auth, data, mail } = props;

    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront to the API with every request, so the API can tell them from direct calls',
      // Letters and digits only: the value travels as an HTTP header.
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront holds a copy of the value in its distribution config, so a rotation function alone would ' +
        'break the match and refuse every request: rotating is a new value and a redeploy of both sides ' +
        '(docs/security.md).',
    });

    if (props.algolia) {
      this.searchKeySecret = Secret.fromSecretCompleteArn(this, 'AlgoliaSearchKey', props.algolia.searchKeySecretArn);
    } else {
      const searchKeySecret = new Secret(this, 'SearchKeySecret', {
        description: 'HMAC key that signs the short-lived template search keys (Algolia secured-key scheme)',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
      });
      Validations.of(searchKeySecret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'A random HMAC key, not a credential of another service: no rotation function applies. Search keys ' +
          'live an hour, so replacing it at any time only makes the web ask for a new key.',
      });
      this.searchKeySecret = searchKeySecret;
    }

    this.dastKeySecret = new Secret(this, 'DastKeySecret', {
      description: 'HMAC key of DAST API keys: the table holds only HMAC-SHA256(this key, the API key)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.dastKeySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A random HMAC key, not a credential of another service: no rotation function applies. Replacing it ' +
        'invalidates every DAST API key at once (they are found by their HMAC), which is the emergency lever.',
    });

    const environment = {
      TABLE_NAME: data.table.tableName,
      MAIL_FROM: mail.senderEmail,
      SUPPORT_MAIL_TO: props.supportEmail,
      SIGN_IN_SECRET_ARN: auth.signInSecret.secretArn,
      REVEAL_UNKNOWN_ACCOUNTS: String(props.revealUnknownAccounts ?? false),
      VIEWER_ADDRESS_HEADER: viewerAddressHeader,
      ORIGIN_SECRET_HEADER: originSecretHeader,
      ORIGIN_SECRET_ARN: this.originSecret.secretArn,
      USER_POOL_ID: auth.userPool.userPoolId,
      SEARCH_KEY_SECRET_ARN: this.searchKeySecret.secretArn,
      DAST_KEY_SECRET_ARN: this.dastKeySecret.secretArn,
      // With a real Algolia application: its id for getSearchClient, and the admin key's ARN only as the
      // switch that queues a mirror run after template writes (the worker reads the key; this function may not).
      ...(props.algolia
        ? { SEARCH_APP_ID: props.algolia.appId, ALGOLIA_ADMIN_KEY_SECRET_ARN: props.algolia.adminKeySecretArn }
        : {}),
    };
    // The four functions share one configuration and one set of permissions (what the single API function had):
    // a narrower role per group is possible, the calls' kernel code being shared (mail, events, sessions).
    const makeHandler = (group: CallGroup) => {
      const handler = new PortalFunction(this, `${groupIds[group]}Calls`, {
        handler: `${group}Api`,
        description: groupDescriptions[group],
        environment,
      }).function;
      data.grantReadWrite(handler);
      // Invitations create users (and undo a half-made one); sign-out-everywhere revokes their sessions.
      handler.addToRolePolicy(
        new PolicyStatement({
          actions: [
            'cognito-idp:AdminCreateUser',
            'cognito-idp:AdminGetUser',
            'cognito-idp:AdminDeleteUser',
            'cognito-idp:AdminUserGlobalSignOut',
          ],
          resources: [auth.userPool.userPoolArn],
        }),
      );
      mail.grantSend(handler);
      mail.grantManageIdentities(handler);
      auth.grantReadSignInSecret(handler);
      // GetSecretValue on each secret it reads (grantRead would add DescribeSecret, which the handler does not use).
      for (const secret of [this.originSecret, this.searchKeySecret, this.dastKeySecret]) {
        handler.addToRolePolicy(
          new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
        );
      }
      return handler;
    };
    this.handlers = {
      people: makeHandler('people'),
      findings: makeHandler('findings'),
      scanning: makeHandler('scanning'),
      vault: makeHandler('vault'),
    };

    // The template search: reads templates (one Query per refresh), checks keys; writes nothing. Its index
    // lives in the instance's memory, hence more memory than the calls.
    this.searchHandler = new PortalFunction(this, 'TemplateSearch', {
      handler: 'templateSearch',
      description: 'Template search, Algolia REST protocol (POST /api/search/1/indexes/*/queries)',
      memorySize: 1536,
      environment: {
        TABLE_NAME: data.table.tableName,
        SEARCH_KEY_SECRET_ARN: this.searchKeySecret.secretArn,
        ORIGIN_SECRET_HEADER: originSecretHeader,
        ORIGIN_SECRET_ARN: this.originSecret.secretArn,
      },
    }).function;
    data.grantRead(this.searchHandler);
    for (const secret of [this.searchKeySecret, this.originSecret]) {
      this.searchHandler.addToRolePolicy(
        new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
      );
    }

    // No CORS: the browser reaches the API on the web's own origin, through CloudFront's /api/* behaviour.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Security portal calls',
      createDefaultStage: false,
    });
    const accessLogs = (this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? RetentionDays.ONE_YEAR,
    }));
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.defaultThrottle ?? { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            sourceIp: '$context.identity.sourceIp',
            requestTime: '$context.requestTimeEpoch',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            user: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const integrations = {
      people: new HttpLambdaIntegration('PeopleCalls', this.handlers.people),
      findings: new HttpLambdaIntegration('FindingsCalls', this.handlers.findings),
      scanning: new HttpLambdaIntegration('ScanningCalls', this.handlers.scanning),
      vault: new HttpLambdaIntegration('VaultCalls', this.handlers.vault),
    };
    const signedIn = new HttpUserPoolAuthorizer('SignedIn', auth.userPool, {
      userPoolClients: [auth.userPoolClient],
    });
    type OpenKind = 'public' | 'agent' | 'dast' | 'unsubscribe';
    const openRoutes = new Map<string, { route: HttpRoute; kind: OpenKind }>();
    const addRoute = (
      group: CallGroup,
      path: string,
      authorizer?: HttpUserPoolAuthorizer,
      kind: OpenKind = 'public',
      method: HttpMethod = HttpMethod.POST,
    ) => {
      const integration = integrations[group];
      const [route] = this.httpApi.addRoutes({ path, methods: [method], integration, authorizer });
      if (route && !authorizer) openRoutes.set(`${method} ${path}`, { route, kind });
    };
    for (const call of props.calls) {
      addRoute(
        call.group,
        `/api/calls/${call.name}`,
        call.access.kind === 'signedIn' ? signedIn : undefined,
        call.access.agentCredential === true ? 'agent' : 'public',
      );
    }
    for (const [routeKey, group] of Object.entries(props.restRoutes ?? {})) {
      const [method, path] = routeKey.split(' ');
      if (!path || !Object.values(HttpMethod).includes(method as HttpMethod)) {
        throw new Error(`Not a route key: ${routeKey}`);
      }
      addRoute(group, path, undefined, path.startsWith('/api/digest/') ? 'unsubscribe' : 'dast', method as HttpMethod);
    }
    // Exact routes win over this one, so it only sees names the registry does not have (or a signed-in call
    // reached without its exact path, which the handler refuses without claims).
    addRoute('people', '/api/calls/{name}');
    // No JWT authorizer: the Algolia client sends its secured key, which the search function checks.
    const [searchRoute] = this.httpApi.addRoutes({
      path: '/api/search/{proxy+}',
      methods: [HttpMethod.POST],
      integration: new HttpLambdaIntegration('TemplateSearch', this.searchHandler),
    });
    if (searchRoute) {
      Validations.of(searchRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'The Algolia client authenticates with its secured search key (x-algolia-api-key), not a Cognito token; ' +
          'the function refuses forged, expired and other-index keys. The route keeps the default throttle: ' +
          'the search runs as the analyst types.',
      });
    }

    const publicThrottle = props.publicRouteThrottle ?? { rateLimit: 5, burstLimit: 10 };
    const routeSettings: Record<string, { ThrottlingRateLimit?: number; ThrottlingBurstLimit?: number }> = {};
    const agentThrottle = props.agentRouteThrottle ?? { rateLimit: 50, burstLimit: 100 };
    const dastThrottle = props.dastRouteThrottle ?? { rateLimit: 20, burstLimit: 40 };
    for (const [routeKey, { route, kind }] of openRoutes) {
      const throttle =
        kind === 'agent' ? agentThrottle : kind === 'dast' || kind === 'unsubscribe' ? dastThrottle : publicThrottle;
      routeSettings[routeKey] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
      };
      // A stage can only name routes that already exist.
      stage.node.addDependency(route);
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          kind === 'unsubscribe'
            ? "The weekly digest's unsubscribe link, opened from a mail without signing in: the handler checks the " +
              "token's HMAC signature before anything else, and the token can only turn one user's weekly digest of " +
              'one company off. The route is throttled.'
            : kind === 'dast'
              ? 'The public DAST endpoint: a pipeline presents a DAST API key (Authorization: Bearer), which the ' +
                'handler checks (checksum, HMAC lookup, revocation, expiry, company switch, scope, per-key rate ' +
                'limit) before anything else; the route is throttled.'
              : kind === 'agent'
                ? 'A scanning agent has no Cognito token: it presents its own credential (or enrollment token), whose ' +
                  'hash the handler checks before anything else; unknown, revoked and wrong credentials are refused.'
                : 'Open by design: requesting a sign-in link precedes having a token, and the catch-all only answers ' +
                  'NOT_FOUND or UNAUTHENTICATED. The route is throttled and the handler limits per e-mail and address.',
      });
    }
    (stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
  }

  /** The exact origins (https://host) sign-in links may point at (ALLOWED_ORIGINS). */
  allowSignInLinksTo(origins: readonly string[]): void {
    for (const handler of Object.values(this.handlers)) handler.addEnvironment('ALLOWED_ORIGINS', origins.join(','));
  }
}

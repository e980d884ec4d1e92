// The web origin: the built app in a private bucket behind CloudFront (origin access control), the API on
// the same origin under /api/*, strict security headers on every answer, and runtime-config.json written
// at deploy time so one build serves every environment.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  contentSecurityPolicy,
  frameOption,
  permissionsPolicy,
  referrerPolicy,
  serviceWorkerFile,
  strictTransportSecurity,
  vaultCacheControl,
  vaultPageFile,
  vaultPathPrefix,
} from '../security-headers.js';
import { originSecretHeader, viewerAddressHeader } from '../edge-headers.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

/** The hosts Algolia's search client reads from for an application, as it names them when given none. */
export function algoliaSearchOrigins(appId: string): string[] {
  return [`https://${appId}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${appId}-${n}.algolianet.com`)];
}

/** What the web reads at start (GET /runtime-config.json). */
export interface RuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

export interface PortalWebProps {
  /** The built web app (index.html at its root), as `npm run build:web` leaves it. */
  readonly webAssetPath: string;
  /** The API served under /api/* on the same origin. */
  readonly httpApi: IHttpApi;
  /** Sent to the API with every request, in originSecretHeader, so the API believes the viewer address. */
  readonly apiOriginSecret: ISecret;
  /** Written to runtime-config.json with apiUrl '/api'. */
  readonly runtimeConfig: RuntimeConfig;
  /**
   * Origins the app calls besides its own and the Cognito endpoint (CSP connect-src): the uploads
   * bucket's address, where browsers post scan files.
   * @default []
   */
  readonly connectOrigins?: readonly string[];
  /**
   * The id of a real Algolia application serving the template search: runtime-config.json then names no
   * searchHosts (the Algolia client uses the application's own hosts) and the CSP allows those hosts.
   * @default - the portal's own search endpoint, /api/search on this origin
   */
  readonly algoliaAppId?: string;
  /**
   * A WAF web ACL (global scope, created in us-east-1) to attach to the distribution.
   * @default - none
   */
  readonly webAclId?: string;
  /**
   * How long CloudFront and S3 access logs are kept.
   * @default Duration.days(365)
   */
  readonly accessLogExpiration?: Duration;
}

// Paths without a file extension are routes of the single-page app: they all get index.html, but /vault/*,
// which gets the vault's own page (vault.html, without the signed-in app). Files that do not exist stay
// 403/404 (no HTML served as a script), and /api/* never runs this function.
const spaFallbackCode = `
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = request.uri.indexOf('${vaultPathPrefix}') === 0 ? '/${vaultPageFile}' : '/index.html';
  }
  return request;
}`;

/** The member of a CloudFront header enum whose value is `value` (the header's text). */
function cloudFrontValue<Value extends string>(members: Record<string, Value>, value: string): Value {
  const member = Object.values(members).find((candidate) => candidate === value);
  if (!member) throw new Error(`CloudFront's response-headers policy has no setting for ${value}`);
  return member;
}

// Behind CloudFront, API Gateway sees the edge's address, which would make the per-address sign-in
// throttle shared by everyone behind one edge. The function overwrites any value the viewer sent.
const viewerAddressCode = `
function handler(event) {
  event.request.headers['${viewerAddressHeader}'] = { value: event.viewer.ip };
  return event.request;
}`;

export class PortalWeb extends Construct {
  readonly distribution: Distribution;
  /** CloudFront's standard logs and the buckets' server access logs. */
  readonly accessLogs: Bucket;
  /** https://<distribution domain>, where the portal is served. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: PortalWebProps) {
    super(scope, id);
    if (!existsSync(join(props.webAssetPath, 'index.html'))) {
      throw new Error(
        `The built web app is missing (no index.html in ${props.webAssetPath}). Run \`npm run build:web\` first.`,
      );
    }
    const stack = Stack.of(this);

    const accessLogs = (this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, which bucket-owner-enforced ownership refuses.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: props.accessLogExpiration ?? Duration.days(365) }],
    }));
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging its own access would recurse.',
    });

    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    // The one definition of the portal's security headers (infra/security-headers.ts, which the local origin
    // sends too), mapped onto CloudFront's fields; Permissions-Policy has no field of its own.
    const cognitoEndpoint = `https://cognito-idp.${stack.region}.${stack.urlSuffix}`;
    const securityHeadersBehavior = {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          connectOrigins: [
            cognitoEndpoint,
            ...(props.connectOrigins ?? []),
            ...(props.algoliaAppId ? algoliaSearchOrigins(props.algoliaAppId) : []),
          ],
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(strictTransportSecurity.maxAgeSeconds),
        includeSubdomains: strictTransportSecurity.includeSubdomains,
        preload: strictTransportSecurity.preload,
        override: true,
      },
      referrerPolicy: { referrerPolicy: cloudFrontValue(HeadersReferrerPolicy, referrerPolicy), override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudFrontValue(HeadersFrameOption, frameOption), override: true },
    };
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security portal: CSP, HSTS, no referrer, no framing, no powerful features',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });

    // The vault's pages: the same headers, and nothing stored (vaultCacheControl).
    const vaultHeaders = new ResponseHeadersPolicy(this, 'VaultHeaders', {
      comment: 'Security portal vault pages: the security headers, and no-store',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: permissionsPolicy, override: true },
          { header: 'Cache-Control', value: vaultCacheControl, override: true },
        ],
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Serves index.html for the routes of the single-page app',
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
    });

    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      comment: 'Passes the viewer address to the API',
      code: FunctionCode.fromInline(viewerAddressCode),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiDomain = `${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(site);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Security portal',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclId,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        [`${vaultPathPrefix}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: vaultHeaders,
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // The API believes x-viewer-address only beside this header; CloudFront overwrites any value a viewer
            // sends under the same name. The dynamic reference resolves at deploy time, and CloudFront then keeps
            // the value in the distribution config (readable with cloudfront:GetDistributionConfig): a new secret
            // value takes effect at CloudFront only with a redeploy.
            customHeaders: { [originSecretHeader]: props.apiOriginSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything but Host, which must stay the API's own for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The portal serves clients wherever they are; no country is excluded by policy.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; ' +
          'a custom domain with its ACM certificate would set TLSv1.2_2021.',
      },
      ...(props.webAclId
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'No WAF by default (a global web ACL lives in us-east-1 and is billed per rule): sign-in is throttled ' +
                'per e-mail and address in the handler and per route in API Gateway. Pass webAclId to attach one.',
            },
          ]),
    );

    // The deployments' (CDK-provided) function gets its own role and log group rather than
    // AWSLambdaBasicExecutionRole; the deployments grant it the bucket rights they use.
    const deploymentLogs = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });
    const deploymentRole = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    deploymentLogs.grantWrite(deploymentRole);

    // Hashed bundles never change under their name: cache them for a year. Old ones stay (no prune) for pages
    // still open on the previous version.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(props.webAssetPath)],
      destinationBucket: site,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    // Everything else (index.html, runtime-config.json, the manifest, public files) is revalidated on every load.
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [
        Source.asset(props.webAssetPath),
        Source.jsonData('runtime-config.json', {
          ...props.runtimeConfig,
          apiUrl: '/api',
          // The template search's hosts, as the Algolia client's `hosts` option takes them: this same origin,
          // or none with a real Algolia application (the client's own hosts for it).
          searchHosts: props.algoliaAppId
            ? []
            : [{ url: `${this.distribution.distributionDomainName}/api/search`, protocol: 'https', accept: 'read' }],
        }),
      ],
      destinationBucket: site,
      exclude: ['assets/*', serviceWorkerFile],
      // no-cache also bounds CloudFront's copy to the cache policy's 1-second minimum: no invalidation
      // (and no cloudfront:CreateInvalidation on "*") is needed for a new version to show.
      cacheControl: [CacheControl.noCache()],
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    // index.html must never name a bundle that is not there yet.
    entry.node.addDependency(assets);
    // The installable app's service worker last, revalidated too: it precaches index.html under the revision it
    // names, so it must never be fetched while the previous index.html is still there (a browser would keep that
    // shell until the next deploy). Browsers look for a new one at every start; Reload to update brings it in.
    const serviceWorker = new BucketDeployment(this, 'DeployServiceWorker', {
      sources: [Source.asset(props.webAssetPath)],
      destinationBucket: site,
      exclude: ['*'],
      include: [serviceWorkerFile],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      role: deploymentRole,
      logGroup: deploymentLogs,
    });
    serviceWorker.node.addDependency(entry);

    acknowledgeWildcardGrants(
      deploymentRole,
      [
        /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
        /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
        new RegExp(`^Resource::<${stack.getLogicalId(site.node.defaultChild as CfnBucket)}\\.Arn>/\\*$`),
      ],
      'Granted by BucketDeployment: read of the CDK asset objects and write of the site bucket objects; the ' +
        'wildcards are object-level and action-family ones within those two buckets only.',
    );
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason: 'The CDK-provided BucketDeployment function; aws-cdk-lib chooses and updates its runtime.',
        });
      }
    }
  }
}

// The edge's own stack, in us-east-1 because a CloudFront web ACL (scope CLOUDFRONT) can only be created there,
// wherever the portal's stack is deployed. The portal stack takes the web ACL's ARN (crossRegionReferences: CDK
// writes it to an SSM parameter in the portal's region, and the distribution resolves it at deploy time).
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { restRouteKeys } from '../../lambdas/api/rest-routes.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { PortalWebAcl, type PortalWebAclProps, signInPath } from '../constructs/web-acl.js';

export interface PortalEdgeStackProps extends StackProps {
  /**
   * Per-address limits: requests to anything, and on the routes without a token (the sign-in link the tightest).
   * @default PortalWebAcl's defaults: 2000, public routes 300 and sign-in 100 per 5 minutes
   */
  readonly limits?: { readonly requests?: number; readonly publicRoutes?: number; readonly signIn?: number };
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
    this.webAclArn = new PortalWebAcl(this, 'WebAcl', limits).webAclArn;
  }
}

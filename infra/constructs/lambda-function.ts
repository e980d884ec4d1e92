// The one way the portal makes a Lambda function: Node 22 on arm64, bundled locally by esbuild with the
// options of lambda-bundling.ts, its own role and its own log group. Grants are added by the caller,
// per function, so every role holds only what its handler uses.
import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { lambdaEntries, lambdaEsbuildOptions, type LambdaName, repoRoot } from './lambda-bundling.js';

export interface PortalFunctionProps {
  /** Which handler of lambda-bundling.ts this function runs. */
  readonly handler: LambdaName;
  /** What the function is for, shown in the console. */
  readonly description: string;
  /**
   * The variables of lambdas/kernel/config.ts that this handler reads, and no others.
   * @default - none
   */
  readonly environment?: Record<string, string>;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** More memory is also more CPU, which shortens cold starts. @default 1024 */
  readonly memorySize?: number;
  /** @default RetentionDays.ONE_YEAR */
  readonly logRetention?: RetentionDays;
}

export class PortalFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_YEAR });
    // An own role instead of AWSLambdaBasicExecutionRole: writing to this function's log group only.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      description: props.description,
      entry: join(repoRoot, lambdaEntries[props.handler]),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup,
      environment: props.environment,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: lambdaEsbuildOptions.target,
        mainFields: lambdaEsbuildOptions.mainFields,
        banner: lambdaEsbuildOptions.banner.js,
        minify: lambdaEsbuildOptions.minify,
        sourceMap: lambdaEsbuildOptions.sourcemap,
        externalModules: lambdaEsbuildOptions.external,
        bundleAwsSDK: true,
        esbuildArgs: Object.fromEntries(
          Object.entries(lambdaEsbuildOptions.alias).map(([from, to]) => [`--alias:${from}`, to]),
        ),
        forceDockerBundling: false,
      },
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the project targets and tests against (ARCHITECTURE.md, the local stack); ' +
        'moving to a newer Node is a deliberate upgrade, not a template change.',
    });
  }
}

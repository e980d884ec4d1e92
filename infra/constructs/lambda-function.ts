// The one way the portal makes a Lambda function: Node 22 on arm64, bundled locally by esbuild with the
// options of lambda-bundling.ts, Powertools from its official layer, its own role and its own log group, X-Ray
// tracing active. Grants are added by the caller, per function, so every role holds only what its handler uses.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, type ILayerVersion, LayerVersion, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';
import { runbook, type RunbookSection } from './runbook.js';
import {
  lambdaEntries,
  lambdaEsbuildOptions,
  type LambdaName,
  powertoolsLayerParameter,
  powertoolsVersion,
  repoRoot,
} from './lambda-bundling.js';

const powertoolsLayerId = 'PowertoolsLayer';

/**
 * Powertools' official Lambda layer of the installed version, one reference per stack that every function shares:
 * its ARN is read at deploy time from the public SSM parameter Powertools publishes for that version in every
 * commercial region (one template parameter), so the layer is always exactly the version the code was built and
 * tested with.
 */
export function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(powertoolsLayerId) as ILayerVersion | undefined;
  if (existing) return existing;
  const arn = StringParameter.valueForStringParameter(stack, powertoolsLayerParameter(powertoolsVersion()));
  return LayerVersion.fromLayerVersionArn(stack, powertoolsLayerId, arn);
}

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
  /**
   * The runbook section of the function's errors alarm.
   * @default 'function-errors'
   */
  readonly errorsRunbook?: RunbookSection;
}

export class PortalFunction extends Construct {
  readonly function: NodejsFunction;
  /** The function's own log group, which the operations' saved queries read. */
  readonly logGroup: LogGroup;
  /** Any invocation that failed (an uncaught error or a timeout) in 5 minutes. */
  readonly errorsAlarm: Alarm;
  /** Any invocation Lambda refused for want of concurrency in 5 minutes. */
  readonly throttlesAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention ?? RetentionDays.ONE_YEAR });
    this.logGroup = logGroup;
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
      // Lambda samples at its fixed rate (the first request each second, then 5 %: X-Ray sampling rules do not apply)
      // and traces those invocations; CDK grants xray:PutTraceSegments and xray:PutTelemetryRecords on '*' for it.
      tracing: Tracing.ACTIVE,
      environment: props.environment,
      // Logger, Metrics and Tracer (with the X-Ray SDK) are left out of the bundle and loaded from the layer.
      layers: [powertoolsLayer(this)],
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

    // Acknowledged now, while the policy holds only the log and X-Ray grants: X-Ray's write actions take no resource
    // in IAM. The infra tests check that no product role has any other action on '*' but SES's identity listing.
    acknowledgeWildcardGrants(
      role,
      [/^Resource::\*$/],
      'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) support no resource-level permission: ' +
        "IAM's service authorization reference lists no resource type for them.",
    );

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the project targets and tests against (ARCHITECTURE.md, the local stack); ' +
        'moving to a newer Node is a deliberate upgrade, not a template change.',
    });

    // Every product function tells when it fails or is refused; the operations topic is their action (operations.ts).
    const what = `The ${this.node.path.split('/').slice(1).join('/')} function (${props.description.replace(/[.:]\s.*$/s, '')})`;
    this.errorsAlarm = new Alarm(this, 'ErrorsAlarm', {
      alarmDescription:
        `${what}: at least one invocation failed (an uncaught error or a timeout) in 5 minutes. ` +
        runbook(props.errorsRunbook ?? 'function-errors'),
      metric: this.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.throttlesAlarm = new Alarm(this, 'ThrottlesAlarm', {
      alarmDescription:
        `${what}: Lambda refused at least one invocation for want of concurrency in 5 minutes. ` +
        runbook('function-throttles'),
      metric: this.function.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

// Creates the first administrator when the stack is deployed, so someone can sign in and invite the rest.
// The handler is idempotent and leaves the user alone on update and delete.
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { PortalAuth } from './auth.js';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

export interface FirstAdministratorProps {
  /** E-mail of the first administrator (analyst, level 9). */
  readonly email: string;
  readonly auth: PortalAuth;
  readonly data: PortalData;
}

export class FirstAdministrator extends Construct {
  constructor(scope: Construct, id: string, props: FirstAdministratorProps) {
    super(scope, id);
    const { auth, data } = props;

    const onEvent = new PortalFunction(this, 'CreateUser', {
      handler: 'firstAdministrator',
      description: 'Creates the first administrator of the portal (custom resource)',
      timeout: Duration.seconds(30),
      environment: {
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: auth.userPool.userPoolId,
      },
    }).function;
    data.grantWrite(onEvent);
    onEvent.addToRolePolicy(
      new PolicyStatement({
        // Delete only undoes a user whose records could not be written.
        actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
        resources: [auth.userPool.userPoolArn],
      }),
    );

    // The provider's framework function, with its own role and log group (not AWSLambdaBasicExecutionRole).
    const frameworkLogs = new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.ONE_MONTH });
    const frameworkRole = new Role(this, 'ProviderRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    frameworkLogs.grantWrite(frameworkRole);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: onEvent,
      frameworkOnEventRole: frameworkRole,
      logGroup: frameworkLogs,
    });

    new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::FirstAdministrator',
      properties: { Email: props.email },
    });

    acknowledgeWildcardGrants(
      frameworkRole,
      [new RegExp(`^Resource::<${Stack.of(this).getLogicalId(onEvent.node.defaultChild as CfnFunction)}\\.Arn>:\\*$`)],
      'Granted by the CDK Provider: invoke the onEvent function, including its versions (":*").',
    );
  }
}

// The operations topic: where every alarm of a stack goes, on ALARM and on OK, and what a person (an e-mail
// subscription from the opsEmail context) or a pager or chat (subscribing to the topic's ARN, a stack output) hears.
// Encrypted with a key of its own, which CloudWatch may use: the AWS-managed SNS key does not let CloudWatch publish.
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, CompositeAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { runbookFile } from './runbook.js';

export interface OpsTopicProps {
  /**
   * Who is mailed every alarm and its recovery (SNS mails a confirmation link first).
   * @default - no subscription: subscribe a pager, chat or address to the OpsTopicArn output
   */
  readonly opsEmail?: string;
}

export class OpsTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: OpsTopicProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    const key = new Key(this, 'Key', {
      description: 'Encrypts the operations topic of the security portal (alarm notifications)',
      enableKeyRotation: true,
      // It encrypts notifications in transit through SNS only: nothing stored needs it after the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // CloudWatch publishes alarm changes of this account's alarms to the encrypted topic.
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    const thisAccountsAlarms = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*' }) },
    };
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: thisAccountsAlarms,
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Security portal operations',
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: thisAccountsAlarms,
      }),
    );
    if (props.opsEmail) this.topic.addSubscription(new EmailSubscription(props.opsEmail));

    new CfnOutput(stack, 'OpsTopicArn', {
      value: this.topic.topicArn,
      description: 'Every alarm of this stack, on ALARM and on OK: subscribe a pager or chat here',
    });
  }

  /**
   * Makes the topic the alarm and OK action of every alarm of the stack. Call once every construct exists. Refuses an
   * alarm whose description does not name its runbook section.
   */
  notifyEveryAlarm(): void {
    const action = new SnsAction(this.topic);
    for (const construct of Stack.of(this).node.findAll()) {
      if (!(construct instanceof Alarm || construct instanceof CompositeAlarm)) continue;
      const cfn = construct.node.defaultChild as { alarmDescription?: string } | undefined;
      if (!cfn?.alarmDescription?.includes(`Runbook: ${runbookFile}#`)) {
        throw new Error(`The alarm ${construct.node.path} does not name its runbook section (${runbookFile}#…)`);
      }
      construct.addAlarmAction(action);
      construct.addOkAction(action);
    }
  }
}

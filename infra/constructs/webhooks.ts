// The webhook worker: fans finding events out to the companies' endpoints and delivers them (Standard Webhooks,
// Slack, Teams) with retries. Its own FIFO queue (each delivery a message group, so a slow receiver holds up only
// its own messages), dead-letter queue with an alarm, a schedule every minute (retries due, fan-outs a lost nudge
// left), and the key the endpoints' signing secrets are encrypted with. `WEBHOOK_ALLOW_LOCAL_HTTP` is never set
// here: on AWS webhooks go to public https addresses only.
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';
import { runbook } from './runbook.js';
import { fifoWorkQueue } from './work-queue.js';
import type { PortalMail } from './mail.js';

export interface PortalWebhooksProps {
  readonly data: PortalData;
  readonly mail: PortalMail;
  /** The portal's address, for the findings' links in payloads and the mail when an endpoint is turned off. */
  readonly portalUrl: string;
  /**
   * At most this many deliveries are attempted at once (the event source's maximum concurrency).
   * @default 10
   */
  readonly maxConcurrency?: number;
}

export class PortalWebhooks extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly webhookFunction: NodejsFunction;
  /** Encrypts the endpoints' signing secrets (WEBHOOK_SECRET_KEY_ARN). */
  readonly secretKey: Secret;

  constructor(scope: Construct, id: string, props: PortalWebhooksProps) {
    super(scope, id);
    // Two 15 s attempts, the 5 s wait between them, and the reads and writes around them.
    const timeout = Duration.seconds(60);

    this.secretKey = new Secret(this, 'SecretKey', {
      description: "Encrypts webhook endpoints' signing secrets (AES-256-GCM) in the table",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.secretKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A random encryption key, not a credential of another service: no rotation function applies. Replacing it ' +
        'makes every stored signing secret unreadable; endpoints then need their secrets rotated.',
    });

    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = fifoWorkQueue(this, timeout));

    this.webhookFunction = new PortalFunction(this, 'WebhookWork', {
      handler: 'webhookWork',
      description: "Fans finding events out to companies' webhook endpoints and delivers them with retries",
      timeout,
      environment: {
        TABLE_NAME: props.data.table.tableName,
        MAIL_FROM: props.mail.senderEmail,
        PORTAL_URL: props.portalUrl,
        WEBHOOK_QUEUE_URL: this.queue.queueUrl,
        WEBHOOK_SECRET_KEY_ARN: this.secretKey.secretArn,
      },
    }).function;
    props.data.grantReadWrite(this.webhookFunction);
    props.mail.grantSend(this.webhookFunction);
    this.webhookFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secretKey.secretArn] }),
    );
    this.webhookFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }),
    );
    this.webhookFunction.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: props.maxConcurrency ?? 10,
      }),
    );
    new Rule(this, 'Sweep', {
      description: 'Queues the webhook deliveries whose retry is due, and fans out events a lost nudge left',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.webhookFunction, { event: RuleTargetInput.fromObject({ webhooks: 'sweep' }) })],
    });

    this.deadLetterAlarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription:
        'A webhook fan-out or delivery crashed on every try and waits in the dead-letter queue. ' +
        runbook('webhook-dead-letters'),
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /**
   * What the import function needs: queue a fan-out after an import's scan.completed or a bulk update's finding
   * events went to the outbox (the minute's schedule would send them anyway, later).
   */
  grantQueueFanout(worker: NodejsFunction): void {
    worker.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    worker.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }

  /**
   * What the API needs: queue fan-outs, test messages and redeliveries, and encrypt new signing secrets (it never
   * needs to decrypt one, but GetSecretValue gives the key either way).
   */
  grantManageWebhooks(api: NodejsFunction): void {
    api.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    api.addEnvironment('WEBHOOK_SECRET_KEY_ARN', this.secretKey.secretArn);
    api.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    api.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secretKey.secretArn] }),
    );
  }
}

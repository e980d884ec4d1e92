// The report worker: exports of findings (CSV, XLSX, PDF written under exports/ of the uploads bucket, fetched
// through presigned GETs the API signs) and notification mails (findings published: at once, queued by the
// API; the daily digest and the weekly digest: EventBridge schedules). Its own FIFO queue, dead-letter queue with
// an alarm, and function, apart from the import worker (see lambdas/kernel/exports/report-queue.ts for why).
import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { importBatchSize } from '../import-queue.js';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';
import { runbook } from './runbook.js';
import { fifoWorkQueue } from './work-queue.js';
import type { PortalMail } from './mail.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

/** Export files live under this prefix of the uploads bucket (browsers can never post there). */
export const exportsPrefix = 'exports/';

export interface PortalReportsProps {
  readonly data: PortalData;
  readonly mail: PortalMail;
  /** The uploads bucket; export files are kept under exports/ and removed by a lifecycle rule. */
  readonly bucket: Bucket;
  /** The portal's address, for links in notification mails. */
  readonly portalUrl: string;
  /**
   * How long an export file is kept (getFindingExport hands out links to it while its record lives: 7 days).
   * @default Duration.days(7)
   */
  readonly exportExpiration?: Duration;
  /**
   * When the daily digest is sent (UTC).
   * @default Schedule.cron({ minute: '0', hour: '6' })
   */
  readonly digestSchedule?: Schedule;
  /**
   * When the weekly digest is sent (UTC).
   * @default Schedule.cron({ minute: '0', hour: '7', weekDay: 'MON' })
   */
  readonly weeklyDigestSchedule?: Schedule;
  /** The key the weekly digest's unsubscribe links are signed with (derived from it: SIGN_IN_SECRET_ARN). */
  readonly signInSecret: ISecret;
}

export class PortalReports extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly reportFunction: NodejsFunction;
  private readonly exportObjects: string;
  private readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: PortalReportsProps) {
    super(scope, id);
    const timeout = Duration.minutes(15);
    this.bucket = props.bucket;
    props.bucket.addLifecycleRule({
      id: 'ExpireExports',
      prefix: exportsPrefix,
      expiration: props.exportExpiration ?? Duration.days(7),
    });
    this.exportObjects = props.bucket.arnForObjects(`${exportsPrefix}*`);

    // Each message is named (export-<id>, notify-<company and minute>: kernel/exports/report-queue.ts).
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = fifoWorkQueue(this, timeout));

    this.reportFunction = new PortalFunction(this, 'ReportWork', {
      handler: 'reportWork',
      description: 'Runs findings exports (CSV, XLSX, PDF) and sends notification mails, daily and weekly digests',
      timeout,
      // A PDF of 10,000 findings is built in memory before it is written.
      memorySize: 2048,
      environment: {
        TABLE_NAME: props.data.table.tableName,
        UPLOADS_BUCKET: props.bucket.bucketName,
        MAIL_FROM: props.mail.senderEmail,
        PORTAL_URL: props.portalUrl,
        SIGN_IN_SECRET_ARN: props.signInSecret.secretArn,
      },
    }).function;
    props.data.grantReadWrite(this.reportFunction);
    props.mail.grantSend(this.reportFunction);
    this.reportFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.exportObjects] }),
    );
    // The weekly digest signs each mail's unsubscribe link (kernel/notifications/digest-unsubscribe.ts).
    this.reportFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.signInSecret.secretArn] }),
    );
    this.reportFunction.addEventSource(
      new SqsEventSource(this.queue, { batchSize: importBatchSize, reportBatchItemFailures: true }),
    );
    this.acknowledgeExportObjects(this.reportFunction);
    // The daily run queues one digest message per company (kernel/notifications/notification-delivery.ts).
    this.grantQueueNotifications(this.reportFunction);

    new Rule(this, 'DailyDigest', {
      description: 'Sends the daily digest of newly published findings to the companies that chose it',
      schedule: props.digestSchedule ?? Schedule.cron({ minute: '0', hour: '6' }),
      targets: [new LambdaFunction(this.reportFunction, { event: RuleTargetInput.fromObject({ digest: 'daily' }) })],
    });
    // The weekly run queues one weekly digest message per company with subscribers
    // (kernel/notifications/weekly-digest-delivery.ts).
    new Rule(this, 'WeeklyDigest', {
      description: "Sends each subscriber the week's new, fixed, reopened, overdue and known-exploited findings",
      schedule: props.weeklyDigestSchedule ?? Schedule.cron({ minute: '0', hour: '7', weekDay: 'MON' }),
      targets: [new LambdaFunction(this.reportFunction, { event: RuleTargetInput.fromObject({ digest: 'weekly' }) })],
    });

    this.deadLetterAlarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription:
        'An export, notification mail or vault clean-up failed on every try and waits in the dead-letter queue. ' +
        runbook('report-dead-letters'),
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
   * What the API needs: queue exports and notifications, and presign GETs of export files (a presigned GET is
   * authorised as its signer, so s3:GetObject on exports/ only).
   */
  grantStartReports(api: NodejsFunction): void {
    api.addEnvironment('REPORT_QUEUE_URL', this.queue.queueUrl);
    api.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    api.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.exportObjects] }));
    this.acknowledgeExportObjects(api);
  }

  /**
   * What a function that publishes findings, or starts the daily digests, needs: to queue notification work
   * (SendMessage to the report queue, nothing else of it).
   */
  grantQueueNotifications(fn: NodejsFunction): void {
    fn.addEnvironment('REPORT_QUEUE_URL', this.queue.queueUrl);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }

  private acknowledgeExportObjects(fn: IFunction & IGrantable): void {
    const stack = Stack.of(this);
    const bucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    if (!fn.role) return;
    acknowledgeWildcardGrants(
      fn.role,
      [new RegExp(`^Resource::<${bucketId}\\.Arn>/${exportsPrefix}\\*$`)],
      `Objects under ${exportsPrefix} of the uploads bucket only: each export's file has a key of its own ` +
        `(${exportsPrefix}<company>/<service>/<export id>.<format>), made when the export is started.`,
    );
  }
}

// Threat feeds: the function that fetches CISA's KEV catalogue and FIRST's EPSS scores from their publishers every
// day, on an EventBridge schedule, and queues their imports on the findings' work queue, where the import worker
// checks and stores them and enriches the findings (lambdas/kernel/feeds/). The same import runs for an
// administrator's upload on Threat feeds.
import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { importFilesPrefix } from '../../lambdas/kernel/findings/scan-imports.js';
import type { PortalData } from './data.js';
import type { PortalImports } from './imports.js';
import { PortalFunction } from './lambda-function.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

export interface PortalThreatFeedsProps {
  readonly data: PortalData;
  /** The uploads bucket and the findings' work queue, whose worker imports the feeds. */
  readonly imports: PortalImports;
  /**
   * When the feeds are fetched. CISA updates KEV on working days, EPSS publishes its scores once a day (by about
   * 13:00 UTC in 2025): a fetch in the afternoon, UTC, gets that day's.
   * @default Schedule.cron({ minute: '30', hour: '15' })
   */
  readonly schedule?: Schedule;
}

export class PortalThreatFeeds extends Construct {
  readonly fetchFunction: NodejsFunction;
  /** The fetch function's errors alarm: a daily fetch failed (after EventBridge's two retries each count). */
  readonly failureAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PortalThreatFeedsProps) {
    super(scope, id);
    const { imports } = props;
    const fetch = new PortalFunction(this, 'Fetch', {
      handler: 'threatFeedFetch',
      description: "Fetches CISA's KEV catalogue and FIRST's EPSS scores daily and queues their imports",
      timeout: Duration.minutes(5),
      memorySize: 512,
      environment: {
        TABLE_NAME: props.data.table.tableName,
        UPLOADS_BUCKET: imports.uploads.bucketName,
        IMPORT_QUEUE_URL: imports.queue.queueUrl,
      },
    });
    this.fetchFunction = fetch.function;
    this.failureAlarm = fetch.errorsAlarm;
    props.data.grantReadWrite(this.fetchFunction);
    // It writes the fetched file where the worker reads started imports (imports/feeds/…), and queues the import.
    const feedFiles = imports.uploads.arnForObjects(`${importFilesPrefix}feeds/*`);
    this.fetchFunction.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [feedFiles] }));
    this.fetchFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [imports.queue.queueArn] }),
    );
    if (this.fetchFunction.role) {
      acknowledgeWildcardGrants(
        this.fetchFunction.role,
        [/^Resource::<.*Uploads.*\.Arn>\/imports\/feeds\/\*$/],
        'The fetched feeds only: each import has a key of its own under imports/feeds/<kind>/<import id>.',
      );
    }

    new Rule(this, 'DailyFetch', {
      description: "Fetches CISA's KEV catalogue and FIRST's EPSS scores from their publishers",
      schedule: props.schedule ?? Schedule.cron({ minute: '30', hour: '15' }),
      targets: [new LambdaFunction(this.fetchFunction, { retryAttempts: 2 })],
    });
  }
}

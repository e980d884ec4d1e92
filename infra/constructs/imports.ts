// Scan imports: the bucket browsers upload scan files to (presigned POSTs the API signs), the FIFO queue
// that starts imports (one message group per company and service) with its dead-letter queue and an alarm
// on it, and the import function that consumes the queue. The API gets its part through grantStartImports.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  HttpMethods,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { importFilesPrefix, uploadsPrefix } from '../../lambdas/kernel/findings/scan-imports.js';
import { evidenceFilesPrefix } from '../../lambdas/kernel/findings/finding-evidence.js';
import { importBatchSize, importFunctionMemoryMiB } from '../import-queue.js';
import type { AlgoliaApplication } from './api.js';
import type { PortalData } from './data.js';
import { PortalFunction } from './lambda-function.js';
import { runbook } from './runbook.js';
import { fifoWorkQueue } from './work-queue.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

export interface PortalImportsProps {
  readonly data: PortalData;
  /** Where the uploads bucket's server access logs go (under `uploads-bucket/`). */
  readonly accessLogsBucket: IBucket;
  /** The origins whose pages post uploads (CORS), exact https://host: the portal's own and its custom domains. */
  readonly uploadOrigins: readonly string[];
  /**
   * How long a raw upload, and the copy an import reads, are kept; the import has read it long before.
   * @default Duration.days(30)
   */
  readonly uploadExpiration?: Duration;
  /**
   * The import function's timeout; the queue's visibility timeout is six times as long, as Lambda advises.
   * @default Duration.minutes(15)
   */
  readonly importTimeout?: Duration;
  /**
   * What happens to the uploads bucket when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The uploads bucket's name. It is fixed, not generated, so the CSP (on the distribution) can name the
 * bucket's address while the bucket's CORS rule names the distribution, without a dependency cycle;
 * account and region keep it unique.
 */
export function uploadsBucketName(scope: Construct): string {
  const stack = Stack.of(scope);
  const prefix = stack.stackName
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 24);
  return `${prefix}-uploads-${stack.account}-${stack.region}`;
}

/** Where browsers post uploads: the bucket's regional virtual-hosted address, as the SDK presigns it. */
export function uploadsOrigin(scope: Construct): string {
  const stack = Stack.of(scope);
  return `https://${uploadsBucketName(scope)}.s3.${stack.region}.${stack.urlSuffix}`;
}

export class PortalImports extends Construct {
  readonly uploads: Bucket;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly importFunction: NodejsFunction;
  private readonly uploadObjects: string;
  private readonly importFileObjects: string;

  constructor(scope: Construct, id: string, props: PortalImportsProps) {
    super(scope, id);
    const importTimeout = props.importTimeout ?? Duration.minutes(15);

    this.uploads = new Bucket(this, 'Uploads', {
      bucketName: uploadsBucketName(this),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'uploads-bucket/',
      lifecycleRules: [
        {
          id: 'ExpireRawUploads',
          prefix: uploadsPrefix,
          expiration: props.uploadExpiration ?? Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        // The copies started imports read (written by CopyObject only, never by a browser).
        { id: 'ExpireImportFiles', prefix: importFilesPrefix, expiration: props.uploadExpiration ?? Duration.days(30) },
      ],
      // The browser posts the form (fields and file) and reads the status: no request header to allow.
      cors: [{ allowedMethods: [HttpMethods.POST], allowedOrigins: [...props.uploadOrigins], maxAge: 3600 }],
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    this.uploadObjects = this.uploads.arnForObjects(`${uploadsPrefix}*`);
    this.importFileObjects = this.uploads.arnForObjects(`${importFilesPrefix}*`);

    // Each message is named (MessageDeduplicationId = import-<id> or bulk-<id>: kernel/findings/import-queue.ts).
    ({ queue: this.queue, deadLetterQueue: this.deadLetterQueue } = fifoWorkQueue(this, importTimeout));

    this.importFunction = new PortalFunction(this, 'Import', {
      handler: 'scanImport',
      description: 'Runs queued scan imports: reads the uploaded file, writes findings and assets',
      timeout: importTimeout,
      memorySize: importFunctionMemoryMiB,
      environment: { TABLE_NAME: props.data.table.tableName, UPLOADS_BUCKET: this.uploads.bucketName },
    }).function;
    props.data.grantReadWrite(this.importFunction);
    // Reads the copies of the uploaded files that startScanImport made, never the uploads a form may replace.
    this.importFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.importFileObjects] }),
    );
    this.importFunction.addEventSource(
      new SqsEventSource(this.queue, { batchSize: importBatchSize, reportBatchItemFailures: true }),
    );
    this.acknowledgeUploadObjects(this.importFunction);
    // A threat-feed import queues the enrichment of findings that follows it (kernel/feeds/feed-imports.ts).
    this.importFunction.addEnvironment('IMPORT_QUEUE_URL', this.queue.queueUrl);
    this.importFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }),
    );

    this.deadLetterAlarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription:
        'A scan import or bulk update failed on every try and waits in the dead-letter queue. ' +
        runbook('import-dead-letters'),
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
   * What the API needs to start imports: presign uploads (the POST is authorised as the signer, so
   * s3:PutObject), check what arrived (HeadObject, authorised by s3:GetObject), copy it where the import reads
   * it (CopyObject: s3:GetObject on the upload, s3:PutObject on the copy), and queue the import.
   */
  grantStartImports(api: NodejsFunction): void {
    api.addEnvironment('UPLOADS_BUCKET', this.uploads.bucketName);
    api.addEnvironment('IMPORT_QUEUE_URL', this.queue.queueUrl);
    api.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [this.uploadObjects] }),
    );
    api.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.importFileObjects] }));
    // A finding's evidence files: uploaded as scan files are, checked, copied under evidence/ (kept: no lifecycle
    // rule), presigned for reading, and deleted with the piece of evidence.
    api.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.uploadObjects] }));
    api.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [this.uploads.arnForObjects(`${evidenceFilesPrefix}*`)],
      }),
    );
    // SendMessage alone: the queue's address comes with the configuration (grantSendMessages adds two reads).
    api.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    this.acknowledgeUploadObjects(api);
  }

  /**
   * The worker mirrors template changes to a real Algolia application (queued by the API after template
   * writes, and after each bulk update): its id, and its admin key, which only this function may read.
   */
  mirrorTemplatesTo(algolia: AlgoliaApplication): void {
    this.importFunction.addEnvironment('SEARCH_APP_ID', algolia.appId);
    this.importFunction.addEnvironment('ALGOLIA_ADMIN_KEY_SECRET_ARN', algolia.adminKeySecretArn);
    this.importFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [algolia.adminKeySecretArn] }),
    );
  }

  private acknowledgeUploadObjects(fn: IFunction & IGrantable): void {
    const stack = Stack.of(this);
    const bucketId = stack.getLogicalId(this.uploads.node.defaultChild as CfnBucket);
    if (!fn.role) return;
    acknowledgeWildcardGrants(
      fn.role,
      [
        new RegExp(`^Resource::<${bucketId}\\.Arn>/${uploadsPrefix}\\*$`),
        new RegExp(`^Resource::<${bucketId}\\.Arn>/${importFilesPrefix}\\*$`),
        new RegExp(`^Resource::<${bucketId}\\.Arn>/${evidenceFilesPrefix}\\*$`),
      ],
      `Objects under ${uploadsPrefix}, ${importFilesPrefix} and ${evidenceFilesPrefix} of the uploads bucket only: ` +
        `each import's files and each piece of evidence have keys of their own (<prefix><company>/<service>/…), ` +
        `made when the import or the upload is created.`,
    );
  }
}

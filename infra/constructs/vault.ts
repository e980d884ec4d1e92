// Vault files over 300 KB (kernel/vault/vault-objects.ts): sealed in the browser, posted straight to the uploads
// bucket under vault/ (the API presigns the POST with the exact size and SSE, and a 60-second GET on reveal), and
// removed once claimed by the report worker, fed by a FIFO queue whose delivery delay outlives the GET. A lifecycle
// rule on vault/ removes what an unopened link left once it can no longer be used (links live 7 days at most).
import { Duration, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type Bucket, type CfnBucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { importMaxReceiveCount } from '../import-queue.js';
import { acknowledgeWildcardGrants } from './nag-acknowledgments.js';

/** Sealed vault files live under this prefix of the uploads bucket. */
export const vaultPrefix = 'vault/';

export interface PortalVaultProps {
  /** The uploads bucket. */
  readonly bucket: Bucket;
  /** The site's origins: recipients' browsers fetch sealed files from the bucket (CORS GET). */
  readonly siteOrigins: readonly string[];
  /** The function that deletes claimed files (the report worker). */
  readonly worker: NodejsFunction;
  /** Where a cleanup that failed on every try goes (the report worker's, watched by its alarm). */
  readonly deadLetterQueue: Queue;
  /**
   * How long after a file's last view it is deleted: longer than its 60-second download link.
   * @default Duration.seconds(90)
   */
  readonly cleanupDelay?: Duration;
  /**
   * When a file no reveal claimed is removed (a link lives 7 days at most).
   * @default Duration.days(8)
   */
  readonly unclaimedExpiration?: Duration;
}

export class PortalVault extends Construct {
  readonly cleanupQueue: Queue;
  private readonly vaultObjects: string;
  private readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: PortalVaultProps) {
    super(scope, id);
    this.bucket = props.bucket;
    this.vaultObjects = props.bucket.arnForObjects(`${vaultPrefix}*`);
    props.bucket.addLifecycleRule({
      id: 'ExpireVaultFiles',
      prefix: vaultPrefix,
      expiration: props.unclaimedExpiration ?? Duration.days(8),
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    });
    props.bucket.addCorsRule({
      allowedMethods: [HttpMethods.GET],
      allowedOrigins: [...props.siteOrigins],
      maxAge: 3600,
    });

    this.cleanupQueue = new Queue(this, 'Cleanup', {
      fifo: true,
      // Each message is named (vaultObject-<link id>: kernel/vault/vault-objects.ts).
      contentBasedDeduplication: false,
      deliveryDelay: props.cleanupDelay ?? Duration.seconds(90),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // At least the worker's timeout (AWS refuses an event source otherwise); six times it, as AWS advises.
      visibilityTimeout: Duration.seconds((props.worker.timeout ?? Duration.seconds(3)).toSeconds() * 6),
      deadLetterQueue: { queue: props.deadLetterQueue, maxReceiveCount: importMaxReceiveCount },
    });

    props.worker.addEnvironment('VAULT_CLEANUP_QUEUE_URL', this.cleanupQueue.queueUrl);
    props.worker.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.vaultObjects] }));
    props.worker.addEventSource(new SqsEventSource(this.cleanupQueue, { batchSize: 1, reportBatchItemFailures: true }));
    this.acknowledgeVaultObjects(props.worker);
  }

  /**
   * What the API needs: presign a file's POST (authorised as its signer: s3:PutObject) and its reveal's GET
   * (s3:GetObject), delete it on revocation, and queue its removal after the last view.
   */
  grantVaultFiles(api: NodejsFunction): void {
    api.addEnvironment('VAULT_CLEANUP_QUEUE_URL', this.cleanupQueue.queueUrl);
    api.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [this.vaultObjects],
      }),
    );
    api.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.cleanupQueue.queueArn] }));
    this.acknowledgeVaultObjects(api);
  }

  private acknowledgeVaultObjects(fn: IFunction & IGrantable): void {
    const stack = Stack.of(this);
    const bucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    if (!fn.role) return;
    acknowledgeWildcardGrants(
      fn.role,
      [new RegExp(`^Resource::<${bucketId}\\.Arn>/${vaultPrefix}\\*$`)],
      `Objects under ${vaultPrefix} of the uploads bucket only: each vault link's sealed file has a key of its ` +
        `own (${vaultPrefix}<link id>), made when the link is created.`,
    );
  }
}

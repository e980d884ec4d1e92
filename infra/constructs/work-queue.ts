// The portal's work queues, made one way: an encrypted FIFO queue whose messages are named (no content-based
// deduplication), visible again after six times its worker's timeout, and a dead-letter queue that keeps what failed
// every try for 14 days. Made in the caller's scope with the ids DeadLetters and Queue, so each keeps its logical ids.
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { importMaxReceiveCount } from '../import-queue.js';

export function fifoWorkQueue(scope: Construct, workerTimeout: Duration): { queue: Queue; deadLetterQueue: Queue } {
  const deadLetterQueue = new Queue(scope, 'DeadLetters', {
    fifo: true,
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(scope, 'Queue', {
    fifo: true,
    contentBasedDeduplication: false,
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(workerTimeout.toSeconds() * 6),
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: importMaxReceiveCount },
  });
  return { queue, deadLetterQueue };
}

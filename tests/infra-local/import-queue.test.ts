// The local import queue, driven by the real @aws-sdk/client-sqs: a FIFO queue delivering to its consumer
// as Lambda's event source mapping does (batch size 1, batchItemFailures), one message of a group at a
// time and in order, five-minute deduplication, redelivery after a failure, the dead-letter queue after
// the third receive, and a restart that delivers what was left. Each test has queues of its own in a
// temporary folder, with a consumer written for it (the import pipeline is not this test's subject);
// the last tests check the stack's own queue answers at IMPORT_QUEUE_URL.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SendMessageCommand,
  SQSClient,
  type SendMessageCommandInput,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FifoQueue, type QueueConsumer } from '../../infra/local/queue/fifo-queue.js';
import { startSqsEndpoint, type SqsEndpoint } from '../../infra/local/queue/sqs-endpoint.js';

const region = 'eu-west-1';
const accountId = '000000000000';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

interface TestQueues {
  dataDir: string;
  queue: FifoQueue;
  deadLetters: FifoQueue;
  endpoint: SqsEndpoint;
  client: SQSClient;
  queueUrl: string;
  deadLetterUrl: string;
  logLines: string[];
  stop(graceMs?: number): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The queue and its dead-letter queue as the stack makes them, on a free port, in `dataDir`. */
async function startQueues(
  options: {
    dataDir?: string;
    consumer?: QueueConsumer;
    deduplicationWindowMs?: number;
    maxConcurrency?: number;
    deliveryDelayMs?: number;
  } = {},
): Promise<TestQueues> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'local-queue-')));
  if (!options.dataDir) cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const logLines: string[] = [];
  const log = (line: string) => logLines.push(line);
  const deadLetters = await FifoQueue.open({
    name: 'imports-dlq.fifo',
    arn: `arn:aws:sqs:${region}:${accountId}:imports-dlq.fifo`,
    region,
    dataDir: path.join(dataDir, 'imports-dlq.fifo'),
    visibilityTimeoutMs: 0,
    log,
  });
  const queue = await FifoQueue.open({
    name: 'imports.fifo',
    arn: `arn:aws:sqs:${region}:${accountId}:imports.fifo`,
    region,
    dataDir: path.join(dataDir, 'imports.fifo'),
    deadLetter: { queue: deadLetters, maxReceiveCount: 3 },
    visibilityTimeoutMs: 50,
    maxConcurrency: options.maxConcurrency,
    deduplicationWindowMs: options.deduplicationWindowMs,
    deliveryDelayMs: options.deliveryDelayMs,
    log,
  });
  const endpoint = await startSqsEndpoint({
    port: 0,
    region,
    accountId,
    accessKeyId: credentials.accessKeyId,
    queues: [queue, deadLetters],
  });
  const client = new SQSClient({ region, endpoint: endpoint.endpoint, credentials });
  let stopped = false;
  const stop = async (graceMs?: number) => {
    if (stopped) return;
    stopped = true;
    client.destroy();
    await endpoint.stop();
    await queue.stop(graceMs);
    await deadLetters.stop();
  };
  cleanups.push(() => stop(0));
  if (options.consumer) queue.consumeWith(options.consumer);
  return {
    dataDir,
    queue,
    deadLetters,
    endpoint,
    client,
    queueUrl: endpoint.queueUrl('imports.fifo'),
    deadLetterUrl: endpoint.queueUrl('imports-dlq.fifo'),
    logLines,
    stop,
  };
}

function send(queues: TestQueues, body: string, groupId: string, deduplicationId = body) {
  const input: SendMessageCommandInput = {
    QueueUrl: queues.queueUrl,
    MessageBody: body,
    MessageGroupId: groupId,
    MessageDeduplicationId: deduplicationId,
  };
  return queues.client.send(new SendMessageCommand(input));
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await delay(10);
  }
}

async function messageCount(queues: TestQueues, queueUrl: string) {
  const { Attributes } = await queues.client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
}

/** A consumer that records each record it is given and answers as `outcome` says. */
function recordingConsumer(
  outcome: (record: SQSRecord) => Promise<'ok' | 'fail' | 'throw'> | 'ok' | 'fail' | 'throw' = () => 'ok',
) {
  const records: SQSRecord[] = [];
  const events: SQSEvent[] = [];
  const consumer: QueueConsumer = async (event) => {
    events.push(event);
    const record = event.Records[0]!;
    records.push(record);
    const result = await outcome(record);
    if (result === 'throw') throw new Error('the import crashed');
    return { batchItemFailures: result === 'fail' ? [{ itemIdentifier: record.messageId }] : [] };
  };
  return { consumer, records, events };
}

describe('the SQS JSON protocol', () => {
  it('answers GetQueueUrl, SendMessage (body MD5 checked by the SDK) and GetQueueAttributes', async () => {
    const queues = await startQueues();

    const url = await queues.client.send(new GetQueueUrlCommand({ QueueName: 'imports.fifo' }));
    const first = await send(queues, '{"importId":"a"}', 'acme#dast');
    const second = await send(queues, '{"importId":"b"}', 'acme#dast');
    const attributes = await queues.client.send(
      new GetQueueAttributesCommand({ QueueUrl: queues.queueUrl, AttributeNames: ['All'] }),
    );

    expect(url.QueueUrl).toBe(`${queues.endpoint.endpoint}/${accountId}/imports.fifo`);
    expect(first.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.MD5OfMessageBody).toBe(createHash('md5').update('{"importId":"a"}').digest('hex'));
    expect(BigInt(second.SequenceNumber!)).toBeGreaterThan(BigInt(first.SequenceNumber!));
    expect(attributes.Attributes).toMatchObject({
      FifoQueue: 'true',
      QueueArn: `arn:aws:sqs:${region}:${accountId}:imports.fifo`,
      ApproximateNumberOfMessages: '2',
    });
  });

  it('answers what SQS refuses with its errors, as the SDK names them', async () => {
    const queues = await startQueues();
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: Error) => error.name,
      );

    const answers = await Promise.all([
      refusal(queues.client.send(new GetQueueUrlCommand({ QueueName: 'someone-else.fifo' }))),
      refusal(
        queues.client.send(
          new SendMessageCommand({
            QueueUrl: `${queues.endpoint.endpoint}/${accountId}/missing.fifo`,
            MessageBody: 'x',
            MessageGroupId: 'g',
            MessageDeduplicationId: 'd',
          }),
        ),
      ),
      refusal(
        queues.client.send(
          new SendMessageCommand({ QueueUrl: queues.queueUrl, MessageBody: 'x', MessageDeduplicationId: 'd' }),
        ),
      ),
      refusal(
        queues.client.send(
          new SendMessageCommand({ QueueUrl: queues.queueUrl, MessageBody: 'x', MessageGroupId: 'g' }),
        ),
      ),
      refusal(
        queues.client.send(
          new SendMessageCommand({
            QueueUrl: queues.queueUrl,
            MessageBody: 'x',
            MessageGroupId: 'g',
            MessageDeduplicationId: 'd',
            DelaySeconds: 5,
          }),
        ),
      ),
    ]);

    expect(answers).toEqual([
      'QueueDoesNotExist',
      'QueueDoesNotExist',
      'MissingParameter',
      'InvalidParameterValue',
      'InvalidParameterValue',
    ]);
    expect(await messageCount(queues, queues.queueUrl)).toBe(0);
  });

  it('refuses requests without the local access key, and from another Host (DNS rebinding)', async () => {
    const queues = await startQueues();
    const target = { 'x-amz-target': 'AmazonSQS.GetQueueUrl', 'content-type': 'application/x-amz-json-1.0' };
    const raw = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(queues.endpoint.endpoint, { method: 'POST', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{"QueueName":"imports.fifo"}');
      });

    const unsigned = await raw(target);
    const rebound = await raw({
      ...target,
      host: 'attacker.example',
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/sqs/aws4_request, Signature=0',
    });
    const otherKey = await new SQSClient({
      region,
      endpoint: queues.endpoint.endpoint,
      credentials: { accessKeyId: 'someone', secretAccessKey: 'else' },
    })
      .send(new GetQueueUrlCommand({ QueueName: 'imports.fifo' }))
      .then(
        () => 'accepted',
        (error: Error) => error.name,
      );

    expect(unsigned).toBe(403);
    expect(rebound).toBe(403);
    expect(otherKey).toBe('InvalidClientTokenId');
  });
});

describe('delivery as the Lambda event source mapping of a FIFO queue', () => {
  it('hands the consumer an SQS event of one record, with the FIFO attributes', async () => {
    const { consumer, events } = recordingConsumer();
    const queues = await startQueues({ consumer });

    const sent = await send(queues, '{"importId":"shape"}', 'acme#dast', 'dedup-shape');
    await waitFor(() => events.length === 1);

    const record = events[0]!.Records[0]!;
    expect(events[0]!.Records).toHaveLength(1);
    expect(record).toMatchObject({
      messageId: sent.MessageId,
      body: '{"importId":"shape"}',
      md5OfBody: sent.MD5OfMessageBody,
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${region}:${accountId}:imports.fifo`,
      awsRegion: region,
      messageAttributes: {},
      attributes: {
        ApproximateReceiveCount: '1',
        MessageGroupId: 'acme#dast',
        MessageDeduplicationId: 'dedup-shape',
        SequenceNumber: sent.SequenceNumber,
        SentTimestamp: expect.stringMatching(/^\d+$/),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d+$/),
      },
    });
    expect(record.receiptHandle).toEqual(expect.any(String));
    await waitFor(() => queues.queue.counts().visible + queues.queue.counts().notVisible === 0);
    expect(await readdir(path.join(queues.dataDir, 'imports.fifo', 'messages'))).toEqual([]);
  });

  it('keeps String message attributes (the correlation id): their MD5 checked by the SDK, handed to the consumer', async () => {
    const { consumer, events } = recordingConsumer();
    const queues = await startQueues({ consumer });

    const sent = await queues.client.send(
      new SendMessageCommand({
        QueueUrl: queues.queueUrl,
        MessageBody: '{"importId":"attributes"}',
        MessageGroupId: 'acme#dast',
        MessageDeduplicationId: 'dedup-attributes',
        MessageAttributes: {
          correlationId: { DataType: 'String', StringValue: 'request-1' },
          anotherOne: { DataType: 'String', StringValue: 'ünïcode' },
        },
      }),
    );
    expect(sent.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => events.length === 1);
    expect(events[0]!.Records[0]!.messageAttributes).toEqual({
      anotherOne: { dataType: 'String', stringValue: 'ünïcode', stringListValues: [], binaryListValues: [] },
      correlationId: { dataType: 'String', stringValue: 'request-1', stringListValues: [], binaryListValues: [] },
    });

    const number = await queues.client
      .send(
        new SendMessageCommand({
          QueueUrl: queues.queueUrl,
          MessageBody: 'x',
          MessageGroupId: 'g',
          MessageDeduplicationId: 'number',
          MessageAttributes: { count: { DataType: 'Number', StringValue: '1' } },
        }),
      )
      .then(
        () => 'accepted',
        (error: Error) => error.name,
      );
    expect(number).toBe('UnsupportedOperation');
  });

  it('holds every message for the queue’s delivery delay (DelaySeconds), counting it as delayed meanwhile', async () => {
    const { consumer, events } = recordingConsumer();
    const queues = await startQueues({ consumer, deliveryDelayMs: 1500 });

    const sentAt = Date.now();
    await send(queues, '{"linkId":"later"}', 'vault-later');
    const { Attributes } = await queues.client.send(
      new GetQueueAttributesCommand({ QueueUrl: queues.queueUrl, AttributeNames: ['All'] }),
    );
    expect(Attributes).toMatchObject({ DelaySeconds: '2', ApproximateNumberOfMessagesDelayed: '1' });
    expect(Attributes?.ApproximateNumberOfMessages).toBe('0');
    await delay(700);
    expect(events).toHaveLength(0);

    await waitFor(() => events.length === 1, 5000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
    expect(events[0]!.Records[0]!.body).toBe('{"linkId":"later"}');
  });

  it('delivers one message of a group at a time, in the order sent, while other groups go on beside it', async () => {
    const running = new Map<string, number>();
    let overlapInGroup = false;
    let groupsAtOnce = 0;
    // Each message is held until all eight are queued, so whether the groups overlap does not depend on how
    // fast this machine sends them.
    let markAllSent = () => {};
    const allSent = new Promise<void>((resolve) => (markAllSent = resolve));
    const { consumer, records } = recordingConsumer(async (record) => {
      const group = record.attributes.MessageGroupId!;
      running.set(group, (running.get(group) ?? 0) + 1);
      if (running.get(group)! > 1) overlapInGroup = true;
      groupsAtOnce = Math.max(groupsAtOnce, [...running.values()].filter((count) => count > 0).length);
      await allSent;
      await delay(30);
      running.set(group, running.get(group)! - 1);
      return 'ok' as const;
    });
    const queues = await startQueues({ consumer, maxConcurrency: 2 });

    for (const index of [1, 2, 3, 4]) {
      await send(queues, `acme-${index}`, 'acme#dast');
      await send(queues, `globex-${index}`, 'globex#network');
    }
    markAllSent();
    await waitFor(() => records.length === 8);

    const bodiesOf = (group: string) =>
      records.filter((record) => record.attributes.MessageGroupId === group).map((record) => record.body);
    expect(bodiesOf('acme#dast')).toEqual(['acme-1', 'acme-2', 'acme-3', 'acme-4']);
    expect(bodiesOf('globex#network')).toEqual(['globex-1', 'globex-2', 'globex-3', 'globex-4']);
    expect(overlapInGroup).toBe(false);
    expect(groupsAtOnce).toBe(2);
  });

  it('queues nothing for a deduplication id seen within the window, and the same id again after it', async () => {
    const { consumer, records } = recordingConsumer();
    const queues = await startQueues({ consumer, deduplicationWindowMs: 300 });

    const first = await send(queues, '{"importId":"x"}', 'acme#dast', 'import-x');
    const again = await send(queues, '{"importId":"x"}', 'acme#dast', 'import-x');
    await waitFor(() => records.length === 1);
    await delay(350);
    const later = await send(queues, '{"importId":"x"}', 'acme#dast', 'import-x');
    await waitFor(() => records.length === 2);
    await delay(100);

    expect(again.MessageId).toBe(first.MessageId);
    expect(later.MessageId).not.toBe(first.MessageId);
    expect(records.map((record) => record.messageId)).toEqual([first.MessageId, later.MessageId]);
  });

  it('keeps the five-minute window by default', async () => {
    const { consumer, records } = recordingConsumer();
    const queues = await startQueues({ consumer });

    await send(queues, 'a', 'g', 'same');
    await waitFor(() => records.length === 1);
    await send(queues, 'b', 'g', 'same');
    await delay(150);

    expect(records.map((record) => record.body)).toEqual(['a']);
  });

  it('delivers a failed message again (batchItemFailures or a throw) before the rest of its group', async () => {
    const failuresLeft = new Map([['first', 2]]);
    const { consumer, records } = recordingConsumer((record) => {
      const left = failuresLeft.get(record.body) ?? 0;
      failuresLeft.set(record.body, left - 1);
      if (left === 2) return 'fail';
      if (left === 1) return 'throw';
      return 'ok';
    });
    const queues = await startQueues({ consumer });

    await send(queues, 'first', 'acme#dast');
    await send(queues, 'second', 'acme#dast');
    await waitFor(() => records.length === 4);

    expect(records.map((record) => [record.body, record.attributes.ApproximateReceiveCount])).toEqual([
      ['first', '1'],
      ['first', '2'],
      ['first', '3'],
      ['second', '1'],
    ]);
    expect(new Set(records.slice(0, 3).map((record) => record.messageId)).size).toBe(1);
    await waitFor(() => queues.queue.counts().visible + queues.queue.counts().notVisible === 0);
    expect(await messageCount(queues, queues.deadLetterUrl)).toBe(0);
  });

  it('moves a message to the dead-letter queue after three failed receives, logging no body', async () => {
    const { consumer, records } = recordingConsumer((record) => (record.body.includes('poison') ? 'throw' : 'ok'));
    const queues = await startQueues({ consumer });

    const poison = await send(queues, '{"importId":"poison","secret":"do-not-log"}', 'acme#dast');
    await send(queues, '{"importId":"next"}', 'acme#dast');
    await waitFor(() => records.some((record) => record.body.includes('next')));

    expect(records.map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2', '3', '1']);
    expect(await messageCount(queues, queues.deadLetterUrl)).toBe(1);
    const moved = queues.logLines.filter((line) => line.includes('dead-letter') || line.includes('moved'));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toContain(poison.MessageId);
    expect(moved[0]).toContain('imports-dlq.fifo');
    expect(queues.logLines.join('\n')).not.toContain('do-not-log');
    expect(await readdir(path.join(queues.dataDir, 'imports-dlq.fifo', 'messages'))).toHaveLength(1);
  });

  it('treats any batch item failure as a failure of the message, as Lambda does for an unknown identifier', async () => {
    let calls = 0;
    const queues = await startQueues({
      consumer: async (): Promise<SQSBatchResponse> => {
        calls += 1;
        return { batchItemFailures: calls === 1 ? [{ itemIdentifier: '' }] : [] };
      },
    });

    await send(queues, 'once-failed', 'g');
    await waitFor(() => calls === 2);
  });
});

describe('a restart', () => {
  it('delivers what was sent but not delivered, in order, the interrupted one with its receive counted', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-queue-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // The first run's consumer never finishes its first import.
    const stuck = recordingConsumer(() => new Promise<'ok'>(() => undefined));
    const first = await startQueues({ dataDir, consumer: stuck.consumer });
    const sent = [];
    for (const body of ['one', 'two', 'three']) sent.push(await send(first, body, 'acme#dast'));
    await send(first, 'other', 'globex#dast');
    await waitFor(() => stuck.records.length === 2);
    await first.stop(20);

    const { consumer, records } = recordingConsumer();
    const second = await startQueues({ dataDir, consumer });
    await waitFor(() => records.length === 4);
    const again = await send(second, 'one', 'acme#dast');
    await delay(100);

    const acme = records.filter((record) => record.attributes.MessageGroupId === 'acme#dast');
    expect(acme.map((record) => [record.body, record.attributes.ApproximateReceiveCount])).toEqual([
      ['one', '2'],
      ['two', '1'],
      ['three', '1'],
    ]);
    expect(acme.map((record) => record.messageId)).toEqual(sent.map((message) => message.MessageId));
    // The deduplication ids are kept across the restart too.
    expect(again.MessageId).toBe(sent[0]!.MessageId);
    expect(records).toHaveLength(4);
  });

  it('keeps what the dead-letter queue holds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-queue-dlq-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const failing = recordingConsumer(() => 'fail');
    const first = await startQueues({ dataDir, consumer: failing.consumer });
    await send(first, 'poison', 'g');
    await waitFor(() => first.deadLetters.counts().visible === 1);
    await first.stop();

    const second = await startQueues({ dataDir });

    expect(await messageCount(second, second.deadLetterUrl)).toBe(1);
    expect(await messageCount(second, second.queueUrl)).toBe(0);
  });
});

describe('the local stack’s import queue', () => {
  const { environment } = inject('localStack');
  const client = new SQSClient({});

  it('answers at IMPORT_QUEUE_URL, reached through AWS_ENDPOINT_URL_SQS as the handlers reach it', async () => {
    const queueName = new URL(environment.IMPORT_QUEUE_URL!).pathname.split('/').pop()!;

    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: queueName }));
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['FifoQueue', 'QueueArn'] }),
    );

    expect(QueueUrl).toBe(environment.IMPORT_QUEUE_URL);
    expect(new URL(QueueUrl!).origin).toBe(environment.AWS_ENDPOINT_URL_SQS);
    expect(Attributes).toEqual({ FifoQueue: 'true', QueueArn: expect.stringMatching(/:portal-imports\.fifo$/) });
  });
});

// An SQS FIFO queue and the Lambda event source mapping that consumes it, for the one-machine stack:
// messages of one message group are delivered one at a time and in the order they were sent; a
// MessageDeduplicationId seen in the last five minutes queues nothing more; each delivery is an SQS
// event of one record (batch size 1) handed to the registered consumer, the same handler Lambda runs. A
// consumer that throws or names the message in batchItemFailures has failed it: the message comes back
// after the visibility timeout, still ahead of the rest of its group, and once it has been received
// maxReceiveCount times it goes to the dead-letter queue instead (one log line, never the body), as
// SQS's redrive policy does. Messages are on disk (message-store.ts) until delivered.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { type DeduplicationRecord, MessageStore, type StoredMessage } from './message-store.js';

/** The handler a queue delivers to: Lambda's SQS handler signature. */
export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface FifoQueueOptions {
  /** Ends in `.fifo`, as SQS requires of FIFO queues. */
  name: string;
  arn: string;
  region: string;
  /** This queue's messages live here. */
  dataDir: string;
  /** Where a message goes once it has been received maxReceiveCount times (the redrive policy). */
  deadLetter?: { queue: FifoQueue; maxReceiveCount: number };
  /** How long a failed message stays invisible before it is delivered again. */
  visibilityTimeoutMs: number;
  /** At most this many deliveries at once, each of another message group. @default 2 */
  maxConcurrency?: number;
  /** @default 5 minutes, as SQS */
  deduplicationWindowMs?: number;
  /**
   * The queue's delivery delay (SQS's DelaySeconds attribute, the only delay a FIFO queue has): every message
   * is delivered no sooner than this long after it was sent. @default 0
   */
  deliveryDelayMs?: number;
  /** @default console.warn */
  log?: (line: string) => void;
}

export interface SentMessage {
  messageId: string;
  md5OfBody: string;
  /** When the message has attributes. */
  md5OfMessageAttributes?: string;
  sequenceNumber: string;
}

interface MessageGroup {
  /** In sequence order; the first is the only one that may be delivered. */
  messages: StoredMessage[];
  /** The first message is being delivered. */
  busy: boolean;
  /** The first message failed and may be delivered again from this time. */
  visibleAt: number;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/**
 * SQS's MD5OfMessageAttributes of String attributes: for each attribute by name, its name, data type and value,
 * each as a 4-byte big-endian length and its UTF-8 bytes, the value preceded by its transport type (1: String).
 */
export function md5OfStringAttributes(attributes: Record<string, string>): string {
  const hash = createHash('md5');
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    hash.update(length).update(bytes);
  };
  for (const name of Object.keys(attributes).sort()) {
    field(name);
    field('String');
    hash.update(Buffer.from([1]));
    field(attributes[name]!);
  }
  return hash.digest('hex');
}

export class FifoQueue {
  readonly name: string;
  readonly arn: string;
  private readonly store: MessageStore;
  private readonly groups = new Map<string, MessageGroup>();
  /** Sent, but not yet on disk: not delivered until it is. */
  private readonly unsaved = new Set<StoredMessage>();
  private readonly inFlight = new Set<Promise<void>>();
  private deduplication: Record<string, DeduplicationRecord> = {};
  private lastSequence = 0n;
  private consumer: QueueConsumer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly log: (line: string) => void;

  private constructor(private readonly options: FifoQueueOptions) {
    if (!options.name.endsWith('.fifo')) throw new Error(`A FIFO queue's name ends in .fifo: ${options.name}`);
    this.name = options.name;
    this.arn = options.arn;
    this.store = new MessageStore(options.dataDir);
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** Opens the queue with the messages a previous run left undelivered. */
  static async open(options: FifoQueueOptions): Promise<FifoQueue> {
    const queue = new FifoQueue(options);
    for (const message of await queue.store.loadMessages()) {
      queue.enqueue(message);
      const sequence = BigInt(message.sequenceNumber);
      if (sequence > queue.lastSequence) queue.lastSequence = sequence;
    }
    queue.deduplication = await queue.store.loadDeduplication();
    return queue;
  }

  /** Registers the consumer, as an event source mapping does, and starts delivering. */
  consumeWith(consumer: QueueConsumer): void {
    this.consumer = consumer;
    this.pump();
  }

  /** SendMessage: resolves once the message is on disk. */
  async send(input: {
    body: string;
    groupId: string;
    deduplicationId: string;
    messageAttributes?: Record<string, string>;
  }): Promise<SentMessage> {
    const now = Date.now();
    const md5OfBody = md5Hex(input.body);
    const attributes = input.messageAttributes && Object.keys(input.messageAttributes).length > 0;
    const md5s = {
      md5OfBody,
      ...(attributes ? { md5OfMessageAttributes: md5OfStringAttributes(input.messageAttributes!) } : {}),
    };
    const earlier = this.deduplication[input.deduplicationId];
    // SQS answers a duplicate as a success and queues nothing.
    if (earlier && earlier.expiresAt > now) {
      return { messageId: earlier.messageId, ...md5s, sequenceNumber: earlier.sequenceNumber };
    }
    const message: StoredMessage = {
      messageId: randomUUID(),
      body: input.body,
      md5OfBody,
      ...(attributes ? { messageAttributes: { ...input.messageAttributes } } : {}),
      groupId: input.groupId,
      deduplicationId: input.deduplicationId,
      sequenceNumber: this.nextSequence(now),
      sentTimestamp: now,
      receiveCount: 0,
    };
    this.deduplication = Object.fromEntries(
      Object.entries(this.deduplication).filter(([, record]) => record.expiresAt > now),
    );
    this.deduplication[input.deduplicationId] = {
      messageId: message.messageId,
      sequenceNumber: message.sequenceNumber,
      expiresAt: now + (this.options.deduplicationWindowMs ?? 5 * 60_000),
    };
    try {
      await this.accept(message);
    } catch (error) {
      delete this.deduplication[input.deduplicationId];
      throw error;
    }
    return { messageId: message.messageId, ...md5s, sequenceNumber: message.sequenceNumber };
  }

  /** A message another queue's redrive policy sends here: same id, body and group, a new sequence number. */
  async acceptDeadLetter(message: StoredMessage, sourceArn: string): Promise<void> {
    await this.accept({ ...message, sequenceNumber: this.nextSequence(Date.now()), deadLetterSourceArn: sourceArn });
  }

  /** ApproximateNumberOfMessages, ApproximateNumberOfMessagesNotVisible and ApproximateNumberOfMessagesDelayed. */
  counts(): { visible: number; notVisible: number; delayed: number } {
    const now = Date.now();
    const delayMs = this.options.deliveryDelayMs ?? 0;
    let visible = 0;
    let notVisible = 0;
    let delayed = 0;
    for (const group of this.groups.values()) {
      group.messages.forEach((message, index) => {
        if (message.sentTimestamp + delayMs > now) delayed += 1;
        else if (index === 0 && (group.busy || group.visibleAt > now)) notVisible += 1;
        else visible += 1;
      });
    }
    return { visible, notVisible, delayed };
  }

  /** The queue's DelaySeconds attribute. */
  get delaySeconds(): number {
    return Math.round((this.options.deliveryDelayMs ?? 0) / 1000);
  }

  /**
   * Stops delivering. Deliveries under way get up to graceMs to finish; the outcome of any that finishes
   * later is ignored, so its message stays on disk and a restarted stack delivers it again.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.inFlight.size > 0) {
      const grace = new AbortController();
      await Promise.race([
        Promise.allSettled(this.inFlight),
        delay(graceMs, undefined, { signal: grace.signal }).catch(() => undefined),
      ]);
      grace.abort();
    }
    await this.store.flush();
  }

  private nextSequence(now: number): string {
    const fromClock = BigInt(now) * 1_000_000n;
    this.lastSequence = fromClock > this.lastSequence ? fromClock : this.lastSequence + 1n;
    return this.lastSequence.toString();
  }

  private async accept(message: StoredMessage): Promise<void> {
    // In the group at once, so messages keep the order they were sent in, but held back until saved.
    this.unsaved.add(message);
    this.enqueue(message);
    try {
      await Promise.all([this.store.save(message), this.store.saveDeduplication(this.deduplication)]);
    } catch (error) {
      this.dequeue(message);
      throw error;
    } finally {
      this.unsaved.delete(message);
    }
    this.pump();
  }

  private enqueue(message: StoredMessage): void {
    let group = this.groups.get(message.groupId);
    if (!group) {
      group = { messages: [], busy: false, visibleAt: 0 };
      this.groups.set(message.groupId, group);
    }
    group.messages.push(message);
  }

  private dequeue(message: StoredMessage): void {
    const group = this.groups.get(message.groupId);
    if (!group) return;
    group.messages = group.messages.filter((queued) => queued !== message);
    if (group.messages.length === 0 && !group.busy) this.groups.delete(message.groupId);
  }

  /** Starts a delivery for every group whose first message may go now, within maxConcurrency. */
  private pump(): void {
    if (this.stopped || !this.consumer) return;
    clearTimeout(this.timer);
    const now = Date.now();
    let wakeAt = Infinity;
    for (const group of this.groups.values()) {
      if (this.inFlight.size >= (this.options.maxConcurrency ?? 2)) break;
      const head = group.messages[0];
      if (group.busy || !head || this.unsaved.has(head)) continue;
      const visibleAt = Math.max(group.visibleAt, head.sentTimestamp + (this.options.deliveryDelayMs ?? 0));
      if (visibleAt > now) {
        wakeAt = Math.min(wakeAt, visibleAt);
        continue;
      }
      group.busy = true;
      const delivery = this.deliver(group, head)
        .catch((error: unknown) => {
          // The disk failed under the queue: the message stays where it was and is tried again later.
          this.log(`Local queue ${this.name}: delivery of ${head.messageId} failed: ${(error as Error).name}`);
          group.visibleAt = Date.now() + this.options.visibilityTimeoutMs;
        })
        .finally(() => {
          this.inFlight.delete(delivery);
          group.busy = false;
          if (group.messages.length === 0) this.groups.delete(head.groupId);
          this.pump();
        });
      this.inFlight.add(delivery);
    }
    if (wakeAt !== Infinity) this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - now));
  }

  private async deliver(group: MessageGroup, message: StoredMessage): Promise<void> {
    const deadLetter = this.options.deadLetter;
    if (deadLetter && message.receiveCount >= deadLetter.maxReceiveCount) {
      // As SQS: the receive after the last allowed one moves the message instead of delivering it.
      await deadLetter.queue.acceptDeadLetter(message, this.arn);
      await this.store.remove(message);
      group.messages.shift();
      this.log(
        `Local queue ${this.name}: message ${message.messageId} (group ${message.groupId}) moved to ` +
          `${deadLetter.queue.name} after ${message.receiveCount} receives`,
      );
      return;
    }
    message.receiveCount += 1;
    message.firstReceiveTimestamp ??= Date.now();
    await this.store.save(message);

    let failed: boolean;
    try {
      const response = await this.consumer!(this.eventOf(message));
      // Lambda fails the whole batch for any entry, also one without a valid identifier; the batch is this message.
      failed = (response?.batchItemFailures?.length ?? 0) > 0;
    } catch (error) {
      failed = true;
      if (!this.stopped) {
        this.log(`Local queue ${this.name}: the consumer threw ${(error as Error).name} for ${message.messageId}`);
      }
    }
    if (this.stopped) return;
    if (failed) {
      group.visibleAt = Date.now() + this.options.visibilityTimeoutMs;
      return;
    }
    await this.store.remove(message);
    group.messages.shift();
  }

  private eventOf(message: StoredMessage): SQSEvent {
    return {
      Records: [
        {
          messageId: message.messageId,
          receiptHandle: randomBytes(24).toString('base64'),
          body: message.body,
          attributes: {
            ApproximateReceiveCount: String(message.receiveCount),
            SentTimestamp: String(message.sentTimestamp),
            SenderId: 'AIDALOCALSTACK',
            ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp ?? Date.now()),
            SequenceNumber: message.sequenceNumber,
            MessageGroupId: message.groupId,
            MessageDeduplicationId: message.deduplicationId,
          },
          messageAttributes: Object.fromEntries(
            Object.entries(message.messageAttributes ?? {}).map(([name, stringValue]) => [
              name,
              { dataType: 'String', stringValue, stringListValues: [], binaryListValues: [] },
            ]),
          ),
          md5OfBody: message.md5OfBody,
          eventSource: 'aws:sqs',
          eventSourceARN: this.arn,
          awsRegion: this.options.region,
        },
      ],
    };
  }
}

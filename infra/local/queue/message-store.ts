// A queue's messages on disk, one JSON file per message named by its sequence number (so a listing in
// name order is the queue's order), and the deduplication ids of the last five minutes in one file. A
// message is written before SendMessage answers and removed once its delivery succeeded, so a restarted
// stack delivers again whatever it had not finished. Writes go through JsonFile (temporary file, rename).
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { JsonFile } from '../cognito/json-file.js';

export interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  /** Its String message attributes (the portal sends `correlationId`), by name. */
  messageAttributes?: Record<string, string>;
  groupId: string;
  deduplicationId: string;
  /** A decimal string that grows with every message sent to the queue (SQS's SequenceNumber). */
  sequenceNumber: string;
  sentTimestamp: number;
  /** Deliveries so far (ApproximateReceiveCount), counted before each delivery. */
  receiveCount: number;
  firstReceiveTimestamp?: number;
  /** On a dead-letter queue: the queue the message was first sent to. */
  deadLetterSourceArn?: string;
}

export interface DeduplicationRecord {
  messageId: string;
  sequenceNumber: string;
  expiresAt: number;
}

/** Sequence numbers are kept 20 digits wide in file names, so names sort as the numbers do. */
const sequenceWidth = 20;

export class MessageStore {
  private readonly files = new Map<string, JsonFile<StoredMessage>>();
  private readonly deduplicationFile: JsonFile<Record<string, DeduplicationRecord>>;
  private readonly messagesDir: string;

  constructor(dir: string) {
    this.messagesDir = path.join(dir, 'messages');
    this.deduplicationFile = new JsonFile(path.join(dir, 'deduplication.json'));
  }

  /** Every stored message, in sequence order. */
  async loadMessages(): Promise<StoredMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.messagesDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const messages: StoredMessage[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json')).sort()) {
      messages.push(JSON.parse(await readFile(path.join(this.messagesDir, name), 'utf8')) as StoredMessage);
    }
    return messages;
  }

  async loadDeduplication(): Promise<Record<string, DeduplicationRecord>> {
    return (await this.deduplicationFile.read()) ?? {};
  }

  save(message: StoredMessage): Promise<void> {
    return this.fileOf(message).write(message);
  }

  saveDeduplication(records: Record<string, DeduplicationRecord>): Promise<void> {
    return this.deduplicationFile.write(records);
  }

  async remove(message: StoredMessage): Promise<void> {
    const file = this.fileOf(message);
    await file.flush();
    await rm(this.pathOf(message), { force: true });
    this.files.delete(message.sequenceNumber);
  }

  /** Waits for every write under way. */
  async flush(): Promise<void> {
    await Promise.all([...this.files.values(), this.deduplicationFile].map((file) => file.flush()));
  }

  private fileOf(message: StoredMessage): JsonFile<StoredMessage> {
    let file = this.files.get(message.sequenceNumber);
    if (!file) {
      file = new JsonFile(this.pathOf(message));
      this.files.set(message.sequenceNumber, file);
    }
    return file;
  }

  private pathOf(message: StoredMessage): string {
    return path.join(this.messagesDir, `${message.sequenceNumber.padStart(sequenceWidth, '0')}.json`);
  }
}

// The queue of the findings' background work: imports and bulk updates. A FIFO queue whose message group is
// the company and service (a template's refresh has its own group), so two pieces of work on one service
// never run at once and run in the order they were started. The worker function (lambdas/import) consumes
// it; on AWS through an event source mapping, locally through the queue stand-in.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { readConfig } from '../config.js';

let client: SQSClient | undefined;

export type WorkMessage = { kind: 'import'; id: string } | { kind: 'bulk'; id: string };

/** Queues work once: the same id again within five minutes queues nothing more. */
export async function queueWork(message: WorkMessage, group: string): Promise<void> {
  const queueUrl = readConfig().IMPORT_QUEUE_URL;
  if (!queueUrl) throw new Error('IMPORT_QUEUE_URL is not configured');
  client ??= new SQSClient({});
  const body = message.kind === 'import' ? { importId: message.id } : { bulkId: message.id };
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(body),
      MessageGroupId: group,
      MessageDeduplicationId: `${message.kind}-${message.id}`,
    }),
  );
}

export async function queueImport(message: { importId: string; slug: string; service: string }): Promise<void> {
  await queueWork({ kind: 'import', id: message.importId }, `${message.slug}#${message.service}`);
}

export function parseWorkMessage(body: string): WorkMessage | undefined {
  try {
    const parsed = JSON.parse(body) as { importId?: unknown; bulkId?: unknown };
    if (typeof parsed.importId === 'string') return { kind: 'import', id: parsed.importId };
    if (typeof parsed.bulkId === 'string') return { kind: 'bulk', id: parsed.bulkId };
    return undefined;
  } catch {
    return undefined;
  }
}

// The queue that starts imports: a FIFO queue whose message group is the company and service, so two
// imports of one service never run at once and run in the order they were started. The import function
// (lambdas/import) consumes it; on AWS through an event source mapping, locally through the queue stand-in.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { readConfig } from '../config.js';

let client: SQSClient | undefined;

export interface ImportMessage {
  importId: string;
}

export async function queueImport(message: ImportMessage & { slug: string; service: string }): Promise<void> {
  const queueUrl = readConfig().IMPORT_QUEUE_URL;
  if (!queueUrl) throw new Error('IMPORT_QUEUE_URL is not configured');
  client ??= new SQSClient({});
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify({ importId: message.importId } satisfies ImportMessage),
      MessageGroupId: `${message.slug}#${message.service}`,
      // startScanImport again within five minutes queues nothing more.
      MessageDeduplicationId: message.importId,
    }),
  );
}

export function parseImportMessage(body: string): ImportMessage | undefined {
  try {
    const parsed = JSON.parse(body) as { importId?: unknown };
    return typeof parsed.importId === 'string' ? { importId: parsed.importId } : undefined;
  } catch {
    return undefined;
  }
}

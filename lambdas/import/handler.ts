// The import function: reads queued imports (an SQS FIFO queue, one message per import) and runs each.
// A message whose import fails on bad input is done (the import records why); one that crashes is
// reported as a batch item failure, so the queue delivers it again and, after its last try, to the
// dead-letter queue. Locally `npm start` delivers the same events to this same handler.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseImportMessage } from '../kernel/findings/import-queue.js';
import { runScanImport } from '../kernel/findings/import-run.js';
import { logger } from '../kernel/logger.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseImportMessage(record.body);
    if (!message) {
      logger.error('Import message without an import id: dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await runScanImport(message.importId);
    } catch (error) {
      logger.error('Import crashed; the queue will deliver it again', {
        importId: message.importId,
        error: (error as Error).name,
      });
      batchItemFailures.push({ itemIdentifier: record.messageId });
      // A FIFO batch stops at the first failure: the later messages of the group wait for it.
      for (const later of event.Records.slice(event.Records.indexOf(record) + 1)) {
        batchItemFailures.push({ itemIdentifier: later.messageId });
      }
      break;
    }
  }
  return { batchItemFailures };
}

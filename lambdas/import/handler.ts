// The import function: reads queued imports (an SQS FIFO queue, one message per import) and runs each.
// A message whose import fails on bad input is done (the import records why); one that crashes is
// reported as a batch item failure, so the queue delivers it again and, after its last try, to the
// dead-letter queue. Locally `npm start` delivers the same events to this same handler.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseImportMessage } from '../kernel/findings/import-queue.js';
import { failScanImport, runScanImport } from '../kernel/findings/import-run.js';
import { logger } from '../kernel/logger.js';

/** The queue's maxReceiveCount (infra): the try after which a message goes to the dead-letter queue. */
export const importMaxReceives = 3;
const crashedMessage =
  'The import stopped three times on an error of ours, not of the file; the operators have been alerted. Try again later.';

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
      const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
      const last = receives >= importMaxReceives;
      logger.error(last ? 'Import crashed on its last try' : 'Import crashed; the queue will deliver it again', {
        importId: message.importId,
        receives,
        error: (error as Error).name,
      });
      // The analyst sees it failed rather than running for ever; the message still goes to the dead-letter
      // queue, whose alarm tells the operators.
      if (last) await failScanImport(message.importId, crashedMessage).catch(() => undefined);
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

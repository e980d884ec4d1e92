// A batch of a FIFO queue, as a worker runs it: its messages in order, each under the correlation id of the request
// that queued it. The first message that crashes fails, and every later one of the batch with it: they wait behind
// it, as FIFO order requires, and the queue delivers them again.
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { correlationIdOf, withCorrelationId } from '../observability/invocation.js';

export async function runFifoBatch(
  records: SQSRecord[],
  /** Runs one message's work; true when it crashed. */
  runRecord: (record: SQSRecord) => Promise<boolean>,
): Promise<SQSBatchResponse> {
  for (const [index, record] of records.entries()) {
    const crashed = await withCorrelationId(correlationIdOf(record), () => runRecord(record));
    if (crashed) {
      return { batchItemFailures: records.slice(index).map((failed) => ({ itemIdentifier: failed.messageId })) };
    }
  }
  return { batchItemFailures: [] };
}

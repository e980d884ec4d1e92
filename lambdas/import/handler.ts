// The import function: reads the findings' queued work (an SQS FIFO queue, one message per import, bulk
// update or Algolia mirror run) and runs each. A message whose import fails on bad input is done (the import records why); one that crashes is
// reported as a batch item failure, so the queue delivers it again and, after its last try, to the
// dead-letter queue. Locally `npm start` delivers the same events to this same handler.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { parseWorkMessage } from '../kernel/findings/import-queue.js';
import { failBulkUpdate, runBulkUpdate } from '../kernel/findings/bulk-updates.js';
import { failScanImport, runScanImport } from '../kernel/findings/import-run.js';
import { algoliaMirrorConfigured } from '../kernel/config.js';
import { logger } from '../kernel/logger.js';
import { runFifoBatch } from '../kernel/queues/fifo-batch.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';
import { runSlaRedating } from '../kernel/sla/sla-redating.js';
import { runExploitEnrichment } from '../kernel/feeds/exploit-enrichment.js';
import { failFeedImport, runFeedImport } from '../kernel/feeds/feed-imports.js';
import { mirrorErrorDetails, mirrorTemplateChanges } from '../kernel/templates/template-mirror.js';

/** The queue's maxReceiveCount (infra): the try after which a message goes to the dead-letter queue. */
export const importMaxReceives = 3;
const crashedMessage =
  'The import stopped three times on an error of ours, not of the file; the operators have been alerted. Try again later.';

const bulkCrashedMessage =
  'The bulk update stopped three times on an error of ours; the findings it reached are changed, the others not. The operators have been alerted.';

const feedCrashedMessage =
  'The feed import stopped three times on an error of ours, not of the file; the feeds stored before stay as they were. Try again later.';

export const handler = observedHandler('scanImport', (event: SQSEvent): Promise<SQSBatchResponse> =>
  runFifoBatch(event.Records, runRecord),
);

/** Runs one message's work; true when it crashed (the queue delivers it again). */
async function runRecord(record: SQSRecord): Promise<boolean> {
  const message = parseWorkMessage(record.body);
  if (!message) {
    logger.error('Work message without an import or bulk update id: dropped', { messageId: record.messageId });
    return false;
  }
  if (message.kind === 'templateMirror') {
    await mirrorToAlgolia();
    return false;
  }
  try {
    if (message.kind === 'import') await runScanImport(message.id);
    else if (message.kind === 'slaRedating') await runSlaRedating(message.id);
    else if (message.kind === 'feedImport') await runFeedImport(message.id);
    else if (message.kind === 'exploitEnrichment') await runExploitEnrichment(message.id);
    else {
      await runBulkUpdate(message.id);
      // Applying a template counts its uses, which a real Algolia application ranks by. Mirrored here, not
      // queued: this function has no SQS client (its bundle stays within budget); a run here may overlap a
      // queued one, which mirrorTemplateChanges allows for.
      if (algoliaMirrorConfigured()) await mirrorToAlgolia();
    }
  } catch (error) {
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    const last = receives >= importMaxReceives;
    logger.error(last ? 'Work crashed on its last try' : 'Work crashed; the queue will deliver it again', {
      kind: message.kind,
      id: message.id,
      receives,
      error: (error as Error).name,
    });
    // The analyst sees it failed rather than running for ever; the message still goes to the dead-letter
    // queue, whose alarm tells the operators.
    // A re-dating has nothing to mark: the dead-letter queue's alarm tells the operators, and saving the policy
    // again queues it anew.
    // A feed import that crashed three times is marked failed; an enrichment is queued again by the next feed.
    if (last && message.kind === 'feedImport') {
      await failFeedImport(message.id, feedCrashedMessage).catch(() => undefined);
    } else if (last && (message.kind === 'import' || message.kind === 'bulk')) {
      const fail = message.kind === 'import' ? failScanImport : failBulkUpdate;
      await fail(message.id, message.kind === 'import' ? crashedMessage : bulkCrashedMessage).catch(() => undefined);
    }
    return true;
  }
  return false;
}

/**
 * One mirror run. A failure is logged (the error's kind and status: never the request, which carries the
 * admin key) and the message is done: the marker has not moved, so the next run sends these changes too.
 */
async function mirrorToAlgolia(): Promise<void> {
  try {
    await mirrorTemplateChanges();
  } catch (error) {
    logger.error('Mirroring templates to Algolia failed; the next mirror run sends these changes', {
      ...mirrorErrorDetails(error),
    });
  }
}

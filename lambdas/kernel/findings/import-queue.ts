// The queue of the findings' background work: imports, bulk updates, re-dating after an SLA policy change
// (lambdas/kernel/sla/sla-redating.ts), threat-feed imports and the enrichment of findings after them
// (lambdas/kernel/feeds/), and mirroring template changes to a
// real Algolia application (lambdas/kernel/templates/template-mirror-queue.ts). A FIFO queue whose message group is
// the company and service (a template's refresh has its own group, the mirror too), so two pieces of work on one service
// never run at once and run in the order they were started. The worker function (lambdas/import) consumes
// it; on AWS through an event source mapping, locally through the queue stand-in.
import { readConfig } from '../config.js';
import { sendFifoMessage } from '../queues/send-message.js';

export type WorkMessage =
  | { kind: 'import'; id: string }
  | { kind: 'bulk'; id: string }
  | { kind: 'templateMirror'; id: string }
  | { kind: 'slaRedating'; id: string }
  | { kind: 'feedImport'; id: string }
  | { kind: 'exploitEnrichment'; id: string };

const bodyField = {
  import: 'importId',
  bulk: 'bulkId',
  templateMirror: 'templateMirrorId',
  slaRedating: 'slaRedatingId',
  feedImport: 'feedImportId',
  exploitEnrichment: 'exploitEnrichmentId',
} as const;

/** Queues work once: the same id again within five minutes queues nothing more. */
export async function queueWork(message: WorkMessage, group: string): Promise<void> {
  const queueUrl = readConfig().IMPORT_QUEUE_URL;
  if (!queueUrl) throw new Error('IMPORT_QUEUE_URL is not configured');
  const body = { [bodyField[message.kind]]: message.id };
  await sendFifoMessage(queueUrl, {
    body: JSON.stringify(body),
    groupId: group,
    deduplicationId: `${message.kind}-${message.id}`,
  });
}

export async function queueImport(message: { importId: string; slug: string; service: string }): Promise<void> {
  await queueWork({ kind: 'import', id: message.importId }, `${message.slug}#${message.service}`);
}

export function parseWorkMessage(body: string): WorkMessage | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const [kind, field] of Object.entries(bodyField) as [WorkMessage['kind'], string][]) {
      const id = parsed[field];
      if (typeof id === 'string') return { kind, id };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

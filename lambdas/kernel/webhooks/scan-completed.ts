// `scan.completed`: an import's end puts the event in the webhook outbox (an entry of its own, entities/webhooks.ts),
// once per import, when the company has an enabled endpoint. It says only what the company's customers see: the
// service, the tool's name, and of the service's published findings how many the scan found new, fixed and
// reopened, and how many are open after it (the service report's `pub` counters, read after the import counted
// them); the fan-out adds the link to the service's report page. Findings an analyst publishes later come as
// finding.published. Run again (a redelivered import message), it writes nothing twice.
import type { ServiceName } from '../access/rules.js';
import { getServiceReportItem } from '../data/entities/service-reports.js';
import { outboxEntryWrite, putOutboxEntry, type OutboxEntry } from '../data/entities/webhook-outbox.js';
import { changeKey, countKey } from '../reports/service-reports.js';
import { severities } from '../scanners/finding-model.js';
import { companiesWithWebhooks } from './webhook-outbox.js';
import { nudgeWebhookFanout } from './webhook-queue.js';

export async function sendScanCompleted(
  scan: { importId: string; slug: string; service: ServiceName },
  end: { at: number; tool?: string },
): Promise<void> {
  if (!(await companiesWithWebhooks([scan.slug])).has(scan.slug)) return;
  const report: Record<string, unknown> = (await getServiceReportItem(scan.slug, scan.service, true)) ?? {};
  const sum = (key: (severity: string) => string) =>
    severities.reduce((total, severity) => total + Math.max(0, Number(report[key(severity)] ?? 0)), 0);
  const changed = (kind: 'n' | 'f' | 'r') => sum((severity) => changeKey(kind, 'pub', scan.importId, severity));
  const entry: OutboxEntry = {
    slug: scan.slug,
    id: `scan-${scan.importId}`,
    createdAt: end.at,
    type: 'scanCompleted',
    subject: { company: { slug: scan.slug }, service: { name: scan.service } },
    after: {
      service: scan.service,
      ...(end.tool ? { tool: end.tool } : {}),
      finishedAt: new Date(end.at).toISOString(),
      counts: {
        new: changed('n'),
        fixed: changed('f'),
        reopened: changed('r'),
        open: sum((severity) => countKey('pub', 'open', severity)),
      },
    },
  };
  if (await putOutboxEntry(entry)) await nudgeWebhookFanout([outboxEntryWrite(entry)]);
}

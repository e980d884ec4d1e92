// `scan.completed`: an import's end puts the event in the webhook outbox (an entry of its own, entities/webhooks.ts),
// once per import, when the company has an enabled endpoint. It says only what the company's customers see: the
// service, the tool's name, and of the service's published findings how many the scan found new, fixed and
// reopened, and how many are open after it (the service report's `pub` counters, read after the import counted
// them); the fan-out adds the link to the service's report page. Findings an analyst publishes later come as
// finding.published. A scan none of whose changes its customers can see is not told at all (the report does not show
// it either). Run again (a redelivered import message), it writes nothing twice.
//
// The published findings the scan itself fixed or reopened are told one by one too (finding.fixed,
// finding.reopened), as an analyst's status change would be: entries of the same shape as a bulk update's, with ids
// of the import and the finding, so a run again writes none twice.
import type { ServiceName } from '../access/rules.js';
import { findingKey } from '../data/entities/findings.js';
import { batchGetConsistent } from '../data/transactions.js';
import { getServiceReportItem } from '../data/entities/service-reports.js';
import { outboxEntryWrite, putOutboxEntry, type OutboxEntry } from '../data/entities/webhook-outbox.js';
import { changeKey, countKey } from '../reports/service-reports.js';
import { severities } from '../scanners/finding-model.js';
import { companiesWithWebhooks } from './webhook-outbox.js';
import { nudgeWebhookFanout } from './webhook-queue.js';

/** The findings this import changed the status of: fixed now, and found again after a fix. */
export interface ScanStatusChanges {
  fixed: Iterable<string>;
  reopened: Iterable<string>;
}

export async function sendScanCompleted(
  scan: { importId: string; slug: string; service: ServiceName },
  end: { at: number; tool?: string },
  changes: ScanStatusChanges = { fixed: [], reopened: [] },
): Promise<void> {
  if (!(await companiesWithWebhooks([scan.slug])).has(scan.slug)) return;
  const told = await putScanFindingEntries(scan, end.at, changes);
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
  const { counts } = entry.after as { counts: { new: number; fixed: number; reopened: number } };
  const visible = counts.new + counts.fixed + counts.reopened > 0;
  if ((visible && (await putOutboxEntry(entry))) || told > 0) await nudgeWebhookFanout([outboxEntryWrite(entry)]);
}

/** Outbox entries of the published findings among the scan's status changes; answers how many were new. */
async function putScanFindingEntries(
  scan: { importId: string; slug: string; service: ServiceName },
  at: number,
  changes: ScanStatusChanges,
): Promise<number> {
  const wanted = [
    ...[...changes.fixed].map((findingId) => ({ findingId, before: 'open', after: 'fixed' })),
    ...[...changes.reopened].map((findingId) => ({ findingId, before: 'fixed', after: 'open' })),
  ];
  let told = 0;
  for (let start = 0; start < wanted.length; start += 100) {
    const chunk = wanted.slice(start, start + 100);
    const items = await batchGetConsistent(
      chunk.map(({ findingId }) => findingKey(scan.slug, scan.service, findingId)),
    );
    const published = new Map(
      items.filter((item) => item.published === true).map((item) => [String(item.id), item] as const),
    );
    for (const change of chunk) {
      const finding = published.get(change.findingId);
      if (!finding) continue;
      const entry: OutboxEntry = {
        slug: scan.slug,
        id: `scan-${scan.importId}-${change.findingId}`,
        createdAt: at,
        type: 'findingUpdated',
        subject: {
          company: { slug: scan.slug },
          finding: {
            slug: scan.slug,
            service: scan.service,
            findingId: change.findingId,
            title: String(finding.analystTitle || finding.title),
          },
        },
        before: { status: change.before },
        after: { status: change.after },
      };
      if (await putOutboxEntry(entry)) told += 1;
    }
  }
  return told;
}

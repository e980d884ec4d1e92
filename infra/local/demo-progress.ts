// The demo's progress figures: Acme's second DAST scan fixed alerts of the first (demo-scans.ts), which nobody had
// published. The demo publishes those of severity low and above as if they had been published weeks before the scan
// fixed them, the first after its due date and the others before it, so the DAST report's Fixed within SLA, Median
// time to fix and this month's fixed bar have something to show. Publishing goes through the curation the analysts
// use; only the dates are moved back. Only findings fixed within the last day by the demo itself are touched, so a
// later start leaves them (and whatever an analyst changed) alone.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingKey, getFindingItem, queryFindings } from '../../lambdas/kernel/data/entities/findings.js';
import { getSlaPolicyRecord } from '../../lambdas/kernel/data/entities/sla-policies.js';
import type { EventActor } from '../../lambdas/kernel/events/events.js';
import { updateFindingFieldAs } from '../../lambdas/kernel/findings/finding-curation.js';
import { fieldVersionOf } from '../../lambdas/kernel/findings/finding-fields.js';
import { recountServiceReport } from '../../lambdas/kernel/reports/service-reports.js';
import type { Severity } from '../../lambdas/kernel/scanners/finding-model.js';

const slug = 'acme';
const service = 'dast';
const day = 24 * 60 * 60 * 1000;

export async function seedDemoProgress(analyst: EventActor, now = Date.now()): Promise<void> {
  const { items } = await queryFindings(slug, service, { descending: true, limit: 100 });
  const fixedByScan = items
    .filter((finding) => {
      const change = finding.lastChange as { change?: string; at?: number } | undefined;
      const severity = finding.analystSeverity ?? finding.toolSeverity;
      return (
        finding.status === 'fixed' &&
        finding.published !== true &&
        severity !== 'info' &&
        change?.change === 'fixed' &&
        Number(change.at) > now - day
      );
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  if (fixedByScan.length === 0) return;
  const policy = await getSlaPolicyRecord(slug);
  for (const [index, read] of fixedByScan.entries()) {
    await updateFindingFieldAs(analyst, {
      slug,
      service,
      findingId: read.id,
      field: 'published',
      value: true,
      expectedVersion: fieldVersionOf(read, 'published'),
    });
    const finding = await getFindingItem(slug, service, read.id, true);
    if (!finding) continue;
    const severity = (finding.analystSeverity ?? finding.toolSeverity) as Exclude<Severity, 'info'>;
    const days = policy.days[severity];
    const fixedAt = Number((finding.lastChange as { at: number }).at);
    // The first fixed 10 days late, the others a few days early.
    const publishedAt = fixedAt - (index === 0 ? days + 10 : Math.max(1, days - 3 - index)) * day;
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: findingKey(slug, service, finding.id),
        UpdateExpression: 'SET publishedAt = :publishedAt, slaStartedAt = :publishedAt, closedDueAt = :dueAt',
        ExpressionAttributeValues: { ':publishedAt': publishedAt, ':dueAt': publishedAt + days * day },
      }),
    );
  }
  await recountServiceReport(slug, service);
}

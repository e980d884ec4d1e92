// The demo's SLA states: findings the demo publishes as it starts would all be due weeks ahead, so a third of each
// service's published open findings (low and above) is given a publication weeks ago that makes it overdue, and
// another third one that makes it due within days, through the same SLA computation the writes use
// (lambdas/kernel/sla/finding-sla.ts) with the earlier time as its clock. Only findings published within the last
// day by the demo itself are moved, so later starts leave them (and whatever an analyst changed) alone. Their
// publication moves with their clock, so the reports' monthly trend shows findings published in earlier months.
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import { queryFindings, setFindingSla, type StoredFinding } from '../../lambdas/kernel/data/entities/findings.js';
import { getSlaPolicyRecord } from '../../lambdas/kernel/data/entities/sla-policies.js';
import { recountServiceReport } from '../../lambdas/kernel/reports/service-reports.js';
import { findingSlaAfter } from '../../lambdas/kernel/sla/finding-sla.js';
import { demoScans } from './demo-scans.js';

const day = 24 * 60 * 60 * 1000;

async function publishedOpen(slug: string, service: ServiceName): Promise<StoredFinding[]> {
  const found: StoredFinding[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryFindings(slug, service, {
      descending: true,
      cursor,
      limit: 500,
      dueRanges: [{ low: '0', high: '9~' }],
    });
    found.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

export async function seedDemoSlaStates(now = Date.now()): Promise<void> {
  const scopes = new Map(demoScans.map((scan) => [`${scan.slug}#${scan.service}`, scan]));
  for (const { slug, service } of scopes.values()) {
    const policy = await getSlaPolicyRecord(slug);
    const fresh = (await publishedOpen(slug, service))
      .filter((finding) => finding.review === undefined && Number(finding.slaStartedAt) > now - day)
      .sort((a, b) => a.id.localeCompare(b.id));
    for (const [index, finding] of fresh.entries()) {
      const severity = finding.severity ?? finding.analystSeverity ?? finding.toolSeverity;
      if (severity === 'info' || index % 3 === 2) continue;
      const days = policy.days[severity];
      // Overdue by a few days, or due in a few.
      const publishedAt =
        index % 3 === 0 ? now - (days + 3 + (index % 5)) * day : now - Math.max(0, days - 2 - (index % 4)) * day;
      const after = findingSlaAfter(
        { slug, service, id: finding.id },
        { severity, published: false },
        { severity, status: finding.status, published: true, paused: false },
        policy,
        publishedAt,
      );
      // Published then, too: the report's time to fix and monthly trend count from the publication.
      await setFindingSla(slug, service, finding, after, publishedAt);
    }
    // The report's SLA figures follow the earlier due dates.
    if (fresh.length > 0) await recountServiceReport(slug, service);
  }
}

// The demo's published findings, so that a customer signed in to the demo sees real reports and the
// visibility rule at work: for Acme and Globex, every service's findings of severity low and above are
// published and the informational ones left to the analysts (Acme's DAST findings are curated one by one in
// demo-curation.ts). Through the same bulk update the call starts, run here to its end. Runs once: a
// service whose findings carry an edit is left as it is.
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import { queryFindings, type StoredFinding } from '../../lambdas/kernel/data/entities/findings.js';
import type { EventActor } from '../../lambdas/kernel/events/events.js';
import { runBulkUpdate, startBulkUpdateAs } from '../../lambdas/kernel/findings/bulk-updates.js';
import { demoScans } from './demo-scans.js';

const bulkLimit = 1000;

async function findingsOf(slug: string, service: ServiceName): Promise<StoredFinding[]> {
  const all: StoredFinding[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryFindings(slug, service, { descending: true, cursor, limit: 500 });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export async function seedDemoPublishing(analyst: EventActor): Promise<void> {
  const scopes = new Map(demoScans.map((scan) => [`${scan.slug}#${scan.service}`, scan]));
  for (const { slug, service } of scopes.values()) {
    if (slug === 'acme' && service === 'dast') continue;
    const findings = await findingsOf(slug, service);
    if (findings.some((finding) => Array.isArray(finding.edits) && finding.edits.length > 0)) continue;
    const worth = findings
      .filter((finding) => (finding.analystSeverity ?? finding.toolSeverity) !== 'info' && finding.published !== true)
      .map((finding) => finding.id);
    for (let start = 0; start < worth.length; start += bulkLimit) {
      const { bulkId } = await startBulkUpdateAs(analyst, {
        slug,
        service,
        findingIds: worth.slice(start, start + bulkLimit),
        action: { kind: 'setPublished', value: true },
      });
      await runBulkUpdate(bulkId);
    }
  }
}

// One-off upkeep for a deployment whose findings were published before due dates existed (docs/reports.md, "SLA
// policy"): each published finding without an SLA clock gets the one its publication would have started (the time of
// its first publication in its edits, else when it was last updated), paused since its waiting review if one waits,
// with the due date the company's policy gives, and its first publication kept (`publishedAt`, what the time to fix
// counts from); then the service's report counts its SLA figures anew. Each write is conditional on the finding not
// having changed since it was read (the same write the re-dating makes), so it can run alongside the portal and
// again. Not on any request path: `npm run backfill:reports` runs it.
import { services } from '../access/rules.js';
import { listAllCompanies } from '../companies/company-records.js';
import { publishedWithoutClock, setFindingSla, type StoredFinding } from '../data/entities/findings.js';
import { getSlaPolicyRecord } from '../data/entities/sla-policies.js';
import { recountServiceReport } from '../reports/service-reports.js';
import { findingSlaAfter, storedSlaFacts, type SlaPolicyUse } from './finding-sla.js';

/** When the finding was first published: its first edit that published it, else its last update, else first sight. */
export function firstPublicationOf(finding: StoredFinding): number {
  const edits = (finding.edits as Array<{ field?: string; after?: unknown; at?: number }> | undefined) ?? [];
  const published = edits.find((entry) => entry.field === 'published' && entry.after === true);
  return Number(published?.at ?? finding.updatedAt ?? finding.firstSeenAt);
}

/** The clock a finding would have if it had been published at `publishedAt`, paused since its review if one waits. */
function clockOf(slug: string, service: string, finding: StoredFinding, policy: SlaPolicyUse, publishedAt: number) {
  const scope = { slug, service, id: finding.id };
  const facts = storedSlaFacts(finding);
  const never = { severity: facts.severity, published: false, status: 'open' };
  const started = findingSlaAfter(scope, never, { ...facts, paused: false }, policy, publishedAt);
  const review = finding.review as { at?: number } | undefined;
  if (!facts.paused || typeof review?.at !== 'number') return started;
  const read = { ...started, severity: facts.severity, published: true, status: facts.status };
  return findingSlaAfter(scope, read, facts, policy, Math.max(publishedAt, review.at));
}

/** Gives these companies' (all when not given) published findings their SLA clock; answers how many it gave. */
export async function backfillFindingSla(slugs?: readonly string[]): Promise<number> {
  const companies = slugs ?? (await listAllCompanies()).map((company) => company.slug);
  let given = 0;
  for (const slug of companies) {
    const policy = await getSlaPolicyRecord(slug);
    for (const service of services) {
      let ofService = 0;
      for await (const finding of publishedWithoutClock(slug, service)) {
        const publishedAt = firstPublicationOf(finding);
        const clock = clockOf(slug, service, finding, policy, publishedAt);
        // Changed meanwhile: its own write gave it a clock, or the next run will.
        if (!(await setFindingSla(slug, service, finding, clock, publishedAt))) continue;
        ofService += 1;
      }
      if (ofService > 0) await recountServiceReport(slug, service);
      given += ofService;
    }
  }
  return given;
}

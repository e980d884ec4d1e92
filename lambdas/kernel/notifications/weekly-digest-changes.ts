// What changed in a company's week, per service, for the weekly digest: computed once per company and run, then
// filtered per subscriber by the services they may view (weekly-digest-delivery.ts). Five sections, published
// findings only:
//
// - new: published in the week (the publication log `PUBLISHED#<slug>`, kept 30 days, read by its time range);
// - reopened / fixed: an import of the week reopened or fixed it and it is still so (the finding's history);
// - newly overdue: open, and its due date fell in the week (the due-date index's key range);
// - newly known exploited: it became known exploited in the week (the known-exploited index, `knownExploitedAt`).
//
// Cost per company and run: one Query of the publication log for the week's entries and BatchGets of those
// findings; per service the company has on, one Query of the imports index, one of the due-date index and one of
// the known-exploited index, each reading only the week's items; and, only for a service whose imports of the
// week fixed or reopened findings, one filtered Query of its findings partition (every finding of the service
// read once: 10,000 findings of about 2 KB are some 5,000 read units, a tenth of a US cent on demand). Nothing is
// read per subscriber but their access record.
import type { ServiceName } from '../access/rules.js';
import { findingKey, stripFindingKeys, type StoredFinding } from '../data/entities/findings.js';
import { mostSevereFirst } from './notification-mail.js';
import { logPosition, readPublications } from '../data/entities/notifications.js';
import {
  findingsDueBetween,
  findingsKnownExploitedBetween,
  importsMayHaveFixedOrReopened,
  publishedFindingsChangedSince,
} from '../data/entities/weekly-changes.js';
import { batchGetConsistent } from '../data/transactions.js';
import type { Severity } from '../scanners/finding-model.js';

export const digestSections = ['new', 'reopened', 'overdue', 'knownExploited', 'fixed'] as const;
export type DigestSection = (typeof digestSections)[number];

export interface DigestFinding {
  service: ServiceName;
  findingId: string;
  title: string;
  severity: Severity;
}

export type ServiceWeek = Record<DigestSection, DigestFinding[]>;

/** The window a run covers: the seven days up to the run, and the week (ISO, e.g. 2026-W48) it is sent for. */
export interface DigestWindow {
  from: number;
  to: number;
  week: string;
}

const dayMs = 24 * 3600 * 1000;

/** The ISO week of a time (UTC): Monday to Sunday, the week of its Thursday. */
export function isoWeek(at: number): string {
  const date = new Date(at);
  const day = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * dayMs));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The run at `at` covers [at − 7 days, at); runs a week apart (the Monday schedule) tile without gaps. */
export function digestWindow(at: number): DigestWindow {
  return { from: at - 7 * dayMs, to: at, week: isoWeek(at) };
}

const emptyWeek = (): ServiceWeek => ({ new: [], reopened: [], overdue: [], knownExploited: [], fixed: [] });

function digestFinding(service: ServiceName, finding: StoredFinding): DigestFinding {
  return {
    service,
    findingId: finding.id,
    title: (typeof finding.analystTitle === 'string' && finding.analystTitle) || String(finding.title),
    severity: finding.analystSeverity ?? finding.toolSeverity,
  };
}

const inWindow = (at: unknown, window: DigestWindow) => typeof at === 'number' && at >= window.from && at < window.to;

/** What a service's week holds, from what its reads found (pure: the unit tests give it findings and a window). */
export function serviceWeekOf(
  service: ServiceName,
  found: {
    /** Findings published in the window, as stored now. */
    published: readonly StoredFinding[];
    /** Published findings an import changed in the window. */
    changed: readonly StoredFinding[];
    /** Open published findings due in the window. */
    due: readonly StoredFinding[];
    /** Published findings that became known exploited in the window. */
    exploited: readonly StoredFinding[];
  },
  window: DigestWindow,
): ServiceWeek {
  const week = emptyWeek();
  for (const finding of found.published) {
    if (finding.published === true) week.new.push(digestFinding(service, finding));
  }
  for (const finding of found.changed) {
    if (finding.published !== true) continue;
    const changes = (Array.isArray(finding.history) ? finding.history : [finding.lastChange]) as Array<{
      change?: string;
      at?: number;
    }>;
    const kinds = new Set(changes.filter((change) => inWindow(change?.at, window)).map((change) => change.change));
    // Its state now decides: fixed then found again in the same week is reopened, not fixed.
    if (kinds.has('fixed') && finding.status === 'fixed') week.fixed.push(digestFinding(service, finding));
    if (kinds.has('reopened') && finding.status === 'open') week.reopened.push(digestFinding(service, finding));
  }
  for (const finding of found.due) {
    if (finding.published === true && finding.status === 'open' && inWindow(finding.dueAt, window)) {
      week.overdue.push(digestFinding(service, finding));
    }
  }
  for (const finding of found.exploited) {
    if (finding.published === true && inWindow(finding.knownExploitedAt, window)) {
      week.knownExploited.push(digestFinding(service, finding));
    }
  }
  for (const section of digestSections) {
    week[section].sort(mostSevereFirst);
  }
  return week;
}

/** How many findings a week lists in all. */
export const weekCount = (weeks: Iterable<ServiceWeek>) =>
  [...weeks].reduce((sum, week) => sum + digestSections.reduce((count, section) => count + week[section].length, 0), 0);

/** Publications of the window taken at most (a larger week lists these and the rest of its sections). */
const maxPublications = 5000;

/** The findings published in the window, as stored now, by service (BatchGets of 100). */
async function publishedInWindow(slug: string, window: DigestWindow): Promise<Map<string, StoredFinding[]>> {
  const entries = await readPublications(slug, {
    after: logPosition(window.from - 1),
    upTo: logPosition(window.to - 1),
    limit: maxPublications,
  });
  const keys = new Map<string, { service: string; findingId: string }>();
  for (const entry of entries) keys.set(`${entry.service}#${entry.findingId}`, entry);
  const unique = [...keys.values()];
  const byService = new Map<string, StoredFinding[]>();
  for (let start = 0; start < unique.length; start += 100) {
    const items = await batchGetConsistent(
      unique.slice(start, start + 100).map((entry) => findingKey(slug, entry.service, entry.findingId)),
    );
    for (const item of items) {
      // The partition names the service (FINDINGS#<slug>#<service>).
      const service = String(item.pk).split('#').pop() ?? '';
      byService.set(service, [...(byService.get(service) ?? []), stripFindingKeys(item)]);
    }
  }
  return byService;
}

/** The company's week for each of `services` (those it has on), read once for all its subscribers. */
export async function readCompanyWeek(
  slug: string,
  services: readonly ServiceName[],
  window: DigestWindow,
): Promise<Map<ServiceName, ServiceWeek>> {
  const published = await publishedInWindow(slug, window);
  const weeks = new Map<ServiceName, ServiceWeek>();
  for (const service of services) {
    // An import that started shortly before the window may have written its changes inside it.
    const importsChanged = await importsMayHaveFixedOrReopened(slug, service, window.from - dayMs);
    const [changed, due, exploited] = await Promise.all([
      importsChanged ? publishedFindingsChangedSince(slug, service, window.from) : Promise.resolve([]),
      findingsDueBetween(slug, service, window.from, window.to),
      findingsKnownExploitedBetween(slug, service, window.from, window.to),
    ]);
    weeks.set(
      service,
      serviceWeekOf(service, { published: published.get(service) ?? [], changed, due, exploited }, window),
    );
  }
  return weeks;
}

// A service report's progress figures: what is overdue and due soon, how many fixes came within their SLA, the
// median days to fix by severity, and the findings opened and fixed per month. Like the report's other counters
// (service-reports.ts) they are flat numeric attributes drawn from each finding's stored facts, so a curation moves
// them with ADD in its own transaction and an import, a re-dating or a feed counts them anew; reading them is
// summing, never a count of findings. Time enters twice: the keys hold dates (the hour a finding falls due, the day
// it was fixed, the month it was opened), and what is "overdue" or "the last 90 days" is read at the time of reading.
//
// - `sd_<YYYYMMDDHH>`: open published findings by the hour they fall due (UTC). A paused clock (a review waits)
//   keeps the state it had when the pause began (sla-clock.ts): `sd_p_dueSoon`, `sd_p_onTrack`, or, overdue then,
//   its due hour.
// - `sc_<YYYYMMDD>_in|late`: published findings fixed that day, by whether they were fixed by their due date.
// - `sm_<YYYYMMDD>_<severity>_<days>`: published findings fixed that day, by severity and whole days from their
//   publication to the fix (the median is read from these).
// - `tm_<view>_<YYYYMM>_o|f`: findings opened (first seen; published ones: published) and fixed that month.
//
// Only recent fixes and months are counted (a margin beyond what is read); a key older than that stays in the
// item, unread, until the next count drops it.
import type { Severity } from '../../contracts/finding-words.js';
import type { FindingFacts } from '../data/entities/service-reports.js';
import { severities } from '../scanners/finding-model.js';
import { dueSoonDays, slaState } from '../sla/sla-clock.js';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The window the compliance share and the time to fix are read over. */
export const progressWindowDays = 90;
/** Months of opened and fixed counts a report shows. */
export const trendMonths = 12;
/** Counted beyond what is read, so a key is never read before it is counted. */
const countedDays = progressWindowDays + 2;
const countedMonths = trendMonths + 1;

const utc = (time: number) => new Date(time).toISOString();
const hourOf = (time: number) => utc(time).slice(0, 13).replace(/[-T]/g, '');
const dayOf = (time: number) => utc(time).slice(0, 10).replace(/-/g, '');
const monthOf = (time: number) => utc(time).slice(0, 7).replace('-', '');

const shownSeverity = (facts: FindingFacts) => (facts.analystSeverity ?? facts.toolSeverity) as Severity;

/** When a fixed finding was fixed: by an analyst (its status reason) or by a scan (its last change), the later. */
export function fixedAtOf(facts: FindingFacts): number | undefined {
  if (facts.status !== 'fixed') return undefined;
  const times = [
    facts.statusReason?.status === 'fixed' ? facts.statusReason.at : undefined,
    facts.lastChange?.change === 'fixed' ? facts.lastChange.at : undefined,
  ].filter((time): time is number => typeof time === 'number');
  return times.length ? Math.max(...times) : undefined;
}

const publishedAtOf = (facts: FindingFacts) =>
  facts.published === true ? (facts.publishedAt ?? facts.slaStartedAt ?? facts.firstSeenAt) : undefined;

/** The progress counters one finding adds to its report at `now`, for the views it shows in. */
export function progressKeysOf(facts: FindingFacts, views: ReadonlyArray<'all' | 'pub'>, now: number): string[] {
  const keys: string[] = [];
  const published = facts.published === true;
  if (published && facts.status === 'open' && typeof facts.dueAt === 'number') {
    const paused = typeof facts.slaPausedSince === 'number';
    const frozen = paused ? slaState(facts.dueAt, now, facts.slaPausedSince) : undefined;
    keys.push(frozen && frozen !== 'overdue' ? `sd_p_${frozen}` : `sd_${hourOf(facts.dueAt)}`);
  }
  const fixedAt = fixedAtOf(facts);
  const fixedRecently = fixedAt !== undefined && fixedAt >= now - countedDays * dayMs;
  if (published && fixedRecently) {
    if (typeof facts.closedDueAt === 'number' && facts.closedDueAt > 0) {
      // A clock paused when it was fixed had its due date moved on by the wait.
      const paused = typeof facts.slaPausedSince === 'number' ? Math.max(0, fixedAt - facts.slaPausedSince) : 0;
      keys.push(`sc_${dayOf(fixedAt)}_${fixedAt <= facts.closedDueAt + paused ? 'in' : 'late'}`);
    }
    const publishedAt = publishedAtOf(facts);
    if (publishedAt !== undefined) {
      const days = Math.max(0, Math.floor((fixedAt - publishedAt) / dayMs));
      keys.push(`sm_${dayOf(fixedAt)}_${shownSeverity(facts)}_${days}`);
    }
  }
  const firstMonth = monthOf(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - countedMonths));
  for (const view of views) {
    const openedAt = view === 'pub' ? publishedAtOf(facts) : facts.firstSeenAt;
    if (openedAt !== undefined && monthOf(openedAt) > firstMonth) keys.push(`tm_${view}_${monthOf(openedAt)}_o`);
    if (fixedAt !== undefined && monthOf(fixedAt) > firstMonth) keys.push(`tm_${view}_${monthOf(fixedAt)}_f`);
  }
  return keys;
}

/** Whether a report attribute is one of the progress counters. */
export const isProgressKey = (key: string) => /^(sd|sc|sm|tm)_/.test(key);

export interface ReportProgress {
  sla: { overdue: number; dueSoon: number; compliancePercent?: number };
  mttrDays: Partial<Record<Severity, number>>;
  monthlyTrend: Array<{ month: string; opened: number; fixed: number }>;
}

/** The median of counted values (`value → how many`). */
function medianOf(counts: ReadonlyMap<number, number>): number | undefined {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  const sorted = [...counts].sort(([a], [b]) => a - b);
  const at = (rank: number) => {
    let seen = 0;
    for (const [value, count] of sorted) {
      seen += count;
      if (seen > rank) return value;
    }
    return sorted.at(-1)![0];
  };
  const middle = Math.floor(total / 2);
  return total % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** The progress figures of a stored report, for a view, read at `now`. */
export function progressOf(stored: Record<string, unknown> | undefined, view: 'all' | 'pub', now: number) {
  const nowHour = hourOf(now);
  const soonHour = hourOf(now + dueSoonDays * dayMs);
  const fromDay = dayOf(now - progressWindowDays * dayMs);
  const sla = { overdue: 0, dueSoon: 0, fixedIn: 0, fixedLate: 0 };
  const fixDays = new Map<Severity, Map<number, number>>();
  const months = new Map<string, { opened: number; fixed: number }>();
  const monthNow = new Date(now);
  for (let back = trendMonths - 1; back >= 0; back -= 1) {
    const month = monthOf(Date.UTC(monthNow.getUTCFullYear(), monthNow.getUTCMonth() - back));
    months.set(month, { opened: 0, fixed: 0 });
  }
  for (const [key, value] of Object.entries(stored ?? {})) {
    const count = typeof value === 'number' ? value : 0;
    if (count <= 0) continue;
    if (key.startsWith('sd_')) {
      const due = key.slice(3);
      if (due === 'p_dueSoon') sla.dueSoon += count;
      // A finding due this hour counts as due soon until the hour ends.
      else if (/^\d{10}$/.test(due) && due < nowHour) sla.overdue += count;
      else if (/^\d{10}$/.test(due) && due <= soonHour) sla.dueSoon += count;
      continue;
    }
    let match = /^sc_(\d{8})_(in|late)$/.exec(key);
    if (match) {
      if (match[1]! >= fromDay) sla[match[2] === 'in' ? 'fixedIn' : 'fixedLate'] += count;
      continue;
    }
    match = /^sm_(\d{8})_([a-z]+)_(\d+)$/.exec(key);
    if (match) {
      const severity = match[2] as Severity;
      if (match[1]! < fromDay || !severities.includes(severity)) continue;
      const days = fixDays.get(severity) ?? new Map<number, number>();
      days.set(Number(match[3]), (days.get(Number(match[3])) ?? 0) + count);
      fixDays.set(severity, days);
      continue;
    }
    match = /^tm_(all|pub)_(\d{6})_([of])$/.exec(key);
    if (match && match[1] === view) {
      const month = months.get(match[2]!);
      if (month) month[match[3] === 'o' ? 'opened' : 'fixed'] += count;
    }
  }
  const fixes = sla.fixedIn + sla.fixedLate;
  const mttrDays: Partial<Record<Severity, number>> = {};
  for (const severity of severities) {
    const median = medianOf(fixDays.get(severity) ?? new Map());
    if (median !== undefined) mttrDays[severity] = median;
  }
  return {
    sla: {
      overdue: sla.overdue,
      dueSoon: sla.dueSoon,
      ...(fixes > 0 ? { compliancePercent: Math.round((sla.fixedIn / fixes) * 1000) / 10 } : {}),
    },
    mttrDays,
    monthlyTrend: [...months].map(([month, counts]) => ({
      month: `${month.slice(0, 4)}-${month.slice(4)}`,
      ...counts,
    })),
  } satisfies ReportProgress;
}

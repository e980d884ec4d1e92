// A service report's progress figures, from the counters findings add to it (reports/progress-counters.ts), read at a
// time passed in: overdue and due soon by the hour findings fall due (a paused clock keeps its state), the share of
// fixes made by the due date over the last 90 days, the median days to fix by severity, and opened and fixed per
// month for the last 12. Counters are summed the way the report item holds them (ADD of each finding's keys).
import { describe, expect, it } from 'vitest';
import type { FindingFacts } from '../../lambdas/kernel/data/entities/service-reports.js';
import { progressKeysOf, progressOf } from '../../lambdas/kernel/reports/progress-counters.js';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const now = Date.UTC(2026, 10, 27, 12, 30);

let next = 0;
const finding = (facts: Partial<FindingFacts>): FindingFacts => ({
  id: `f${(next += 1)}`,
  status: 'open',
  toolSeverity: 'high',
  published: true,
  firstSeenAt: now - 40 * day,
  publishedAt: now - 30 * day,
  ...facts,
});

/** The report item the findings' counters make, as the writes ADD them. */
function reportOf(findings: FindingFacts[], at = now): Record<string, number> {
  const item: Record<string, number> = {};
  for (const facts of findings) {
    const views = facts.published === true ? (['all', 'pub'] as const) : (['all'] as const);
    for (const key of progressKeysOf(facts, views, at)) item[key] = (item[key] ?? 0) + 1;
  }
  return item;
}

const fixed = (daysAgo: number, facts: Partial<FindingFacts> = {}): FindingFacts =>
  finding({ status: 'fixed', statusReason: { status: 'fixed', at: now - daysAgo * day }, ...facts });

describe("a service report's SLA figures", () => {
  it('counts open published findings overdue and due within 7 days at the time read, to the hour', () => {
    const report = reportOf([
      finding({ dueAt: now - 3 * day }),
      finding({ dueAt: now - 2 * hour }),
      finding({ dueAt: now + 2 * day }),
      finding({ dueAt: now + 6 * day }),
      finding({ dueAt: now + 20 * day }),
      // Not counted: unpublished (no due date), info (none), closed.
      finding({ published: false }),
      finding({ toolSeverity: 'info' }),
      fixed(1, { dueAt: undefined }),
    ]);
    expect(progressOf(report, 'pub', now).sla).toEqual({ overdue: 2, dueSoon: 2 });
    // Two weeks later the ones due in 2 and 6 days are overdue, the one due in 20 days is due soon.
    expect(progressOf(report, 'pub', now + 14 * day).sla).toEqual({ overdue: 4, dueSoon: 1 });
  });

  it('keeps a paused clock in the state its pause began with, and an overdue paused one overdue', () => {
    const report = reportOf([
      // Paused 3 days before its due date (due soon then): stays due soon however long the wait.
      finding({ dueAt: now - day, slaPausedSince: now - 4 * day }),
      // Paused 30 days ahead of its due date: on track, counted in neither.
      finding({ dueAt: now + 5 * day, slaPausedSince: now - 25 * day }),
      // Paused after it was already overdue: overdue.
      finding({ dueAt: now - 10 * day, slaPausedSince: now - 5 * day }),
    ]);
    expect(progressOf(report, 'pub', now).sla).toEqual({ overdue: 1, dueSoon: 1 });
    expect(progressOf(report, 'pub', now + 60 * day).sla).toEqual({ overdue: 1, dueSoon: 1 });
  });

  it('gives the share of the last 90 days’ fixes made by their due date, a wait moving the date on', () => {
    const report = reportOf([
      fixed(10, { closedDueAt: now - 5 * day }),
      fixed(10, { closedDueAt: now - 20 * day }),
      fixed(40, { closedDueAt: now - 30 * day }),
      // Fixed 2 days after its due date, but it waited 3 days for a retest when the scan fixed it: in time.
      fixed(2, { closedDueAt: now - 4 * day, slaPausedSince: now - 5 * day }),
      // Fixed 100 days ago: outside the window. Without a due date (info, or 0 from a scan): not counted.
      fixed(100, { closedDueAt: now - 150 * day }),
      fixed(5, { closedDueAt: 0 }),
      fixed(5, { closedDueAt: undefined, toolSeverity: 'info' }),
    ]);
    expect(progressOf(report, 'pub', now).sla.compliancePercent).toBe(75);
    expect(progressOf({}, 'pub', now).sla.compliancePercent).toBeUndefined();
  });

  it('takes a fix by a scan (its last change) or an analyst (its status reason), the later of the two', () => {
    const byScan = fixed(0, {
      statusReason: undefined,
      lastChange: { importId: 'i', change: 'fixed', at: now - 3 * day },
    });
    const both = fixed(20, { lastChange: { importId: 'i', change: 'fixed', at: now - 2 * day } });
    const report = reportOf([byScan, both]);
    // Published 30 days ago: 27 and 28 days to fix.
    expect(progressOf(report, 'pub', now).mttrDays).toEqual({ high: 27.5 });
  });
});

describe("a service report's time to fix", () => {
  it('is the median whole days from publication to the fix, by severity, over the last 90 days', () => {
    const publishedAt = now - 60 * day;
    const report = reportOf([
      fixed(50, { publishedAt }), // 10 days
      fixed(40, { publishedAt }), // 20 days
      fixed(1, { publishedAt }), // 59 days
      fixed(30, { publishedAt, toolSeverity: 'critical' }), // 30 days
      fixed(56, { publishedAt, analystSeverity: 'critical' }), // 4 days: the shown severity
      fixed(95, { publishedAt: now - 200 * day }), // outside the window
      fixed(3, { published: false }), // unpublished: not the customers', no SLA
    ]);
    expect(progressOf(report, 'all', now).mttrDays).toEqual({ high: 20, critical: 17 });
  });
});

describe("a service report's monthly trend", () => {
  it('counts findings opened and fixed per month for the last 12, oldest first; customers from publication', () => {
    const month = (year: number, index: number, date = 10) => Date.UTC(year, index, date);
    const report = reportOf([
      finding({ firstSeenAt: month(2026, 10), publishedAt: month(2026, 10, 12) }),
      finding({ firstSeenAt: month(2026, 8), publishedAt: month(2026, 9) }),
      finding({ firstSeenAt: month(2026, 8), published: false, publishedAt: undefined }),
      fixed(0, {
        firstSeenAt: month(2025, 11),
        publishedAt: month(2026, 0),
        statusReason: { status: 'fixed', at: month(2026, 10) },
      }),
      // Thirteen months ago: before the trend.
      finding({ firstSeenAt: month(2025, 9), publishedAt: month(2025, 9) }),
    ]);
    const trend = progressOf(report, 'pub', now).monthlyTrend;
    expect(trend).toHaveLength(12);
    expect(trend[0]!.month).toBe('2025-12');
    expect(trend.at(-1)).toEqual({ month: '2026-11', opened: 1, fixed: 1 });
    expect(trend.find((point) => point.month === '2026-10')).toEqual({ month: '2026-10', opened: 1, fixed: 0 });
    expect(trend.find((point) => point.month === '2026-01')).toEqual({ month: '2026-01', opened: 1, fixed: 0 });
    expect(trend.reduce((sum, point) => sum + point.opened, 0)).toBe(3);
    const analysts = progressOf(report, 'all', now).monthlyTrend;
    expect(analysts.find((point) => point.month === '2026-09')).toEqual({ month: '2026-09', opened: 2, fixed: 0 });
    expect(analysts.find((point) => point.month === '2025-12')).toEqual({ month: '2025-12', opened: 1, fixed: 0 });
  });

  it('moves with a curation: a finding fixed then reopened leaves no fix counted', () => {
    const open = finding({ dueAt: now + 3 * day });
    const closed = fixed(0, { closedDueAt: now + 3 * day });
    const report: Record<string, number> = {};
    const add = (facts: FindingFacts, by: number) => {
      for (const key of progressKeysOf(facts, ['all', 'pub'], now)) report[key] = (report[key] ?? 0) + by;
    };
    add(open, 1);
    add(open, -1);
    add(closed, 1);
    expect(progressOf(report, 'pub', now)).toMatchObject({ sla: { overdue: 0, dueSoon: 0, compliancePercent: 100 } });
    add(closed, -1);
    add(open, 1);
    expect(progressOf(report, 'pub', now)).toMatchObject({ sla: { overdue: 0, dueSoon: 1 }, mttrDays: {} });
    expect(progressOf(report, 'pub', now).monthlyTrend.at(-1)).toEqual({ month: '2026-11', opened: 0, fixed: 0 });
  });
});

// The weekly digest's content from a week's changes, with a fixed clock: which findings land in which section (only
// published ones, only changes inside the week, the state now deciding between fixed and reopened), the mail's
// sections, counts and links, its one-click unsubscribe headers, and the week a run is sent for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredFinding } from '../../lambdas/kernel/data/entities/findings.js';
import {
  digestWindow,
  isoWeek,
  serviceWeekOf,
  weekCount,
  type DigestFinding,
} from '../../lambdas/kernel/notifications/weekly-digest-changes.js';
import { listedPerSection, weeklyDigestMail } from '../../lambdas/kernel/notifications/weekly-digest-mail.js';

const dayMs = 24 * 3600 * 1000;
/** Monday 30 November 2026, 07:00 UTC: the schedule's time. */
const runAt = Date.UTC(2026, 10, 30, 7, 0);
const portalUrl = 'https://portal.example.com/';
const unsubscribeUrl = 'https://portal.example.com/api/digest/unsubscribe/abc.def';

afterEach(() => {
  vi.useRealTimers();
});

function finding(id: string, fields: Record<string, unknown>): StoredFinding {
  const stored: StoredFinding = {
    id,
    title: `Tool title ${id}`,
    toolSeverity: 'medium',
    status: 'open',
    published: true,
    sourceHash: '',
    assetKey: '',
    firstSeenAt: 0,
    lastChange: { importId: 'i', at: 0, change: 'new', severity: 'medium' },
    ...fields,
  };
  return stored;
}

const change = (kind: string, at: number) => ({ importId: 'i', at, change: kind, severity: 'medium' });

describe('the week a run covers', () => {
  it('is the seven days up to the run, sent for the ISO week of the run', () => {
    vi.useFakeTimers();
    vi.setSystemTime(runAt);
    expect(digestWindow(Date.now())).toEqual({ from: runAt - 7 * dayMs, to: runAt, week: '2026-W49' });
    // A retry later that Monday, or a manual run on the Sunday before, belong to weeks of their own.
    expect(isoWeek(runAt + 3 * 3600 * 1000)).toBe('2026-W49');
    expect(isoWeek(runAt - dayMs)).toBe('2026-W48');
    // ISO weeks across a new year: 1 January 2027 is a Friday, in 2026's week 53.
    expect(isoWeek(Date.UTC(2027, 0, 1))).toBe('2026-W53');
    expect(isoWeek(Date.UTC(2027, 0, 4))).toBe('2027-W01');
  });
});

describe("a service's week", () => {
  const window = digestWindow(runAt);
  const inside = runAt - 2 * dayMs;
  const before = runAt - 9 * dayMs;

  it('sorts published findings into their sections, by the changes inside the week only', () => {
    const week = serviceWeekOf(
      'dast',
      {
        published: [
          finding('new1', { toolSeverity: 'low', title: 'Newly published' }),
          finding('unpublished', { published: false }),
        ],
        changed: [
          finding('fixed1', { status: 'fixed', history: [change('new', before), change('fixed', inside)] }),
          finding('reopened1', {
            analystSeverity: 'critical',
            analystTitle: 'Analyst wording',
            history: [change('new', before), change('fixed', before), change('reopened', inside)],
          }),
          // Fixed and found again within the week: reopened, not fixed.
          finding('both', { history: [change('fixed', inside - 1000), change('reopened', inside)] }),
          // Fixed before the week; changed again inside it, but still fixed: no section.
          finding('oldfix', { status: 'fixed', history: [change('fixed', before), change('changed', inside)] }),
          finding('hidden', { published: false, status: 'fixed', history: [change('fixed', inside)] }),
        ],
        due: [
          finding('overdue1', { toolSeverity: 'high', dueAt: inside }),
          finding('closed', { status: 'fixed', dueAt: inside }),
        ],
        exploited: [
          finding('kev1', { knownExploited: true, knownExploitedAt: inside }),
          finding('kevold', { knownExploited: true, knownExploitedAt: before }),
        ],
      },
      window,
    );
    const ids = (list: DigestFinding[]) => list.map((item) => item.findingId);
    expect(ids(week.new)).toEqual(['new1']);
    expect(ids(week.fixed)).toEqual(['fixed1']);
    expect(ids(week.reopened)).toEqual(['reopened1', 'both']);
    expect(ids(week.overdue)).toEqual(['overdue1']);
    expect(ids(week.knownExploited)).toEqual(['kev1']);
    // The shown wording and severity: the analyst's when set.
    expect(week.reopened[0]).toEqual({
      service: 'dast',
      findingId: 'reopened1',
      title: 'Analyst wording',
      severity: 'critical',
    });
    expect(weekCount([week])).toBe(6);
  });

  it('is empty when nothing changed in the week', () => {
    const week = serviceWeekOf(
      'network',
      {
        published: [],
        changed: [finding('old', { status: 'fixed', history: [change('fixed', before)] })],
        due: [],
        exploited: [],
      },
      window,
    );
    expect(weekCount([week])).toBe(0);
  });
});

describe('the mail', () => {
  const item = (
    service: 'dast' | 'network',
    findingId: string,
    title: string,
    severity: DigestFinding['severity'] = 'high',
  ): DigestFinding => ({ service, findingId, title, severity });

  it('lists each section with its count, each finding with its report link, and the one-click unsubscribe', () => {
    const mail = weeklyDigestMail({
      to: 'person@example.com',
      portalUrl,
      productName: 'Security Portal',
      companyName: 'Acme <Corp>',
      week: '2026-W49',
      sections: {
        new: [item('dast', 'a1', 'SQL injection'), item('network', 'b2', 'Open port')],
        reopened: [],
        overdue: [item('dast', 'c3', 'Weak TLS')],
        knownExploited: [],
        fixed: [item('dast', 'd4', 'Old header', 'low')],
      },
      unsubscribeUrl,
    });
    expect(mail.to).toBe('person@example.com');
    expect(mail.subject).toBe('Weekly digest for Acme <Corp>: 2 new, 1 overdue, 1 fixed');
    expect(mail.text).toContain('New findings (2):');
    expect(mail.text).toContain('Newly overdue (1):');
    expect(mail.text).toContain('Fixed (1):');
    expect(mail.text).not.toContain('Reopened');
    expect(mail.text).not.toContain('known exploited');
    expect(mail.text).toContain('- [High] SQL injection (DAST)\n  https://portal.example.com/reports/dast?finding=a1');
    expect(mail.text).toContain(
      '- [High] Open port (Network scanning)\n  https://portal.example.com/reports/network?finding=b2',
    );
    expect(mail.text).toContain('- [Low] Old header (DAST)');
    expect(mail.text).toContain(`Unsubscribe from this digest in one click: ${unsubscribeUrl}`);
    expect(mail.html).toContain('Acme &lt;Corp&gt;');
    expect(mail.html).toContain('href="https://portal.example.com/reports/dast?finding=c3"');
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${unsubscribeUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('lists at most a page of each section and counts the rest', () => {
    const many = Array.from({ length: listedPerSection + 3 }, (_, index) =>
      item('dast', `f${index}`, `Finding ${index}`),
    );
    const mail = weeklyDigestMail({
      to: 'person@example.com',
      portalUrl,
      productName: 'Security Portal',
      companyName: 'Acme',
      week: '2026-W49',
      sections: { new: many, reopened: [], overdue: [], knownExploited: [], fixed: [] },
      unsubscribeUrl,
    });
    expect(mail.subject).toBe(`Weekly digest for Acme: ${listedPerSection + 3} new`);
    expect(mail.text.match(/\/reports\/dast\?finding=/g)).toHaveLength(listedPerSection);
    expect(mail.text).toContain('And 3 more: see the reports in the portal.');
  });
});

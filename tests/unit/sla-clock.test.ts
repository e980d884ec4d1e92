// The SLA clock: due dates from publication and the policy's days per severity, a severity change restarting the
// clock with the new days, pauses (a retest or risk acceptance waiting) moving the due date on, 0 days due at once,
// info never due; the state on track, due within 7 days, or overdue.
import { describe, expect, it } from 'vitest';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import { slaDueAt, slaState } from '../../lambdas/kernel/sla/sla-clock.js';

const day = 24 * 60 * 60 * 1000;
const publishedAt = Date.UTC(2026, 0, 1, 9, 0);

describe('the SLA clock', () => {
  it('is due the policy’s days after publication, per severity; info never', () => {
    expect(slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'critical' })).toBe(publishedAt + 7 * day);
    expect(slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'high' })).toBe(publishedAt + 30 * day);
    expect(slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'medium' })).toBe(publishedAt + 90 * day);
    expect(slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'low' })).toBe(publishedAt + 180 * day);
    expect(slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'info' })).toBeUndefined();
    expect(slaState(undefined, publishedAt + 1000 * day)).toBe('none');
  });

  it('0 days: due when published, overdue from then on', () => {
    const dueAt = slaDueAt({ ...defaultSlaDays, critical: 0 }, { startedAt: publishedAt, severity: 'critical' });
    expect(dueAt).toBe(publishedAt);
    expect(slaState(dueAt, publishedAt)).toBe('overdue');
  });

  it('is on track, then due within 7 days, then overdue as time passes', () => {
    const dueAt = slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'high' })!;
    expect(slaState(dueAt, publishedAt)).toBe('onTrack');
    expect(slaState(dueAt, dueAt - 7 * day - 1)).toBe('onTrack');
    expect(slaState(dueAt, dueAt - 7 * day)).toBe('dueSoon');
    expect(slaState(dueAt, dueAt - 1)).toBe('dueSoon');
    expect(slaState(dueAt, dueAt)).toBe('overdue');
  });

  it('a severity change restarts the clock with the new severity’s days', () => {
    const raisedAt = publishedAt + 20 * day;
    const dueAt = slaDueAt(defaultSlaDays, { startedAt: raisedAt, severity: 'critical' })!;
    expect(dueAt).toBe(raisedAt + 7 * day);
    expect(slaState(dueAt, raisedAt + 6 * day)).toBe('dueSoon');
  });

  it('stands still while a review waits, and the pause moves the due date on when it ends', () => {
    const dueAt = slaDueAt(defaultSlaDays, { startedAt: publishedAt, severity: 'critical' })!;
    const pausedSince = publishedAt + 2 * day;
    // Weeks later, still waiting: the state is the one it had when the pause began, never newly overdue.
    expect(slaState(dueAt, publishedAt + 40 * day, pausedSince)).toBe('dueSoon');
    const resumedAt = publishedAt + 12 * day;
    const resumedDueAt = slaDueAt(defaultSlaDays, {
      startedAt: publishedAt,
      severity: 'critical',
      pausedMs: resumedAt - pausedSince,
    })!;
    expect(resumedDueAt).toBe(publishedAt + 17 * day);
    expect(slaState(resumedDueAt, resumedAt)).toBe('dueSoon');
    expect(slaState(resumedDueAt, publishedAt + 17 * day)).toBe('overdue');
  });
});

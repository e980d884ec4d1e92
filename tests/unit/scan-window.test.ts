// A location's scan window on the clock (fake time: every instant is given): open or not, and its next opening,
// in the window's own time zone, daylight saving time included.
import { describe, expect, it } from 'vitest';
import type { ScanWindow } from '../../lambdas/kernel/data/entities/locations.js';
import type { ScanJobItem } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { nextWindowStart, windowOpenAt, windowTimeText } from '../../lambdas/kernel/locations/scan-window.js';
import { staleEnding } from '../../lambdas/kernel/scan-jobs/job-endings.js';

const weekendNights: ScanWindow = { days: ['sat', 'sun'], start: '22:00', end: '06:00', timeZone: 'Europe/Berlin' };
const at = (iso: string) => Date.parse(iso);

describe('a weekend night window in Berlin (the demo site)', () => {
  it('is closed on a Friday at 03:12 Berlin time, and opens on Saturday at 22:00', () => {
    const friday = at('2026-11-27T02:12:00Z'); // 03:12 in Berlin (CET, +01:00)
    expect(windowOpenAt(weekendNights, friday)).toBe(false);
    expect(nextWindowStart(weekendNights, friday)).toBe(at('2026-11-28T21:00:00Z'));
    expect(windowTimeText(weekendNights, at('2026-11-28T21:00:00Z'))).toBe(
      'Saturday 28 November at 22:00 (Europe/Berlin)',
    );
  });

  it('is open from Saturday 22:00 through the night to Sunday 06:00, and again Sunday night into Monday', () => {
    expect(windowOpenAt(weekendNights, at('2026-11-28T20:59:59Z'))).toBe(false);
    expect(windowOpenAt(weekendNights, at('2026-11-28T21:00:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-11-29T04:59:59Z'))).toBe(true); // Sunday 05:59:59
    expect(windowOpenAt(weekendNights, at('2026-11-29T05:00:00Z'))).toBe(false); // Sunday 06:00: closed
    expect(windowOpenAt(weekendNights, at('2026-11-29T12:00:00Z'))).toBe(false);
    expect(windowOpenAt(weekendNights, at('2026-11-30T03:00:00Z'))).toBe(true); // Monday 04:00, Sunday's night
    expect(nextWindowStart(weekendNights, at('2026-11-29T12:00:00Z'))).toBe(at('2026-11-29T21:00:00Z'));
    const inside = at('2026-11-29T01:00:00Z');
    expect(nextWindowStart(weekendNights, inside)).toBe(inside);
  });

  it('opens at 22:00 Berlin time in summer too (CEST, +02:00)', () => {
    expect(nextWindowStart(weekendNights, at('2026-07-01T10:00:00Z'))).toBe(at('2026-07-04T20:00:00Z'));
    expect(windowOpenAt(weekendNights, at('2026-07-04T20:00:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-07-04T19:59:00Z'))).toBe(false);
  });

  it('spans the night the clocks go back, and the night they go forward, by the wall clock', () => {
    // Sunday 25 October 2026 03:00 CEST becomes 02:00 CET: Saturday 22:00 CEST to Sunday 06:00 CET is 9 hours.
    expect(windowOpenAt(weekendNights, at('2026-10-24T20:00:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-10-25T04:59:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-10-25T05:00:00Z'))).toBe(false);
    // Sunday 29 March 2026 02:00 CET becomes 03:00 CEST: Saturday 22:00 CET to Sunday 06:00 CEST is 7 hours.
    expect(windowOpenAt(weekendNights, at('2026-03-28T21:00:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-03-29T03:59:00Z'))).toBe(true);
    expect(windowOpenAt(weekendNights, at('2026-03-29T04:00:00Z'))).toBe(false);
  });
});

describe('other windows', () => {
  it('scans at any time without a window', () => {
    expect(windowOpenAt(undefined, 0)).toBe(true);
    expect(nextWindowStart(undefined, 12345)).toBe(12345);
  });

  it('a day window closes the same day, and waits for its next listed day', () => {
    const weekdayMornings: ScanWindow = { days: ['mon', 'wed'], start: '09:00', end: '11:30', timeZone: 'UTC' };
    expect(windowOpenAt(weekdayMornings, at('2026-11-30T10:00:00Z'))).toBe(true); // Monday
    expect(windowOpenAt(weekdayMornings, at('2026-11-30T11:30:00Z'))).toBe(false);
    expect(nextWindowStart(weekdayMornings, at('2026-11-30T11:30:00Z'))).toBe(at('2026-12-02T09:00:00Z'));
    expect(nextWindowStart(weekdayMornings, at('2026-12-02T12:00:00Z'))).toBe(at('2026-12-07T09:00:00Z'));
  });

  it('a start the clock skips opens as much later as the clock jumps', () => {
    const earlySunday: ScanWindow = { days: ['sun'], start: '02:30', end: '05:00', timeZone: 'Europe/Berlin' };
    // 29 March 2026: 02:30 does not exist in Berlin; the window opens at 03:30 CEST (01:30Z).
    expect(nextWindowStart(earlySunday, at('2026-03-28T12:00:00Z'))).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('a time shown twice opens at the first of them', () => {
    const earlySunday: ScanWindow = { days: ['sun'], start: '02:30', end: '05:00', timeZone: 'Europe/Berlin' };
    // 25 October 2026: 02:30 CEST (00:30Z), then 02:30 CET (01:30Z).
    expect(nextWindowStart(earlySunday, at('2026-10-24T12:00:00Z'))).toBe(at('2026-10-25T00:30:00Z'));
  });

  it('keeps time zones far from UTC on their own dates', () => {
    const aucklandMonday: ScanWindow = { days: ['mon'], start: '01:00', end: '02:00', timeZone: 'Pacific/Auckland' };
    // Monday 01:00 in Auckland (NZDT, +13:00) is Sunday 12:00 UTC.
    expect(nextWindowStart(aucklandMonday, at('2026-11-28T00:00:00Z'))).toBe(at('2026-11-29T12:00:00Z'));
    const honoluluFriday: ScanWindow = { days: ['fri'], start: '23:00', end: '01:00', timeZone: 'Pacific/Honolulu' };
    // Friday 23:00 in Honolulu (-10:00) is Saturday 09:00 UTC; it closes at Saturday 01:00 local, 11:00 UTC.
    expect(nextWindowStart(honoluluFriday, at('2026-11-27T00:00:00Z'))).toBe(at('2026-11-28T09:00:00Z'));
    expect(windowOpenAt(honoluluFriday, at('2026-11-28T10:59:00Z'))).toBe(true);
    expect(windowOpenAt(honoluluFriday, at('2026-11-28T11:00:00Z'))).toBe(false);
  });
});

describe('a job queued for a window that has not opened', () => {
  it('expires only a day after the window opened, not a day after it was queued', () => {
    const queuedAt = at('2026-11-23T09:00:00Z'); // a Monday
    const notBefore = nextWindowStart(weekendNights, queuedAt); // Saturday 22:00 in Berlin
    const job: ScanJobItem = {
      jobId: 'j1',
      slug: 'acme',
      locationId: 'berlin',
      service: 'dast',
      capability: 'zap',
      target: 'https://app.acme.example/',
      status: 'queued',
      queuedAt,
      notBefore,
      queuedBy: 'dast-key:k1',
      version: 1,
    };
    expect(staleEnding(job, undefined, queuedAt + 2 * 24 * 3_600_000)).toBeUndefined();
    expect(staleEnding(job, undefined, notBefore + 23 * 3_600_000)).toBeUndefined();
    expect(staleEnding(job, undefined, notBefore + 25 * 3_600_000)).toEqual({
      status: 'expired',
      reason: 'No agent of its location claimed it within 24 hours of its scan window opening.',
    });
  });
});

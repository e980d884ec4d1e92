// A location's scan window on the clock: whether scans may run at an instant, and when the window next opens. The
// window opens on each of its days at `start`, wall-clock time in its IANA time zone, and closes at `end` the same
// day, or the next day when the end is not after the start (a night window, Saturday 22:00 to Sunday 06:00). Wall
// clock means daylight saving time is the zone's: a window from 22:00 opens at 22:00 local time in winter and in
// summer. A time the clock skips that day (02:30 when it springs from 02:00 to 03:00) falls as much later (03:30);
// a time it shows twice (falling back) is its first. Pure: the callers pass the instant.
import { weekDays, type ScanWindow } from '../data/entities/locations.js';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

interface WallClock {
  /** Days since 1970-01-01 of the local date. */
  day: number;
  /** Minutes since local midnight. */
  minute: number;
  weekDay: (typeof weekDays)[number];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `at`, as if it were UTC (epoch ms): the zone's offset is that minus `at`. */
function wallAsUtc(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

function wallClock(timeZone: string, at: number): WallClock {
  const wall = wallAsUtc(timeZone, at - (at % 1000));
  const day = Math.floor(wall / dayMs);
  // 1970-01-01 was a Thursday: weekDays starts on Monday.
  const weekDay = weekDays[(((day + 3) % 7) + 7) % 7]!;
  return { day, minute: Math.floor((wall - day * dayMs) / minuteMs), weekDay };
}

/**
 * The instant the zone's clock reads `minute` on local day `day`. When the clock skips that time (spring forward),
 * as much later as it jumps; when it shows it twice (fall back), the first.
 */
function instantOf(timeZone: string, day: number, minute: number): number {
  const wall = day * dayMs + minute * minuteMs;
  // The offsets on either side of the wall time: a clock change lies within a day of it.
  const candidates = [wall - dayMs, wall + dayMs].map((probe) => wall - (wallAsUtc(timeZone, probe) - probe));
  const exact = candidates.filter((instant) => wallAsUtc(timeZone, instant) === wall).sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // A skipped time: the wall time under the offset before the change, which the clock reads later by the jump.
  return Math.max(...candidates);
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** The window's openings that could hold `at` or follow it: from the day before `at` to a week after. */
function* openings(window: ScanWindow, at: number): Generator<{ opens: number; closes: number }> {
  const today = wallClock(window.timeZone, at).day;
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  for (let day = today - 1; day <= today + 7; day += 1) {
    const weekDay = weekDays[(((day + 3) % 7) + 7) % 7]!;
    if (!window.days.includes(weekDay)) continue;
    const opens = instantOf(window.timeZone, day, start);
    const closes = instantOf(window.timeZone, end > start ? day : day + 1, end);
    yield { opens, closes };
  }
}

/** Whether scans may run at `at`: always without a window. */
export function windowOpenAt(window: ScanWindow | undefined, at: number): boolean {
  if (!window) return true;
  for (const { opens, closes } of openings(window, at)) if (opens <= at && at < closes) return true;
  return false;
}

/** When scans may next run: `at` itself when the window is open (or there is none), else its next opening. */
export function nextWindowStart(window: ScanWindow | undefined, at: number): number {
  if (!window || window.days.length === 0) return at;
  let next: number | undefined;
  for (const { opens, closes } of openings(window, at)) {
    if (opens <= at && at < closes) return at;
    if (opens > at && (next === undefined || opens < next)) next = opens;
  }
  // Every window has a listed day within the week searched.
  return next ?? at;
}

/** "Saturday 22:00 (Europe/Berlin)": an instant as the window's own clock reads it, for people. */
export function windowTimeText(window: ScanWindow, at: number): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: window.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} (${window.timeZone})`;
}

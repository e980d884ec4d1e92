// The SLA clock of a published finding: days to fix per severity (the company's policy), counted from publication,
// restarted from the new severity's days when the severity changes, paused while a retest or a risk acceptance
// waits for an answer. A finding is on track, due within 7 days, or overdue; info findings (and severities the
// policy leaves without days) have no due date. Pure arithmetic: the callers pass the time.
import type { Severity } from '../../contracts/finding-words.js';
import type { SlaDays } from '../../contracts/sla.js';

/** "Due soon": due within this many days. */
export const dueSoonDays = 7;

export type SlaState = 'onTrack' | 'dueSoon' | 'overdue' | 'none';

const dayMs = 24 * 60 * 60 * 1000;

export interface SlaClockInput {
  /** When the finding was published (its clock starts), or when its severity last changed after that. */
  startedAt: number;
  severity: Severity;
  /** Milliseconds the clock stood still since it started (answered retests and risk acceptances). */
  pausedMs?: number;
}

/** When the finding is due (epoch ms), or undefined when its severity has no days. 0 days: due when it starts. */
export function slaDueAt(days: SlaDays, { startedAt, severity, pausedMs = 0 }: SlaClockInput): number | undefined {
  if (severity === 'info') return undefined;
  return startedAt + days[severity] * dayMs + pausedMs;
}

/**
 * The state at `now`. While paused (`pausedSince`: a review waits) the clock stands still: the due date moves on
 * with the pause, so a paused finding is never newly overdue; it keeps the state it had when the pause began.
 */
export function slaState(dueAt: number | undefined, now: number, pausedSince?: number): SlaState {
  if (dueAt === undefined) return 'none';
  const at = pausedSince !== undefined && pausedSince < now ? pausedSince : now;
  if (at >= dueAt) return 'overdue';
  if (dueAt - at <= dueSoonDays * dayMs) return 'dueSoon';
  return 'onTrack';
}

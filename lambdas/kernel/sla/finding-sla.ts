// A finding's SLA as stored: when its clock started, how long it stood still, whether it stands still now, when it
// is due, the policy version that date came from, and its key on the due-date index (gsi3). Every write that
// changes what the clock depends on (publication, shown severity, status, a review waiting or decided, a new
// policy) computes the attributes here, from the finding as read and what it becomes; pure, the callers pass the
// time and the company's policy (read once per write batch or import).
//
// The due-date index holds open published findings with a due date, one partition per company and service
// (`DUE#<slug>#<service>`). A running clock's key is its due date, so "overdue" and "due within 7 days" are key
// ranges; a paused clock keeps the state it had when the pause began (sla-clock.ts), so a paused finding that was
// not overdue then is keyed by that frozen state (`P#dueSoon#<id>`, `P#onTrack#<id>`) and never falls into the
// overdue range while it waits; one that was overdue keeps its running key (its due date is before the pause, in
// the overdue range). On resume the due date moves on by the pause and the running key comes back.
//
// A known-exploited finding (a CVE of it in CISA's KEV catalogue, feeds/exploit-enrichment.ts) is due by the
// critical days whatever its severity: the clock counts by its "clock severity", and becoming known exploited (or
// ceasing to be) changes that severity as an analyst's change would, restarting the clock from then.
import type { Severity } from '../../contracts/finding-words.js';
import type { SlaDays } from '../../contracts/sla.js';
import { slaDueAt, slaState, type SlaState } from './sla-clock.js';

/** The attributes of a finding's SLA (absent: undefined). */
export interface FindingSlaFields {
  /** The clock's start: first publication, or the last change of the shown severity while published. */
  slaStartedAt?: number;
  /** Milliseconds the clock stood still since it started (finished pauses). */
  slaPausedMs?: number;
  /** Present while a retest or risk acceptance waits: when the pause began. */
  slaPausedSince?: number;
  /** When it is due (without the pause going on), present only on open published findings with a due date. */
  dueAt?: number;
  /**
   * The due date it had when it was closed (fixed, accepted…), present while it is closed: whether it was fixed in
   * time (reports/progress-counters.ts). 0 when a scan fixed it while it had none.
   */
  closedDueAt?: number;
  /** The company's SLA policy version the due date came from. */
  slaPolicyVersion?: number;
  gsi3pk?: string;
  gsi3sk?: string;
}

export const slaFieldNames = [
  'slaStartedAt',
  'slaPausedMs',
  'slaPausedSince',
  'dueAt',
  'closedDueAt',
  'slaPolicyVersion',
  'gsi3pk',
  'gsi3sk',
] as const satisfies ReadonlyArray<keyof FindingSlaFields>;

/** What the SLA follows of a finding. */
export interface SlaFacts {
  /** The shown severity (the analyst's when set). */
  severity: Severity;
  status: string;
  published: boolean;
  /** A retest or risk acceptance waits. */
  paused: boolean;
  /** A CVE of it is in the KEV catalogue (default: as stored before the write). */
  knownExploited?: boolean;
}

/** The facts of a finding as stored, for a write that changes none of them (a new policy, new exploit signals). */
export function storedSlaFacts(finding: {
  severity?: unknown;
  analystSeverity?: unknown;
  toolSeverity?: unknown;
  status?: unknown;
  published?: unknown;
  review?: unknown;
}): SlaFacts {
  return {
    severity: (finding.severity ?? finding.analystSeverity ?? finding.toolSeverity) as Severity,
    status: String(finding.status),
    published: finding.published === true,
    paused: finding.review !== undefined,
  };
}

/** The severity the clock counts by: critical for a known-exploited finding, else the shown severity. */
export function clockSeverity(severity: Severity, knownExploited: boolean): Severity {
  return knownExploited ? 'critical' : severity;
}

/** The policy a write uses: its days and version. */
export interface SlaPolicyUse {
  days: SlaDays;
  version: number;
}

export const duePartition = (slug: string, service: string) => `DUE#${slug}#${service}`;

const padded = (time: number) => String(Math.max(0, Math.floor(time))).padStart(15, '0');

/** The key of a running clock (or a paused overdue one): its due date, then the id. */
export const runningDueKey = (dueAt: number, id: string) => `${padded(dueAt)}#${id}`;

/** The due-date index's sort key of a finding due at `dueAt`, paused since `pausedSince` if it is. */
export function dueIndexKey(dueAt: number, id: string, pausedSince?: number): string {
  if (pausedSince === undefined) return runningDueKey(dueAt, id);
  const frozen = slaState(dueAt, pausedSince);
  return frozen === 'overdue' ? runningDueKey(dueAt, id) : `P#${frozen}#${id}`;
}

/** The key ranges (inclusive bounds, never equal to a key) of a state at `now`, in due-date order. */
export function dueKeyRanges(
  sla: 'overdue' | 'dueSoon' | undefined,
  now: number,
  soonMs: number,
): Array<{ low: string; high: string }> {
  // Running keys start with a digit; '~' sorts after every digit and 'P' after '9'.
  if (sla === 'overdue') return [{ low: '0', high: `${padded(now)}#~` }];
  if (sla === 'dueSoon') {
    return [
      { low: `${padded(now)}#~`, high: `${padded(now + soonMs)}#~` },
      { low: 'P#dueSoon#', high: 'P#dueSoon#~' },
    ];
  }
  return [{ low: '0', high: '~' }];
}

/** A finding's SLA attributes after a write that makes `next` of `before` at `at`. */
export function findingSlaAfter(
  scope: { slug: string; service: string; id: string },
  before: FindingSlaFields & { severity?: unknown; published?: unknown; knownExploited?: unknown; status?: unknown },
  next: SlaFacts,
  policy: SlaPolicyUse,
  at: number,
): FindingSlaFields {
  const exploitedBefore = before.knownExploited === true;
  const beforeClock =
    typeof before.severity === 'string' ? clockSeverity(before.severity as Severity, exploitedBefore) : undefined;
  const nextClock = clockSeverity(next.severity, next.knownExploited ?? exploitedBefore);
  let startedAt = before.slaStartedAt;
  let pausedMs = before.slaPausedMs ?? 0;
  let pausedSince = before.slaPausedSince;
  if (next.published && startedAt === undefined) {
    startedAt = at;
    pausedMs = 0;
    pausedSince = undefined;
  } else if (next.published && before.published === true && beforeClock !== nextClock) {
    // The clock restarts with the new (clock) severity's days; a pause going on counts from now.
    startedAt = at;
    pausedMs = 0;
    if (pausedSince !== undefined) pausedSince = at;
  }
  if (startedAt === undefined) return {};
  if (next.paused && pausedSince === undefined) pausedSince = at;
  if (!next.paused && pausedSince !== undefined) {
    pausedMs += Math.max(0, at - pausedSince);
    pausedSince = undefined;
  }
  const due = next.published ? slaDueAt(policy.days, { startedAt, severity: nextClock, pausedMs }) : undefined;
  const dueAt = next.status === 'open' ? due : undefined;
  // Closed: the due date it had then, kept while it stays closed (a later feed or policy does not move it).
  const closedBefore =
    before.status !== undefined && before.status !== 'open' && before.slaPausedSince === undefined
      ? before.closedDueAt
      : undefined;
  const closedDueAt = next.status === 'open' ? undefined : (closedBefore ?? due);
  return {
    slaStartedAt: startedAt,
    slaPausedMs: pausedMs,
    ...(pausedSince !== undefined ? { slaPausedSince: pausedSince } : {}),
    ...(closedDueAt !== undefined ? { closedDueAt } : {}),
    slaPolicyVersion: policy.version,
    ...(dueAt !== undefined
      ? {
          dueAt,
          gsi3pk: duePartition(scope.slug, scope.service),
          gsi3sk: dueIndexKey(dueAt, scope.id, pausedSince),
        }
      : {}),
  };
}

/** What a row shows: the due date (moving on while paused) and the state at `now`. */
export function shownSla(
  stored: { dueAt?: unknown; slaPausedSince?: unknown },
  now: number,
): { dueAt?: number; slaState: SlaState } {
  const dueAt = typeof stored.dueAt === 'number' ? stored.dueAt : undefined;
  const pausedSince = typeof stored.slaPausedSince === 'number' ? stored.slaPausedSince : undefined;
  if (dueAt === undefined) return { slaState: 'none' };
  const paused = pausedSince !== undefined && pausedSince < now ? now - pausedSince : 0;
  return { dueAt: dueAt + paused, slaState: slaState(dueAt, now, pausedSince) };
}

/** The attributes a write sets and removes to go from `before` to `after`; none when they are the same. */
export function slaChanges(
  before: FindingSlaFields,
  after: FindingSlaFields,
): { set: Partial<Record<keyof FindingSlaFields, number | string>>; remove: Array<keyof FindingSlaFields> } {
  const set: Partial<Record<keyof FindingSlaFields, number | string>> = {};
  const remove: Array<keyof FindingSlaFields> = [];
  // A finding read without its index keys (stripFindingKeys) has them exactly when it has a due date.
  const id = after.gsi3sk?.slice(after.gsi3sk.lastIndexOf('#') + 1);
  const read: FindingSlaFields =
    before.gsi3sk === undefined && before.dueAt !== undefined
      ? {
          ...before,
          gsi3pk: before.gsi3pk ?? (after.gsi3pk ? after.gsi3pk : '(stored)'),
          gsi3sk: id === undefined ? '(stored)' : dueIndexKey(before.dueAt, id, before.slaPausedSince),
        }
      : before;
  for (const name of slaFieldNames) {
    const value = after[name];
    if (value === undefined) {
      if (read[name] !== undefined) remove.push(name);
    } else if (value !== read[name]) set[name] = value;
  }
  return { set, remove };
}

/** The parts of an UpdateExpression a write is built from (finding-fields.ts's UpdateParts has them). */
export interface ExpressionParts {
  sets: string[];
  removes: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** What an SLA write reads of the finding: its SLA attributes and the facts the clock followed. */
export type SlaRead = FindingSlaFields & {
  severity?: unknown;
  status?: unknown;
  published?: unknown;
  knownExploited?: unknown;
};

/**
 * Adds the SLA's attributes of `after` to a write of the finding read as `before`, on the condition that what the
 * computation read (shown severity, status, publication, clock start, pause, policy version, known exploited) is
 * still stored; adds nothing when they do not change. Answers whether it added.
 */
export function addSlaParts(parts: ExpressionParts, before: SlaRead, after: FindingSlaFields): boolean {
  const { set, remove } = slaChanges(before, after);
  if (!Object.keys(set).length && !remove.length) return false;
  for (const [name, value] of Object.entries(set)) {
    parts.names[`#sla_${name}`] = name;
    parts.values[`:sla_${name}`] = value;
    parts.sets.push(`#sla_${name} = :sla_${name}`);
  }
  for (const name of remove) {
    parts.names[`#sla_${name}`] = name;
    parts.removes.push(`#sla_${name}`);
  }
  const same = (name: string, value: unknown) => {
    parts.names[`#slaRead_${name}`] = name;
    if (value === undefined) {
      parts.conditions.push(`attribute_not_exists(#slaRead_${name})`);
      return;
    }
    parts.values[`:slaRead_${name}`] = value;
    parts.conditions.push(`#slaRead_${name} = :slaRead_${name}`);
  };
  same('severity', before.severity);
  same('status', before.status);
  same('slaStartedAt', before.slaStartedAt);
  same('slaPausedSince', before.slaPausedSince);
  same('slaPolicyVersion', before.slaPolicyVersion);
  same('knownExploited', before.knownExploited);
  parts.names['#slaRead_published'] = 'published';
  parts.values[':slaRead_true'] = true;
  parts.conditions.push(
    before.published === true
      ? '#slaRead_published = :slaRead_true'
      : '(attribute_not_exists(#slaRead_published) OR #slaRead_published <> :slaRead_true)',
  );
  return true;
}

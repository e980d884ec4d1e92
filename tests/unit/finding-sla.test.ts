// A finding's stored SLA and its key on the due-date index, with the time passed in: the clock starts at the first
// publication and restarts with a new shown severity, stops when the finding is closed and comes back when it is
// reopened, stands still while a review waits (the key frozen at the state the pause began with, or kept in the
// overdue range), and the due date moves on by the pause when it ends; the key ranges of overdue and due soon.
import { describe, expect, it } from 'vitest';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import {
  dueIndexKey,
  dueKeyRanges,
  findingSlaAfter,
  shownSla,
  slaChanges,
  type FindingSlaFields,
  type SlaFacts,
} from '../../lambdas/kernel/sla/finding-sla.js';

const day = 24 * 60 * 60 * 1000;
const t0 = Date.UTC(2026, 0, 1, 9, 0);
const scope = { slug: 'acme', service: 'dast', id: 'f1' };
const policy = { days: defaultSlaDays, version: 3 };
const open: SlaFacts = { severity: 'high', status: 'open', published: true, paused: false };
const inRange = (key: string, range: { low: string; high: string }) => range.low < key && key < range.high;

describe("a finding's SLA", () => {
  it('starts at the first publication: due after the severity’s days, on the due-date index by due date', () => {
    const after = findingSlaAfter(scope, { severity: 'high', published: false }, open, policy, t0);
    expect(after).toEqual({
      slaStartedAt: t0,
      slaPausedMs: 0,
      slaPolicyVersion: 3,
      dueAt: t0 + 30 * day,
      gsi3pk: 'DUE#acme#dast',
      gsi3sk: `${String(t0 + 30 * day).padStart(15, '0')}#f1`,
    });
    expect(shownSla(after, t0)).toEqual({ dueAt: t0 + 30 * day, slaState: 'onTrack' });
    expect(shownSla(after, t0 + 25 * day).slaState).toBe('dueSoon');
    expect(shownSla(after, t0 + 30 * day).slaState).toBe('overdue');
  });

  it('has no due date unpublished, for info, or when not open; reopening restores it from the same start', () => {
    expect(findingSlaAfter(scope, {}, { ...open, published: false }, policy, t0)).toEqual({});
    const info = findingSlaAfter(scope, {}, { ...open, severity: 'info' }, policy, t0);
    expect(info.dueAt).toBeUndefined();
    expect(info.gsi3pk).toBeUndefined();
    const published = findingSlaAfter(scope, { severity: 'high' }, open, policy, t0);
    const before = { ...published, severity: 'high', published: true };
    const fixed = findingSlaAfter(scope, before, { ...open, status: 'fixed' }, policy, t0 + day);
    // Closed, it keeps the due date it had (whether it was fixed in time), and no longer is on the index.
    expect(fixed).toEqual({ slaStartedAt: t0, slaPausedMs: 0, slaPolicyVersion: 3, closedDueAt: t0 + 30 * day });
    expect(slaChanges(published, fixed).remove.sort()).toEqual(['dueAt', 'gsi3pk', 'gsi3sk']);
    expect(slaChanges(published, fixed).set).toEqual({ closedDueAt: t0 + 30 * day });
    // A later write while it stays closed (a new policy, a feed) keeps that date.
    const closedRead = { ...fixed, severity: 'high', published: true, status: 'fixed' };
    const stricter = { days: { ...defaultSlaDays, high: 3 }, version: 4 };
    expect(findingSlaAfter(scope, closedRead, { ...open, status: 'fixed' }, stricter, t0 + 5 * day).closedDueAt).toBe(
      t0 + 30 * day,
    );
    const reopened = findingSlaAfter(
      scope,
      { ...fixed, severity: 'high', published: true },
      open,
      policy,
      t0 + 2 * day,
    );
    expect(reopened).toEqual(published);
    expect(slaChanges(fixed, reopened).remove).toContain('closedDueAt');
  });

  it('restarts with the new severity’s days when the shown severity changes while published', () => {
    const published = findingSlaAfter(scope, { severity: 'high' }, open, policy, t0);
    const before = { ...published, severity: 'high', published: true };
    const critical = findingSlaAfter(scope, before, { ...open, severity: 'critical' }, policy, t0 + 3 * day);
    expect(critical.slaStartedAt).toBe(t0 + 3 * day);
    expect(critical.dueAt).toBe(t0 + 10 * day);
    // Unpublished, the clock does not run: no restart, and publishing again keeps the first start.
    const hidden = findingSlaAfter(scope, before, { ...open, published: false }, policy, t0 + day);
    const again = findingSlaAfter(scope, { ...hidden, severity: 'high' }, open, policy, t0 + 5 * day);
    expect(again.slaStartedAt).toBe(t0);
  });

  it('stands still while a review waits: the state frozen, the key outside the running ranges, the due date moved on after', () => {
    const published = findingSlaAfter(scope, { severity: 'critical' }, { ...open, severity: 'critical' }, policy, t0);
    const facts = { ...open, severity: 'critical' as const };
    const read = (fields: FindingSlaFields) => ({ ...fields, severity: 'critical', published: true });
    // Paused 2 days before due: due soon, and stays so however long it waits.
    const paused = findingSlaAfter(scope, read(published), { ...facts, paused: true }, policy, t0 + 5 * day);
    expect(paused.slaPausedSince).toBe(t0 + 5 * day);
    expect(paused.dueAt).toBe(t0 + 7 * day);
    expect(paused.gsi3sk).toBe('P#dueSoon#f1');
    const later = t0 + 40 * day;
    expect(shownSla(paused, later)).toEqual({ dueAt: t0 + 42 * day, slaState: 'dueSoon' });
    const [overdue] = dueKeyRanges('overdue', later, 7 * day);
    expect(inRange(paused.gsi3sk!, overdue!)).toBe(false);
    expect(dueKeyRanges('dueSoon', later, 7 * day).some((range) => inRange(paused.gsi3sk!, range))).toBe(true);
    // Decided 10 days after the request: due 10 days later, back on its running key.
    const resumed = findingSlaAfter(scope, read(paused), facts, policy, t0 + 15 * day);
    expect(resumed).toMatchObject({
      slaPausedMs: 10 * day,
      dueAt: t0 + 17 * day,
      gsi3sk: dueIndexKey(t0 + 17 * day, 'f1'),
    });
    expect(resumed.slaPausedSince).toBeUndefined();
  });

  it('keeps an overdue finding in the overdue range while it waits; an on-track one is keyed on track', () => {
    expect(dueIndexKey(t0, 'f1', t0 + day)).toBe(`${String(t0).padStart(15, '0')}#f1`);
    expect(dueIndexKey(t0 + 30 * day, 'f1', t0)).toBe('P#onTrack#f1');
    const [overdue] = dueKeyRanges('overdue', t0 + 2 * day, 7 * day);
    expect(inRange(dueIndexKey(t0, 'f1', t0 + day), overdue!)).toBe(true);
  });

  it('key ranges: overdue up to now, due soon from now to 7 days on; neither holds the other’s keys', () => {
    const now = t0 + 100 * day;
    const [overdue] = dueKeyRanges('overdue', now, 7 * day);
    const [soon] = dueKeyRanges('dueSoon', now, 7 * day);
    const key = (dueAt: number) => dueIndexKey(dueAt, 'f1');
    expect(inRange(key(now - 1), overdue!)).toBe(true);
    expect(inRange(key(now), overdue!)).toBe(true);
    expect(inRange(key(now), soon!)).toBe(false);
    expect(inRange(key(now + 1), soon!)).toBe(true);
    expect(inRange(key(now + 7 * day), soon!)).toBe(true);
    expect(inRange(key(now + 7 * day + 1), soon!)).toBe(false);
    expect(inRange(key(now + 1), overdue!)).toBe(false);
    const [all] = dueKeyRanges(undefined, now, 7 * day);
    expect([key(0), key(now), 'P#dueSoon#f1', 'P#onTrack#f1'].every((k) => inRange(k, all!))).toBe(true);
  });
});

describe('the SLA write of a finding read without its index keys', () => {
  it('removes the due-date index keys with the due date, and writes nothing when nothing changes', () => {
    const published = findingSlaAfter(scope, { severity: 'high' }, open, policy, t0);
    const { gsi3pk: _pk, gsi3sk: _sk, ...read } = published;
    const fixed = findingSlaAfter(
      scope,
      { ...read, severity: 'high', published: true },
      { ...open, status: 'fixed' },
      policy,
      t0,
    );
    expect(slaChanges(read, fixed).remove.sort()).toEqual(['dueAt', 'gsi3pk', 'gsi3sk']);
    expect(slaChanges(read, published)).toEqual({ set: {}, remove: [] });
    const paused = findingSlaAfter(
      scope,
      { ...read, severity: 'high', published: true },
      { ...open, paused: true },
      policy,
      t0 + day,
    );
    expect(slaChanges(read, paused).set).toEqual({ slaPausedSince: t0 + day, gsi3sk: 'P#onTrack#f1' });
  });
});

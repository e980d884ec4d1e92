import { describe, expect, it } from 'vitest';
import {
  instanceCounts,
  instanceId,
  instancesAfterScan,
  shownInstances,
  storedInstancesOf,
} from '../../lambdas/kernel/findings/finding-instances.js';
import { limits } from '../../lambdas/kernel/scanners/finding-model.js';

const at = (uri: string, extra: Record<string, unknown> = {}) => ({ uri, method: 'GET', ...extra });
const day = (n: number) => Date.UTC(2026, 0, n);

describe('instances across scans', () => {
  it('keeps the instances a scan no longer saw, fixed since that scan, and the seen ones open', () => {
    const after = instancesAfterScan([at('/a')], [at('/a'), at('/b'), at('/c', { fixedAt: day(1) })], day(5));
    expect(after).toEqual([at('/a'), at('/b', { fixedAt: day(5) }), at('/c', { fixedAt: day(1) })]);
  });

  it('opens an instance seen again, under the same id', () => {
    const fixed = at('/b', { fixedAt: day(1), evidence: 'old' });
    const [seen] = instancesAfterScan([at('/b', { evidence: 'new' })], [fixed], day(5));
    expect(seen).toEqual(at('/b', { evidence: 'new' }));
    expect(instanceId(seen!)).toBe(instanceId(fixed));
    // Another parameter on the same URL is another instance.
    expect(instanceId(at('/b', { param: 'q' }))).not.toBe(instanceId(fixed));
  });

  it('stays within the cap: open ones always, then the latest fixes', () => {
    const scanned = Array.from({ length: limits.instancesPerFinding - 1 }, (_, index) => at(`/open/${index}`));
    const stored = [at('/old', { fixedAt: day(1) }), at('/recent', { fixedAt: day(3) })];
    const after = instancesAfterScan(scanned, stored, day(5));
    expect(after).toHaveLength(limits.instancesPerFinding);
    expect(after.at(-1)).toEqual(at('/recent', { fixedAt: day(3) }));
  });

  it('calls no open instance fixed when the scan’s list was cut at the cap', () => {
    const scanned = Array.from({ length: limits.instancesPerFinding }, (_, index) => at(`/open/${index}`));
    expect(instancesAfterScan(scanned, [at('/maybe-cut')], day(5))).toEqual(scanned);
  });
});

describe('instances as read', () => {
  const finding = {
    status: 'open',
    instances: [at('/a'), at('/b', { fixedAt: day(2) })],
    instanceCount: 1,
    lastChange: { change: 'changed', at: day(2) },
  };

  it('gives each instance an id and a state, and counts the fixed ones ("1 of 2 fixed")', () => {
    expect(shownInstances(finding)).toEqual([
      { ...at('/a'), id: instanceId(at('/a')), state: 'open' },
      { ...at('/b'), id: instanceId(at('/b')), state: 'fixed', fixedAt: day(2) },
    ]);
    expect(instanceCounts(finding)).toEqual({ instanceCount: 2, fixedInstanceCount: 1 });
  });

  it('holds every instance of a fixed finding fixed, since the finding was', () => {
    const fixed = { ...finding, status: 'fixed', lastChange: { change: 'fixed', at: day(4) } };
    expect(shownInstances(fixed).map((instance) => [instance.state, instance.fixedAt])).toEqual([
      ['fixed', day(4)],
      ['fixed', day(2)],
    ]);
    expect(instanceCounts(fixed)).toEqual({ instanceCount: 2, fixedInstanceCount: 2 });
    // Reopened later, the instances it had keep that date until a scan sees them again.
    expect(storedInstancesOf(fixed)).toEqual([at('/a', { fixedAt: day(4) }), at('/b', { fixedAt: day(2) })]);
  });
});

// Each instance of a finding (a URL, method and parameter where the tool saw it) keeps its own state, as
// DefectDojo's endpoint status does: open while the scans see it, fixed (with the time) once a scan of the
// finding no longer does, open again when one sees it again. The finding stays open while any instance is
// open; when none is, the scan no longer names the finding and the import marks it fixed as a whole.
// The states live in the finding's own item (`instances[].fixedAt`, absent: open), so reads cost nothing more;
// an import writes them only when the scan's instances changed (the finding is then `changed` anyway).
import { createHash } from 'node:crypto';
import type { InstanceState } from '../../contracts/findings.js';
import { limits, type FindingInstance } from '../scanners/finding-model.js';

/** An instance as the finding's item holds it: what the tool said, and when a scan stopped seeing it. */
export interface StoredInstance extends FindingInstance {
  fixedAt?: number;
}

/** An instance as the details and exports show it: its id (stable across scans), its state and since when. */
export type ShownInstance = StoredInstance & Record<string, unknown> & { id: string; state: InstanceState };

const locationOf = (instance: FindingInstance) =>
  JSON.stringify([instance.uri ?? '', instance.method ?? '', instance.param ?? '']);

/** Where an instance is, as an id: the same URL, method and parameter in the next scan is the same instance. */
export const instanceId = (instance: FindingInstance): string =>
  createHash('sha256').update(locationOf(instance)).digest('hex').slice(0, 16);

/**
 * The instances a finding holds after a scan that saw it with these: the scan's, open, then the stored ones it no
 * longer saw, fixed (since they were, or since now). Fixed ones past the cap go first, oldest fix first: the open
 * ones always stay. A scan whose list reached the cap (the tool named more than are kept) proves no open one gone:
 * those are left out rather than called fixed, and the tool's count still holds them.
 */
export function instancesAfterScan(
  scanned: readonly FindingInstance[],
  stored: readonly StoredInstance[],
  now: number,
): StoredInstance[] {
  const complete = scanned.length < limits.instancesPerFinding;
  const seen = new Set(scanned.map(locationOf));
  const fixed = new Map<string, StoredInstance>();
  for (const instance of stored) {
    const location = locationOf(instance);
    if (seen.has(location) || fixed.has(location)) continue;
    if (instance.fixedAt === undefined && !complete) continue;
    fixed.set(location, { ...instance, fixedAt: instance.fixedAt ?? now });
  }
  const kept = [...fixed.values()]
    .sort((a, b) => b.fixedAt! - a.fixedAt!)
    .slice(0, Math.max(0, limits.instancesPerFinding - scanned.length));
  return [...scanned.map(withoutFixedAt), ...kept];
}

/** A stored finding's instances with their states as stored, a fixed finding's all fixed (since it was). */
export function storedInstancesOf(finding: InstanceHolder): StoredInstance[] {
  return shownInstances(finding).map(({ id: _id, state: _state, ...instance }) => instance as StoredInstance);
}

const withoutFixedAt = (instance: StoredInstance): FindingInstance => {
  const { fixedAt: _fixedAt, ...open } = instance;
  return open;
};

/** What of a stored finding the instance states are read from. */
interface InstanceHolder {
  status?: unknown;
  instances?: unknown;
  instanceCount?: unknown;
  lastChange?: { change?: string; at?: number };
  statusReason?: unknown;
  updatedAt?: unknown;
  firstSeenAt?: number;
}

/** When a fixed finding became fixed: its last import's fix, else the analyst's status change. */
function fixedSinceOf(finding: InstanceHolder): number | undefined {
  if (finding.status !== 'fixed') return undefined;
  if (finding.lastChange?.change === 'fixed' && finding.lastChange.at !== undefined) return finding.lastChange.at;
  const reason = finding.statusReason as { status?: string; at?: number } | undefined;
  if (reason?.status === 'fixed' && reason.at !== undefined) return reason.at;
  return typeof finding.updatedAt === 'number' ? finding.updatedAt : finding.firstSeenAt;
}

/** Each instance with its id and state; a fixed finding's instances are all fixed (since the finding was). */
export function shownInstances(finding: InstanceHolder): ShownInstance[] {
  const stored = Array.isArray(finding.instances) ? (finding.instances as StoredInstance[]) : [];
  const fixedSince = fixedSinceOf(finding);
  return stored.map((instance) => {
    const fixedAt = instance.fixedAt ?? fixedSince;
    return {
      ...instance,
      id: instanceId(instance),
      state: fixedAt === undefined ? 'open' : 'fixed',
      ...(fixedAt === undefined ? {} : { fixedAt }),
    };
  });
}

/**
 * How many instances a finding has and how many of them are fixed: the tool's count of the ones the last scan saw
 * (which may pass the instances kept), and the fixed ones kept beside them. A fixed finding has them all fixed.
 */
export function instanceCounts(finding: InstanceHolder): { instanceCount: number; fixedInstanceCount: number } {
  const stored = Array.isArray(finding.instances) ? (finding.instances as StoredInstance[]) : [];
  const keptFixed = stored.filter((instance) => instance.fixedAt !== undefined).length;
  const instanceCount = (typeof finding.instanceCount === 'number' ? finding.instanceCount : 0) + keptFixed;
  return { instanceCount, fixedInstanceCount: finding.status === 'fixed' ? instanceCount : keptFixed };
}

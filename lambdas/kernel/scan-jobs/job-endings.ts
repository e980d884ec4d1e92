// Scan jobs that will not finish on their own end here: cancelled by the company (its DAST key or a manager on
// /admin/dast), expired when no agent claimed them within a day, failed when their agent went silent for three
// heartbeats or was revoked. There is no Scan and no sweep over all companies: a company's unfinished jobs are
// settled when its scans are read or triggered (the trigger that would be refused first settles them), and a
// revoked agent's jobs right after the revoke. Each ending frees the job's place among the company's unfinished
// jobs in the transaction that changes its status, conditional on the status it had (data/entities/scan-jobs.ts).
import type { Caller } from '../access/caller.js';
import { heartbeatIntervalSeconds, revokeAgentAs } from '../agents/agents.js';
import { agentItemKey, parseAgentItem, type AgentItem } from '../data/entities/agents.js';
import {
  activeJobMarkers,
  endUnfinishedJobItem,
  unfinishedJobs,
  unfinishedJobsOf,
  type JobEnding,
  type ScanJobItem,
} from '../data/entities/scan-jobs.js';
import { batchGetConsistent } from '../data/transactions.js';
import { ConflictError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { logger } from '../logger.js';
import { countMetric } from '../observability/metrics.js';

/** A queued job no agent claimed for this long expires, counted from when its scan window opened. */
export const queuedJobLifetimeMs = 24 * 60 * 60 * 1000;
/** From when a queued job could first be claimed: queued, or its location's scan window opening after that. */
const claimableSince = (job: ScanJobItem) => Math.max(job.queuedAt, job.notBefore ?? 0);
/** A running job fails when its agent missed this many heartbeats in a row. */
export const missedHeartbeatsToFail = 3;
export const agentSilenceLimitMs = missedHeartbeatsToFail * heartbeatIntervalSeconds * 1000;

/** Who the portal's own endings are recorded as when no person or key acts: the job's own DAST key if it has one. */
function jobActor(job: ScanJobItem): EventActor {
  if (job.queuedBy.startsWith('dast-key:')) {
    return { uid: job.queuedBy, email: `DAST key ${job.queuedBy.slice('dast-key:'.length)}` };
  }
  return { uid: 'system:scan-jobs', email: 'Scan job watch' };
}

const pastTense = { cancelled: 'Cancelled', expired: 'Expired', failed: 'Failed' } as const;

function endingEvent(job: ScanJobItem, ending: JobEnding, actor: EventActor, now: number) {
  const dast = job.service === 'dast';
  const status = ending.status;
  return eventTransactItem(
    actor,
    {
      type: `${dast ? 'dastScan' : 'scanJob'}${pastTense[status]}`,
      summary:
        `${pastTense[status]} the ${dast ? 'DAST scan' : `${job.service} scan job`} ${job.jobId} of ` +
        `${job.target.slice(0, 200)} (${job.status}): ${ending.reason.slice(0, 300)}`,
      subject: { company: { slug: job.slug } },
      before: { scanId: job.jobId, status: job.status },
      after: { scanId: job.jobId, target: job.target, status, reason: ending.reason },
    },
    now,
  );
}

/** Ends a job with its event; undefined when it changed meanwhile (ended by someone else, claimed). */
async function endJob(job: ScanJobItem, ending: JobEnding, actor: EventActor, now: number) {
  const ended = await endUnfinishedJobItem(job, ending, now, [endingEvent(job, ending, actor, now)]);
  if (ended && job.service === 'dast') countMetric('DastScanCompleted', 1, { outcome: ending.status });
  return ended;
}

const at = (ms: number) => new Date(ms).toISOString();

/** How a job ends now that no one finishes it, or undefined while it may still finish. */
export function staleEnding(job: ScanJobItem, agent: AgentItem | undefined, now: number): JobEnding | undefined {
  if (job.status === 'queued') {
    return now - claimableSince(job) > queuedJobLifetimeMs
      ? {
          status: 'expired',
          reason:
            `No agent of its location claimed it within ${queuedJobLifetimeMs / 3_600_000} hours` +
            `${job.notBefore ? ' of its scan window opening' : ''}.`,
        }
      : undefined;
  }
  if (job.status !== 'running') return undefined;
  if (!agent) return { status: 'failed', reason: 'Its agent no longer exists.' };
  if (agent.revokedAt !== undefined) {
    return { status: 'failed', reason: `Its agent "${agent.name}" was revoked at ${at(agent.revokedAt)}.` };
  }
  const lastSign = Math.max(agent.lastHeartbeatAt ?? 0, job.claimedAt ?? 0);
  if (now - lastSign > agentSilenceLimitMs) {
    return {
      status: 'failed',
      reason:
        `Its agent "${agent.name}" missed ${missedHeartbeatsToFail} heartbeats ` +
        `(every ${heartbeatIntervalSeconds} seconds); last heard from at ${at(lastSign)}.`,
    };
  }
  return undefined;
}

/**
 * Whether a job may be stale, judged from the job alone (no read): queued for over a day, or running with no sign of
 * its agent in the job for longer than the silence limit (its agent's heartbeats then decide).
 */
export function maybeStale(job: ScanJobItem, now: number): boolean {
  if (job.status === 'queued') return now - claimableSince(job) > queuedJobLifetimeMs;
  return job.status === 'running' && now - (job.claimedAt ?? 0) > agentSilenceLimitMs;
}

/**
 * Ends those of these unfinished jobs that will not finish (one consistent BatchGet of the running ones' agents),
 * recorded as `actor`'s or the job's own key's. Answers every job as it is afterwards.
 */
export async function settleJobs(
  jobs: readonly ScanJobItem[],
  now = Date.now(),
  actor?: EventActor,
): Promise<ScanJobItem[]> {
  // Only a job that may be stale costs a read of its agent.
  const running = jobs.filter((job) => job.status === 'running' && job.claimedByAgentId && maybeStale(job, now));
  const agentIds = [...new Set(running.map((job) => `${job.slug}\u0000${job.claimedByAgentId}`))];
  const agents = new Map<string, AgentItem>();
  if (agentIds.length > 0) {
    const keys = agentIds.map((id) => {
      const [slug, agentId] = id.split('\u0000') as [string, string];
      return agentItemKey(slug, agentId);
    });
    for (let start = 0; start < keys.length; start += 100) {
      for (const raw of await batchGetConsistent(keys.slice(start, start + 100))) {
        const agent = parseAgentItem(raw);
        agents.set(`${agent.slug}\u0000${agent.agentId}`, agent);
      }
    }
  }
  const settled: ScanJobItem[] = [];
  for (const job of jobs) {
    const agent = job.claimedByAgentId ? agents.get(`${job.slug}\u0000${job.claimedByAgentId}`) : undefined;
    const ending = maybeStale(job, now) ? staleEnding(job, agent, now) : undefined;
    const ended = ending ? await endJob(job, ending, actor ?? jobActor(job), now) : undefined;
    settled.push(ended ?? job);
  }
  return settled;
}

/** Settles the company's unfinished jobs of a service; answers how many ended. */
export async function settleUnfinishedJobs(
  slug: string,
  service: ScanJobItem['service'],
  now = Date.now(),
  actor?: EventActor,
): Promise<number> {
  const jobs = await unfinishedJobsOf(slug, service);
  if (jobs.length === 0) return 0;
  const settled = await settleJobs(jobs, now, actor);
  return settled.filter((job) => job.status !== 'queued' && job.status !== 'running').length;
}

/**
 * Cancels a queued or running job for `actor`; a running job's agent hears of it at its next heartbeat or when it
 * reports (completeScanJob, failScanJob answer 409). A finished job is a conflict.
 */
export async function cancelJob(
  job: ScanJobItem,
  actor: EventActor,
  by: string,
  now = Date.now(),
): Promise<ScanJobItem> {
  const finished = () =>
    new ConflictError(`This scan is ${job.status} already; only a queued or running scan can be cancelled.`);
  if (job.status !== 'queued' && job.status !== 'running') throw finished();
  const ending: JobEnding = { status: 'cancelled', reason: `Cancelled by ${actor.email}.`, by };
  const cancelled = await endJob(job, ending, actor, now);
  if (!cancelled) {
    throw new ConflictError(
      'This scan changed at the same moment (claimed, finished or cancelled); reload and try again.',
    );
  }
  return cancelled;
}

/**
 * Revokes an agent, then fails the jobs it was running (recorded as the revoker's). A failure of that second step
 * is not the revoke's: the jobs are settled again when the company's scans are next read or triggered.
 */
export async function revokeAgentEndingItsJobs(
  caller: Caller,
  slug: string,
  agentId: string,
  expectedVersion: number,
  now = Date.now(),
): Promise<{ agentId: string; revokedAt: number; version: number }> {
  const revoked = await revokeAgentAs(caller, slug, agentId, expectedVersion, now);
  try {
    // The markers name each running job's agent: an agent that ran nothing costs this one Query.
    const theirs = (await activeJobMarkers(slug)).filter((marker) => marker.claimedByAgentId === agentId);
    if (theirs.length > 0) {
      const running = (await unfinishedJobs(theirs.map((marker) => marker.jobId))).filter(
        (job) => job.status === 'running' && job.claimedByAgentId === agentId,
      );
      const ending: JobEnding = {
        status: 'failed',
        reason: `Its agent was revoked at ${at(now)} by ${caller.email}.`,
      };
      for (const job of running) await endJob(job, ending, caller, now);
    }
  } catch (error) {
    logger.warn('The revoked agent’s jobs were left to the next settling', { slug, agentId, error: error as Error });
  }
  return revoked;
}

// Scan jobs: a scan waiting for an agent of its location with the capability it needs. Queued by the
// DAST trigger (or an analyst); claimed by one agent in a conditional write; finished with the import that carries
// its results into the findings (done) or with the agent's reason (failed).
import { randomBytes } from 'node:crypto';
import { batchGetConsistent } from '../data/transactions.js';
import { agentItemKey, parseAgentItem, type AgentCapability, type AgentItem } from '../data/entities/agents.js';
import {
  claimJobItem,
  finishJobItem,
  getScanJobItem,
  parseScanJobItem,
  putQueuedJob,
  queuedJobsOf,
  scanJobItemKey,
  type ScanJobItem,
} from '../data/entities/scan-jobs.js';
import { parseScanImportItem, scanImportItemKey, type StoredScanImport } from '../data/entities/scan-imports.js';
import { getLocationItem, type LocationItem } from '../data/entities/locations.js';
import { ConflictError, InvalidArgumentError, NotFoundError } from '../errors.js';
import { parseCidr } from '../locations/cidr-ranges.js';
import { nextWindowStart, windowOpenAt } from '../locations/scan-window.js';
import { canonicalIp, inBlock, parseIp, unmapped } from '../net/ip-address.js';
import { authenticatedAgent } from '../agents/agents.js';
import { parseAgentCredential } from '../agents/agent-secrets.js';
import { createScanImport, scanImportOutput, startScanImport } from '../findings/scan-imports.js';
import type { ScanImportOutput } from '../../contracts/findings.js';
import { countMetric } from '../observability/metrics.js';

export type { ScanJobItem };

/** The service each capability's results are imported into, and the file format of its upload. */
export const capabilityService: Record<AgentCapability, ScanJobItem['service']> = {
  zap: 'dast',
  nuclei: 'dast',
  nmap: 'network',
};

const newJobId = () => `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;

/** The host a target names: a URL's host name, or the target itself (a host or an address). */
export function targetHost(target: string): string {
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not web');
    return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    throw new InvalidArgumentError(`target: "${target.slice(0, 200)}" is not an http or https URL`);
  }
}

/** Whether a host lies in a location's scope: inside one of its ranges and no exclusion, or one of its domains. */
export function hostInLocation(
  host: string,
  location: Pick<LocationItem, 'cidrs' | 'exclusions' | 'domains'>,
): boolean {
  const parsed = parseIp(canonicalIp(host) ?? '');
  if (parsed) {
    const address = unmapped(parsed);
    const inside = (text: string) => {
      const range = parseCidr(text, 'stored');
      return inBlock(address, range.address, range.bits);
    };
    return location.cidrs.some(inside) && !location.exclusions.some(inside);
  }
  return location.domains.some((domain) =>
    domain.startsWith('*.') ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain,
  );
}

export interface QueueRequest {
  slug: string;
  location: LocationItem;
  capability: AgentCapability;
  target: string;
  queuedBy: string;
  /** The company's unfinished jobs of the service allowed at once, and the error past it (nothing is queued). */
  activeLimit?: { max: number; refusal: () => Error };
}

/**
 * Queues a job at a location, its target checked against the location's ranges and domains. Queued while the
 * location's scan window is closed, it waits for the window's next opening (`notBefore`).
 */
export async function queueScanJob(request: QueueRequest, now = Date.now()): Promise<ScanJobItem> {
  const host = targetHost(request.target);
  if (!hostInLocation(host, request.location)) {
    throw new InvalidArgumentError(
      `target: ${host} is outside the ranges and domains of the location "${request.location.name}"`,
    );
  }
  const job: ScanJobItem = {
    jobId: newJobId(),
    slug: request.slug,
    locationId: request.location.locationId,
    service: capabilityService[request.capability],
    capability: request.capability,
    target: request.target,
    status: 'queued',
    queuedAt: now,
    queuedBy: request.queuedBy,
    version: 1,
  };
  const { scanWindow, version } = request.location;
  job.locationVersion = version;
  if (scanWindow) job.scanWindow = scanWindow;
  const opens = nextWindowStart(scanWindow, now);
  if (opens > now) job.notBefore = opens;
  if (!(await putQueuedJob(job, request.activeLimit?.max))) throw request.activeLimit!.refusal();
  return job;
}

export function getScanJob(jobId: string): Promise<ScanJobItem | undefined> {
  return getScanJobItem(jobId);
}

/**
 * The oldest queued job of the agent's location that it can run, claimed for it; undefined when there is none, or
 * while the location's scan window is closed. The window is the location's as it is now, not as it was when the job
 * was queued: the job carries the window and the location's version it was queued under, and the claim is
 * conditional on that version, so the usual claim costs no read of the location (three requests: the agent, the
 * queue, the claim). When the carried window is closed, or the location was edited since, the location is read and
 * its window decides. A job another agent claimed at the same moment is
 * skipped (the claim is conditional on the job being queued).
 */
export async function claimNextJob(agent: AgentItem, now = Date.now()): Promise<ScanJobItem | undefined> {
  if (agent.capabilities.length === 0) return undefined;
  const candidates = await queuedJobsOf(agent.slug, agent.locationId, agent.capabilities, 10);
  let location: LocationItem | undefined;
  let locationRead = false;
  const readLocation = async () => {
    if (!locationRead) location = await getLocationItem(agent.slug, agent.locationId);
    locationRead = true;
    return location;
  };
  for (const candidate of candidates) {
    if (!locationRead && candidate.locationVersion !== undefined && windowOpenAt(candidate.scanWindow, now)) {
      // The window the job carries is open: claim it, on the condition that the location has not changed since.
      const claimed = await claimJobItem(candidate, agent.agentId, now, candidate.locationVersion);
      if (claimed !== 'location') {
        if (claimed) return claimed;
        continue;
      }
    }
    // The window the job carries is closed, or the location changed since: the location's own window decides.
    if (!windowOpenAt((await readLocation())?.scanWindow, now)) return undefined;
    const claimed = await claimJobItem(candidate, agent.agentId, now);
    if (claimed && claimed !== 'location') return claimed;
  }
  return undefined;
}

/** The agent and its job in one read, checked: the credential, and that the job is the agent's, still running. */
async function agentAndRunningJob(
  credential: string,
  jobId: string,
  importId?: string,
): Promise<{ agent: AgentItem; job: ScanJobItem; scan?: StoredScanImport }> {
  const parsed = parseAgentCredential(credential);
  const keys = [scanJobItemKey(jobId), ...(parsed ? [agentItemKey(parsed.slug, parsed.id)] : [])];
  if (importId) keys.push(scanImportItemKey(importId));
  const items = parsed ? await batchGetConsistent(keys) : [];
  const agentRaw = items.find((item) => String(item.sk).startsWith('AGENT#'));
  const agent = await authenticatedAgent(credential, agentRaw ? parseAgentItem(agentRaw) : null);
  const jobRaw = items.find((item) => item.sk === 'SCANJOB');
  const job = jobRaw ? parseScanJobItem(jobRaw) : undefined;
  if (!job || job.slug !== agent.slug || job.claimedByAgentId !== agent.agentId) {
    throw new NotFoundError('This agent has no job with this id.');
  }
  if (job.status !== 'running') {
    // A cancelled job's agent stops and keeps its results: the job, its place and its scan are over.
    throw new ConflictError(
      job.status === 'cancelled'
        ? 'This job was cancelled: stop its scan; its results are not wanted.'
        : `This job is ${job.status} already${job.error && job.status !== 'failed' ? `: ${job.error}` : ''}.`,
    );
  }
  const scanRaw = items.find((item) => item.sk === 'IMPORT');
  return { agent, job, ...(scanRaw ? { scan: parseScanImportItem(scanRaw) } : {}) };
}

/** The import of a running job's results: presigned upload, recorded as the agent's. */
export async function createJobImport(
  credential: string,
  jobId: string,
  file: { name: string; contentLength: number },
): Promise<{ importId: string; uploads: Array<{ url: string; fields: Record<string, string> }> }> {
  const { agent, job } = await agentAndRunningJob(credential, jobId);
  return createScanImport(
    { uid: `agent:${agent.agentId}`, email: `agent ${agent.name}`, user: { displayName: `Agent ${agent.name}` } },
    // The format is detected from the content, as for an analyst's upload (ZAP's JSON or XML report, …).
    { slug: job.slug, service: job.service, files: [file] },
  );
}

/** The job is done: its uploaded import is started and the job records it. */
export async function completeJob(
  credential: string,
  jobId: string,
  importId: string,
  now = Date.now(),
): Promise<{ job: ScanJobItem; scan: ScanImportOutput }> {
  const { agent, job, scan } = await agentAndRunningJob(credential, jobId, importId);
  if (!scan || scan.createdByUid !== `agent:${agent.agentId}` || scan.slug !== job.slug) {
    throw new NotFoundError('This agent has no import with this id.');
  }
  const started = scan.status === 'uploading' ? await startScanImport(scan) : scanImportOutput(scan);
  const finished = await finishJobItem(job, agent.agentId, { status: 'done', importId }, now);
  if (!finished) throw new ConflictError('This job was finished at the same moment.');
  if (job.service === 'dast') countMetric('DastScanCompleted', 1, { outcome: 'done' });
  return { job: finished, scan: started };
}

export async function failJob(
  credential: string,
  jobId: string,
  reason: string,
  now = Date.now(),
): Promise<ScanJobItem> {
  const { agent, job } = await agentAndRunningJob(credential, jobId);
  const finished = await finishJobItem(job, agent.agentId, { status: 'failed', error: reason }, now);
  if (!finished) throw new ConflictError('This job was finished at the same moment.');
  if (job.service === 'dast') countMetric('DastScanCompleted', 1, { outcome: 'failed' });
  return finished;
}

/** What an agent is told of a job at its heartbeat: its status now (stop unless running), and why it ended. */
export interface AgentJobState {
  jobId: string;
  status: ScanJobItem['status'];
  reason?: string;
}

/**
 * The state of a job the agent runs, for its heartbeat (the credential was checked by the heartbeat's write); null
 * when the job is not this agent's, which it should stop as well.
 */
export async function agentJobState(credential: string, jobId: string): Promise<AgentJobState | null> {
  const parsed = parseAgentCredential(credential);
  const job = parsed ? await getScanJobItem(jobId) : undefined;
  if (!parsed || !job || job.slug !== parsed.slug || job.claimedByAgentId !== parsed.id) return null;
  return {
    jobId,
    status: job.status,
    ...(job.status !== 'running' && job.error ? { reason: job.error.slice(0, 1000) } : {}),
  };
}

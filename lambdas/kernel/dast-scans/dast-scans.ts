// The public DAST endpoint, for CI/CD pipelines holding a DAST API key:
//   POST   /api/dast/v1/scans            {target, locationId?}  -> 202 {scanId, status, statusUrl}   (dast:trigger)
//   GET    /api/dast/v1/scans/{scanId}                          -> 200 {scanId, status, target, …}    (dast:status:read)
//   DELETE /api/dast/v1/scans/{scanId}                          -> 200 {…, status: "cancelled"}     (dast:trigger)
// The key is verified first (1-2 DynamoDB requests, verify-dast-key.ts); nothing else is read before it holds. A
// trigger checks the target against the key's allowed targets, picks the location (the one named, or the company's
// default) and queues a `zap` job there, counted among the company's unfinished DAST jobs in the same transaction
// (at most maxActiveDastScans, so triggers at the same moment cannot pass it; queueScanJob refuses a target outside
// the location's ranges and domains). Every refused trigger of a verified
// key, and every accepted one, is recorded as an event of the key. A trigger the limit would refuse first settles the
// company's stale scans (job-endings.ts: unclaimed for a day, or their agent silent or revoked), so a company is never
// refused for ever by scans that will not finish; a cancel frees the scan's place at once.
import { listLocationItems } from '../data/entities/locations.js';
import { getScanImport } from '../data/entities/scan-imports.js';
import { targetAllowed } from '../dast-keys/dast-keys.js';
import { verifyDastKey, type VerifiedDastKey } from '../dast-keys/verify-dast-key.js';
import { InvalidArgumentError, NotFoundError, PermissionDeniedError, ResourceExhaustedError } from '../errors.js';
import { recordEvent, type EventActor } from '../events/events.js';
import { cancelJob, settleJobs, settleUnfinishedJobs } from '../scan-jobs/job-endings.js';
import { windowTimeText } from '../locations/scan-window.js';
import { getScanJob, queueScanJob, type QueueRequest, type ScanJobItem } from '../scan-jobs/scan-jobs.js';

export const dastScansPath = '/api/dast/v1/scans';
const iso = (ms: number) => new Date(ms).toISOString();
/** Queued or running DAST scans a company may have at once; the next trigger is answered 429. */
export const maxActiveDastScans = 5;
/** What a trigger past that limit is told to wait, in seconds (a ZAP baseline scan takes minutes). */
export const activeScansRetryAfterSeconds = 60;
const maxBodyBytes = 16 * 1024;

export interface DastTriggerAnswer {
  scanId: string;
  status: 'queued';
  statusUrl: string;
  /** Queued while its location's scan window is closed: when the window opens, the earliest the scan runs. */
  runsAfter?: string;
}

export type DastScanStatus = 'queued' | 'running' | 'importing' | 'done' | 'failed' | 'cancelled' | 'expired';

export interface SeverityCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
}

export interface DastScanView {
  scanId: string;
  status: DastScanStatus;
  target: string;
  createdAt: string;
  updatedAt: string;
  /** While queued for a scan window that has not opened yet: when it opens. */
  runsAfter?: string;
  importId?: string;
  error?: string;
  /** Why it ended without results (failed, cancelled, expired). */
  reason?: string;
  /** With dast:results:read, once done: the distinct findings of the scan's report, by severity. */
  findings?: { total: number; bySeverity: SeverityCounts };
}

const keyActor = (key: VerifiedDastKey): EventActor => ({
  uid: `dast-key:${key.keyId}`,
  email: `DAST key ${key.keyId}`,
});

/** One event of the key, written on its own (there is no other write to join). */
function recordKeyEvent(key: VerifiedDastKey, type: string, summary: string, after?: unknown): Promise<void> {
  return recordEvent(keyActor(key), {
    type,
    summary,
    subject: { company: { slug: key.companyId } },
    ...(after === undefined ? {} : { after }),
  });
}

interface TriggerInput {
  target: URL;
  locationId?: string;
}

/** The request body, checked: each refusal names its field. */
function triggerInput(body: string | undefined): TriggerInput {
  const text = body ?? '';
  if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) {
    throw new InvalidArgumentError(`Request body is larger than ${maxBodyBytes / 1024} KB`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidArgumentError('Request body is not valid JSON: send {"target": "https://…"}');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InvalidArgumentError('Request body must be a JSON object: {"target": "https://…"}');
  }
  const { target, locationId } = data as Record<string, unknown>;
  if (target === undefined || target === null || target === '') {
    throw new InvalidArgumentError('target: required, the http or https URL to scan');
  }
  if (typeof target !== 'string') throw new InvalidArgumentError('target: must be a string, an http or https URL');
  if (target.length > 2048) throw new InvalidArgumentError('target: must be at most 2048 characters');
  let url: URL;
  try {
    url = new URL(target.trim());
  } catch {
    throw new InvalidArgumentError(`target: "${target.slice(0, 100)}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidArgumentError('target: must be an http or https URL');
  }
  if (url.username || url.password) throw new InvalidArgumentError('target: must not carry credentials');
  if (locationId !== undefined && locationId !== null) {
    if (typeof locationId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(locationId)) {
      throw new InvalidArgumentError('locationId: must be the id of one of the company’s locations');
    }
    return { target: url, locationId };
  }
  return { target: url };
}

/** Records a refused trigger of a verified key, then throws its error. */
async function refuse(key: VerifiedDastKey, error: Error, target?: string): Promise<never> {
  await recordKeyEvent(
    key,
    'dastScanRefused',
    `Refused a DAST scan${target ? ` of ${target.slice(0, 200)}` : ''} with the key ${key.keyId}: ${error.message}`,
  );
  throw error;
}

export async function triggerDastScan(
  authorization: string | undefined,
  body: string | undefined,
): Promise<DastTriggerAnswer> {
  const key = await verifyDastKey(authorization, 'dast:trigger');
  let input: TriggerInput;
  try {
    input = triggerInput(body);
  } catch (error) {
    return refuse(key, error as Error);
  }
  const target = input.target.href;
  if (!targetAllowed(input.target, key.allowedTargets)) {
    return refuse(
      key,
      new PermissionDeniedError(`target: ${target.slice(0, 200)} is not among the allowed targets of this DAST key`),
      target,
    );
  }
  const locations = await listLocationItems(key.companyId);
  const location = input.locationId
    ? locations.find((candidate) => candidate.locationId === input.locationId)
    : locations.find((candidate) => candidate.isDefault);
  if (!location) {
    return refuse(
      key,
      new InvalidArgumentError(
        input.locationId
          ? 'locationId: the company has no location with this id'
          : 'locationId: the company has no default location; name one with locationId',
      ),
      target,
    );
  }
  const queueRequest: QueueRequest = {
    slug: key.companyId,
    location,
    capability: 'zap',
    target,
    queuedBy: `dast-key:${key.keyId}`,
    activeLimit: {
      max: maxActiveDastScans,
      refusal: () =>
        new ResourceExhaustedError(
          `The company has ${maxActiveDastScans} DAST scans queued or running already; try again in ` +
            `${activeScansRetryAfterSeconds} seconds.`,
          activeScansRetryAfterSeconds,
        ),
    },
  };
  let job: ScanJobItem;
  try {
    try {
      job = await queueScanJob(queueRequest);
    } catch (error) {
      // At the limit: end the scans that will not finish, and try once more if that freed a place.
      if (!(error instanceof ResourceExhaustedError) || (await settleUnfinishedJobs(key.companyId, 'dast')) === 0) {
        throw error;
      }
      job = await queueScanJob(queueRequest);
    }
  } catch (error) {
    if (error instanceof InvalidArgumentError || error instanceof ResourceExhaustedError) {
      return refuse(key, error, target);
    }
    throw error;
  }
  const waitsFor = job.notBefore && location.scanWindow ? windowTimeText(location.scanWindow, job.notBefore) : '';
  await recordKeyEvent(
    key,
    'dastScanQueued',
    `Queued a DAST scan of ${target.slice(0, 200)} at "${location.name}" with the key ${key.keyId}` +
      (waitsFor ? `; it waits for the location's scan window, which opens ${waitsFor}` : ''),
    {
      scanId: job.jobId,
      target,
      locationId: location.locationId,
      ...(job.notBefore ? { runsAfter: iso(job.notBefore) } : {}),
    },
  );
  return {
    scanId: job.jobId,
    status: 'queued',
    statusUrl: `${dastScansPath}/${job.jobId}`,
    ...(job.notBefore ? { runsAfter: iso(job.notBefore) } : {}),
  };
}

const unknownScan = () => new NotFoundError('scanId: this company has no DAST scan with this id');

/** The job of a scan id, if it is this key's company's DAST scan; another company's is answered as unknown. */
async function companyScan(key: VerifiedDastKey, scanId: string | undefined): Promise<ScanJobItem> {
  if (!scanId || !/^[0-9a-z]{1,64}$/.test(scanId)) throw unknownScan();
  const job = await getScanJob(scanId);
  // Another company's scan is answered as an unknown one: its id tells a key nothing.
  if (!job || job.slug !== key.companyId || job.service !== 'dast') throw unknownScan();
  return job;
}

/** What the endpoint answers of a scan: its results' import read when it is done. */
async function scanView(job: ScanJobItem, key: VerifiedDastKey): Promise<DastScanView> {
  const scan = job.status === 'done' && job.importId ? await getScanImport(job.importId, true) : undefined;
  let status: DastScanStatus = job.status;
  if (job.status === 'done') {
    status = scan?.status === 'done' ? 'done' : scan?.status === 'failed' ? 'failed' : 'importing';
  }
  const updatedAt = Math.max(job.queuedAt, job.claimedAt ?? 0, job.finishedAt ?? 0, scan?.finishedAt ?? 0);
  const counts = scan?.status === 'done' ? (scan.counts as { total?: number; bySeverity?: SeverityCounts }) : undefined;
  const findings =
    counts?.bySeverity && key.scopes.includes('dast:results:read')
      ? { total: counts.total ?? 0, bySeverity: counts.bySeverity }
      : undefined;
  const ended = job.status === 'failed' || job.status === 'cancelled' || job.status === 'expired';
  return {
    scanId: job.jobId,
    status,
    target: job.target,
    createdAt: iso(job.queuedAt),
    updatedAt: iso(updatedAt),
    ...(job.status === 'queued' && job.notBefore && job.notBefore > Date.now()
      ? { runsAfter: iso(job.notBefore) }
      : {}),
    ...(job.importId ? { importId: job.importId } : {}),
    ...(job.status === 'failed' && job.error ? { error: job.error.slice(0, 500) } : {}),
    ...(ended && job.error ? { reason: job.error.slice(0, 500) } : {}),
    ...(scan?.status === 'failed' ? { error: 'The scan’s report could not be imported.' } : {}),
    ...(findings ? { findings } : {}),
  };
}

export async function getDastScan(
  authorization: string | undefined,
  scanId: string | undefined,
): Promise<DastScanView> {
  const key = await verifyDastKey(authorization, 'dast:status:read');
  const job = await companyScan(key, scanId);
  // A scan that will not finish is answered as ended (expired, failed), not as waiting for ever.
  const [current = job] = await settleJobs([job]);
  return scanView(current, key);
}

/** Cancels a queued or running scan of the key's company: its place under the limit is free at once. */
export async function cancelDastScan(
  authorization: string | undefined,
  scanId: string | undefined,
): Promise<DastScanView> {
  const key = await verifyDastKey(authorization, 'dast:trigger');
  const job = await companyScan(key, scanId);
  const cancelled = await cancelJob(job, keyActor(key), `dast-key:${key.keyId}`);
  return scanView(cancelled, key);
}

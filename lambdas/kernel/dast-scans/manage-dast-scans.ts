// A company's DAST scans on /admin/dast: listed newest first, and cancelled while queued or running. The same people
// as its DAST keys (dast-keys.ts): members of level 3 while the company has DAST triggering on, and analysts of
// level 7. The rows of a listed page that may be stale are settled first (job-endings.ts), so what it shows is
// current; each call stays within three DynamoDB requests when nothing is stale.
import type { Caller, CompanyRecord } from '../access/caller.js';
import { canAccessCompany, canListAllCompanies, menuLevels } from '../access/rules.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { listCompanyJobs, readCompanyAndJob, type ScanJobItem } from '../data/entities/scan-jobs.js';
import { NotFoundError, PermissionDeniedError } from '../errors.js';
import { cancelJob, maybeStale, settleJobs } from '../scan-jobs/job-endings.js';

export interface DastScanRow {
  scanId: string;
  target: string;
  locationId: string;
  status: ScanJobItem['status'];
  queuedAt: number;
  /** Queued while its location's scan window was closed: when the window opens. */
  notBefore?: number;
  queuedBy: string;
  claimedAt?: number;
  finishedAt?: number;
  importId?: string;
  /** Why it ended without results: the agent's or the portal's reason, or who cancelled it. */
  reason?: string;
  cancelledBy?: string;
}

export function scanRow(job: ScanJobItem): DastScanRow {
  return {
    scanId: job.jobId,
    target: job.target,
    locationId: job.locationId,
    status: job.status,
    queuedAt: job.queuedAt,
    ...(job.notBefore !== undefined ? { notBefore: job.notBefore } : {}),
    queuedBy: job.queuedBy,
    ...(job.claimedAt !== undefined ? { claimedAt: job.claimedAt } : {}),
    ...(job.finishedAt !== undefined ? { finishedAt: job.finishedAt } : {}),
    ...(job.importId ? { importId: job.importId } : {}),
    ...(job.error ? { reason: job.error.slice(0, 1000) } : {}),
    ...(job.cancelledBy ? { cancelledBy: job.cancelledBy } : {}),
  };
}

const noCompany = () => new PermissionDeniedError('You do not have access to this company.');

/** Who may see and cancel a company's scans: as for its DAST keys (before any read). */
function assertMayManageDast(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug, menuLevels.dastKeys)) throw noCompany();
}

/** The company's own switch, once read: a missing company is refused like a foreign one. */
function assertTriggering(caller: Caller, company: CompanyRecord | undefined): void {
  if (!company) throw noCompany();
  if (!company.enableDastTriggering && !canListAllCompanies(caller.access)) {
    throw new PermissionDeniedError('DAST triggering is turned off for this company.');
  }
}

export async function listDastScansAs(
  caller: Caller,
  slug: string,
  page: { cursor?: string; limit: number },
  now = Date.now(),
): Promise<{ scans: DastScanRow[]; nextCursor?: string }> {
  assertMayManageDast(caller, slug);
  assertTriggering(caller, await getCompanyRecord(slug));
  const { jobs, nextCursor } = await listCompanyJobs(slug, 'dast', page);
  const settled = new Map(
    (
      await settleJobs(
        jobs.filter((job) => maybeStale(job, now)),
        now,
      )
    ).map((job) => [job.jobId, job]),
  );
  return {
    scans: jobs.map((job) => scanRow(settled.get(job.jobId) ?? job)),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

export async function cancelDastScanAs(caller: Caller, slug: string, scanId: string): Promise<DastScanRow> {
  assertMayManageDast(caller, slug);
  const { company, job } = await readCompanyAndJob(slug, scanId);
  assertTriggering(caller, company);
  if (!job || job.slug !== slug || job.service !== 'dast') {
    throw new NotFoundError('scanId: this company has no DAST scan with this id');
  }
  return scanRow(await cancelJob(job, caller, caller.email));
}

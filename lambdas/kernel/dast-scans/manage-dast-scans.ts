// A company's DAST scans on /admin/dast: listed newest first, and cancelled while queued or running. The same people
// as its DAST keys (dast-keys.ts): members of level 3 while the company has DAST triggering on, and analysts of
// level 7. Reading the list first settles the company's stale scans (job-endings.ts), so what it shows is current.
import type { Caller } from '../access/caller.js';
import { canAccessCompany, canListAllCompanies, hasLevel, menuLevels } from '../access/rules.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { listCompanyJobs, unfinishedJobsOf, type ScanJobItem } from '../data/entities/scan-jobs.js';
import { NotFoundError, PermissionDeniedError } from '../errors.js';
import { cancelJob, settleJobs } from '../scan-jobs/job-endings.js';
import { getScanJob } from '../scan-jobs/scan-jobs.js';

export interface DastScanRow {
  scanId: string;
  target: string;
  locationId: string;
  status: ScanJobItem['status'];
  queuedAt: number;
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
    queuedBy: job.queuedBy,
    ...(job.claimedAt !== undefined ? { claimedAt: job.claimedAt } : {}),
    ...(job.finishedAt !== undefined ? { finishedAt: job.finishedAt } : {}),
    ...(job.importId ? { importId: job.importId } : {}),
    ...(job.error ? { reason: job.error.slice(0, 1000) } : {}),
    ...(job.cancelledBy ? { cancelledBy: job.cancelledBy } : {}),
  };
}

const noCompany = () => new PermissionDeniedError('You do not have access to this company.');

/** Who may see and cancel a company's scans: as for its DAST keys. A missing company is refused like a foreign one. */
async function assertManagesDast(caller: Caller, slug: string): Promise<void> {
  if (!canAccessCompany(caller.access, slug) || !hasLevel(caller.access, menuLevels.dastKeys)) throw noCompany();
  const company = await getCompanyRecord(slug);
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
  await assertManagesDast(caller, slug);
  // The unfinished scans, read consistently and settled, stand in for their rows of the (lagging) index.
  const current = new Map((await settleJobs(await unfinishedJobsOf(slug, 'dast'), now)).map((job) => [job.jobId, job]));
  const { jobs, nextCursor } = await listCompanyJobs(slug, 'dast', page);
  return {
    scans: jobs.map((job) => scanRow(current.get(job.jobId) ?? job)),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

export async function cancelDastScanAs(caller: Caller, slug: string, scanId: string): Promise<DastScanRow> {
  await assertManagesDast(caller, slug);
  const job = await getScanJob(scanId);
  if (!job || job.slug !== slug || job.service !== 'dast') {
    throw new NotFoundError('scanId: this company has no DAST scan with this id');
  }
  return scanRow(await cancelJob(job, caller, caller.email));
}

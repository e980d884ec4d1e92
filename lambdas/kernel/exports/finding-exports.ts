// Starting and reading exports of a service's findings as CSV, XLSX or PDF: the list as its caller sees it (the same filter and
// order as listFindings, and finding-visibility.ts's rule: a customer's export holds published findings and
// the customer's fields only). Starting one checks the caller's view, stores the export and queues it on the
// report queue; the report worker (export-run.ts) reads the findings a page at a time (progress after each
// page), renders the file and writes it to S3 under a key fixed by the export's id, then marks it done. A
// retry after a crash starts the reading again and writes the same key: the result is one clean run's.
import { randomUUID } from 'node:crypto';
import type { FindingFilter, FindingOrder } from '../../contracts/finding-filter.js';
import type { Caller, CompanyRecord } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { putFindingExport, type ExportFormat, type StoredFindingExport } from '../data/entities/finding-exports.js';
import { PermissionDeniedError } from '../errors.js';
import { findingFilterCondition } from '../findings/finding-records.js';
import { findingViewerFor } from '../findings/finding-visibility.js';
import { exportObjectKey, presignExportDownload } from './export-objects.js';
import { queueReportWork } from './report-queue.js';

/** The most findings one export holds (the list's first, in its order). */
export const maxExportFindings = 10_000;
export const exportDenied = 'You do not have access to this export.';

export function filterWords(filter: FindingFilter | undefined): string {
  if (!filter) return '';
  const parts: string[] = [];
  if (filter.severity?.length) parts.push(`severity ${filter.severity.join(', ')}`);
  if (filter.sla) parts.push(filter.sla === 'overdue' ? 'overdue' : 'due within 7 days');
  if (filter.status?.length) parts.push(`status ${filter.status.map((status) => status.replace('_', ' ')).join(', ')}`);
  if (filter.confidence?.length) parts.push(`confidence ${filter.confidence.join(', ')}`);
  if (filter.assetKey) parts.push(`asset ${filter.assetKey}`);
  if (filter.text) parts.push(`text "${filter.text}"`);
  if (filter.newInImport) parts.push('new in the last scan');
  if (filter.hasCve !== undefined) parts.push(filter.hasCve ? 'with a CVE' : 'without a CVE');
  if (filter.fixAvailable !== undefined) parts.push(filter.fixAvailable ? 'fix available' : 'no vendor fix');
  if (filter.subnet) parts.push(`subnet ${filter.subnet}`);
  if (filter.framework?.length) parts.push(`framework ${filter.framework.join(', ')}`);
  if (filter.category?.length) parts.push(`category ${filter.category.join(', ')}`);
  if (filter.site?.length) parts.push(`site ${filter.site.join(', ')}`);
  return parts.join('; ');
}

export async function startFindingExportAs(
  caller: Caller,
  input: {
    slug: string;
    service: ServiceName;
    format: ExportFormat;
    filter?: FindingFilter;
    descending?: boolean;
    order?: FindingOrder;
    limit?: number;
  },
  company: CompanyRecord | undefined,
): Promise<{ exportId: string }> {
  const viewer = findingViewerFor(caller, input.slug, input.service, company);
  // An analyst may export a company whose record is gone no more than read its list; the same words either way.
  if (!viewer || !company) throw new PermissionDeniedError(companyDenied);
  // A filter the schema cannot judge (a subnet) is refused now, not by the worker after the export is stored.
  findingFilterCondition(input.filter ?? {}, false);
  const exportId = randomUUID().replace(/-/g, '');
  const stamp = new Date().toISOString().slice(0, 10);
  await putFindingExport({
    exportId,
    slug: input.slug,
    service: input.service,
    format: input.format,
    filter: input.filter,
    descending: input.descending ?? true,
    ...(input.order ? { order: input.order } : {}),
    limit: input.limit ?? maxExportFindings,
    viewer,
    companyName: company.companyName,
    status: 'queued',
    scanned: 0,
    written: 0,
    objectKey: exportObjectKey(input.slug, input.service, exportId, input.format),
    fileName: `${input.slug}-${input.service}-findings-${stamp}.${input.format}`,
    createdAt: Date.now(),
    createdByUid: caller.uid,
    createdBy: caller.email,
  });
  await queueReportWork({ kind: 'export', id: exportId }, `export#${exportId}`);
  return { exportId };
}

/** An export as its creator reads it; only its creator may (the file holds what that caller could see). */
export async function readFindingExportAs(
  caller: Caller,
  read: Promise<StoredFindingExport | undefined>,
): Promise<StoredFindingExport & { downloadUrl?: string }> {
  const item = await read;
  if (!item || item.createdByUid !== caller.uid) throw new PermissionDeniedError(exportDenied);
  if (item.status !== 'done') return item;
  return { ...item, downloadUrl: await presignExportDownload(item.objectKey, item.fileName) };
}

// The report worker's part of an export: read the view's findings as the export's viewer sees them, a page at
// a time with progress after each, render the file, write it to S3 under the key fixed by the export's id, mark
// it done. Safe to run again: it starts over and writes the same key, so the result is one clean run's.
import { readConfig } from '../config.js';
import {
  getFindingExportItem,
  setFindingExportFields,
  type ExportFormat,
  type StoredFindingExport,
} from '../data/entities/finding-exports.js';
import { findingItemsPage } from '../findings/finding-records.js';
import { visibleFinding, type VisibleFinding } from '../findings/finding-visibility.js';
import { logger } from '../logger.js';
import { serviceLabel } from '../search/labels.js';
import { findingsCsv } from './csv.js';
import { exportColumns } from './export-columns.js';
import { putExportObject } from './export-objects.js';
import { filterWords } from './finding-exports.js';
import { findingsPdf } from './pdf.js';
import { findingsXlsx } from './xlsx.js';
import { countMetric } from '../observability/metrics.js';

/** Findings read per page (the list's own window; a filtered page reads up to 1,000 items). */
const readPage = 1000;

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Reads the findings of an export's view, as its viewer sees them, in the list's order. */
async function readExportFindings(
  item: StoredFindingExport,
): Promise<{ findings: VisibleFinding[]; truncated: boolean }> {
  const findings: VisibleFinding[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  do {
    const page = await findingItemsPage(item.slug, item.service, {
      filter: item.filter,
      descending: item.descending,
      order: item.order,
      cursor,
      limit: readPage,
    });
    for (const stored of page.items) {
      const visible = visibleFinding(item.viewer, stored);
      if (!visible) continue;
      if (findings.length >= item.limit) return { findings, truncated: true };
      findings.push(visible);
    }
    scanned += page.items.length;
    cursor = page.nextCursor;
    await setFindingExportFields(item.exportId, { scanned, written: findings.length });
  } while (cursor);
  return { findings, truncated: false };
}

async function render(item: StoredFindingExport, findings: VisibleFinding[], truncated: boolean): Promise<Uint8Array> {
  const columns = exportColumns(item.viewer);
  if (item.format === 'csv') return findingsCsv(columns, findings);
  if (item.format === 'xlsx') return findingsXlsx(columns, findings, serviceLabel(item.service));
  return findingsPdf({
    productName: readConfig().PRODUCT_NAME,
    companyName: item.companyName,
    serviceLabel: serviceLabel(item.service),
    viewer: item.viewer,
    filterWords: filterWords(item.filter),
    generatedAt: new Date(item.createdAt),
    truncated,
    findings,
  });
}

/** Runs a queued export to its file. Safe to run again: it starts over and writes the same key. */
export async function runFindingExport(exportId: string): Promise<void> {
  const item = await getFindingExportItem(exportId, true);
  if (!item) {
    logger.warn('Export message for an export that is not stored (expired?): dropped', { exportId });
    return;
  }
  if (item.status === 'done' || item.status === 'failed') return;
  await setFindingExportFields(exportId, { status: 'running', startedAt: Date.now(), scanned: 0, written: 0 });
  const { findings, truncated } = await readExportFindings(item);
  const body = await render(item, findings, truncated);
  await putExportObject(item.objectKey, body, contentTypes[item.format]);
  await setFindingExportFields(exportId, {
    status: 'done',
    written: findings.length,
    truncated,
    bytes: body.byteLength,
    finishedAt: Date.now(),
  });
  countMetric('ExportCompleted');
}

export async function failFindingExport(exportId: string, message: string): Promise<void> {
  await setFindingExportFields(exportId, { status: 'failed', error: message, finishedAt: Date.now() });
  countMetric('ExportFailed');
}

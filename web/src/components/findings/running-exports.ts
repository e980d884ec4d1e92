// The export a findings list follows, remembered in this browser per company and service (localStorage
// `portal.exports.<slug>.<service>`), so its progress and download link survive a reload, a visit to another
// page, or the browser closing: the export itself runs on the server either way.
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

export interface RememberedExport {
  exportId: string;
  format: ExportFormat;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem' | 'getItem'>;

export function rememberedExportKey(slug: string, service: ServiceName): string {
  return `portal.exports.${slug}.${service}`;
}

const exportIdPattern = /^[0-9a-f]{32}$/;
const formats: readonly string[] = ['csv', 'xlsx', 'pdf'];

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage refused: the export is followed for this visit only
  }
}

/** The remembered export, if what is stored still reads as one. */
export function readRememberedExport(
  slug: string,
  service: ServiceName,
  storage: ReadableStorage | undefined = browserStorage(),
): RememberedExport | undefined {
  let stored: unknown;
  try {
    const text = storage?.getItem(rememberedExportKey(slug, service));
    if (!text) return undefined;
    stored = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { exportId, format } = stored as Record<string, unknown>;
  if (typeof exportId !== 'string' || !exportIdPattern.test(exportId)) return undefined;
  if (typeof format !== 'string' || !formats.includes(format)) return undefined;
  return { exportId, format: format as ExportFormat };
}

export function rememberExport(
  slug: string,
  service: ServiceName,
  remembered: RememberedExport,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(rememberedExportKey(slug, service), JSON.stringify(remembered));
  } catch {
    // Storage full or refused: the export is followed for this visit only.
  }
}

/** Forgets the remembered export (only `exportId`, when given: a newer one stays). */
export function forgetExport(
  slug: string,
  service: ServiceName,
  exportId?: string,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  if (exportId !== undefined && readRememberedExport(slug, service, storage)?.exportId !== exportId) return;
  try {
    storage?.removeItem(rememberedExportKey(slug, service));
  } catch {
    // Storage refused: nothing was kept.
  }
}

// The bulk update a page follows, remembered in this browser per company and service (localStorage
// `portal.bulkUpdates.<slug>.<service>`), so its progress and result survive a reload, a visit to another
// page, or the browser closing: the update itself runs on the server either way.
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';

export interface RememberedBulkUpdate {
  bulkId: string;
  /** What it does, in words ('Set the status to Fixed'), to say so before the server answers. */
  summary: string;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem' | 'getItem'>;

export function rememberedBulkUpdateKey(slug: string, service: ServiceName): string {
  return `portal.bulkUpdates.${slug}.${service}`;
}

const bulkIdPattern = /^[0-9A-Za-z_-]{8,64}$/;

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage refused: the update is followed for this visit only
  }
}

/** The remembered bulk update, if what is stored still reads as one. */
export function readRememberedBulkUpdate(
  slug: string,
  service: ServiceName,
  storage: ReadableStorage | undefined = browserStorage(),
): RememberedBulkUpdate | undefined {
  let stored: unknown;
  try {
    const text = storage?.getItem(rememberedBulkUpdateKey(slug, service));
    if (!text) return undefined;
    stored = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { bulkId, summary } = stored as Record<string, unknown>;
  if (typeof bulkId !== 'string' || !bulkIdPattern.test(bulkId)) return undefined;
  return { bulkId, summary: typeof summary === 'string' ? summary : 'Bulk update' };
}

export function rememberBulkUpdate(
  slug: string,
  service: ServiceName,
  remembered: RememberedBulkUpdate,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(rememberedBulkUpdateKey(slug, service), JSON.stringify(remembered));
  } catch {
    // Storage full or refused: the update is followed for this visit only.
  }
}

/** Forgets the remembered bulk update (only `bulkId`, when given: a newer one stays). */
export function forgetBulkUpdate(
  slug: string,
  service: ServiceName,
  bulkId?: string,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  if (bulkId !== undefined && readRememberedBulkUpdate(slug, service, storage)?.bulkId !== bulkId) return;
  try {
    storage?.removeItem(rememberedBulkUpdateKey(slug, service));
  } catch {
    // Storage refused: nothing was kept.
  }
}

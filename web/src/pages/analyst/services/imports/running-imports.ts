// The import a page follows, remembered in this browser per company and service (localStorage
// `portal.imports.<slug>.<service>`), so its progress and result survive a reload, a visit to another
// page, or the browser closing: the import itself runs on the server either way.
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';

export interface RememberedImport {
  importId: string;
  /** The files' names, to say what is being imported before the server answers. */
  fileNames: string[];
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem' | 'getItem'>;

export function rememberedImportKey(slug: string, service: ServiceName): string {
  return `portal.imports.${slug}.${service}`;
}

const importIdPattern = /^[0-9A-Za-z_-]{8,64}$/;

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage refused: the import is followed for this visit only
  }
}

/** The remembered import, if what is stored still reads as one. */
export function readRememberedImport(
  slug: string,
  service: ServiceName,
  storage: ReadableStorage | undefined = browserStorage(),
): RememberedImport | undefined {
  let stored: unknown;
  try {
    const text = storage?.getItem(rememberedImportKey(slug, service));
    if (!text) return undefined;
    stored = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { importId, fileNames } = stored as Record<string, unknown>;
  if (typeof importId !== 'string' || !importIdPattern.test(importId)) return undefined;
  const names = Array.isArray(fileNames) ? fileNames.filter((name): name is string => typeof name === 'string') : [];
  return { importId, fileNames: names };
}

export function rememberImport(
  slug: string,
  service: ServiceName,
  remembered: RememberedImport,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(rememberedImportKey(slug, service), JSON.stringify(remembered));
  } catch {
    // Storage full or refused: the import is followed for this visit only.
  }
}

/** Forgets the remembered import (only `importId`, when given: a newer one stays). */
export function forgetImport(
  slug: string,
  service: ServiceName,
  importId?: string,
  storage: WritableStorage | undefined = browserStorage(),
): void {
  if (importId !== undefined && readRememberedImport(slug, service, storage)?.importId !== importId) return;
  try {
    storage?.removeItem(rememberedImportKey(slug, service));
  } catch {
    // Storage refused: nothing was kept.
  }
}

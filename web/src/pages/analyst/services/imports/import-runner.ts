// The browser's part of an import once createScanImport has answered: each file sent with its presigned
// POST (the bytes sent from the upload's events), then startScanImport. It runs outside any component, so
// it goes on while the person visits other pages of the app, and the service page shows it again on
// return. Closing or reloading the tab would stop an upload, so the browser asks first while one runs;
// once started, the import runs on the server whatever the browser does.
import { useCallback, useSyncExternalStore } from 'react';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { UploadError, uploadFile, type PresignedUpload } from '../../../../components/uploads/upload-file';

export type ScanImportRecord = CallOutput<'getScanImport'>;

export interface LocalImport {
  importId: string;
  fileNames: string[];
  step: 'uploading' | 'starting' | 'started' | 'failed';
  bytesSent: number;
  bytesTotal: number;
  /** Why the upload or the start failed, in words. */
  error?: string;
  /** startScanImport's answer. */
  started?: ScanImportRecord;
}

const imports = new Map<string, LocalImport>();
const listeners = new Set<() => void>();

function scopeKey(slug: string, service: ServiceName): string {
  return `${slug}/${service}`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function preventLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

let warningOnLeave = false;

/** While a file is on its way, leaving the page asks first (the upload would stop). */
function updateLeaveWarning(): void {
  const sending = [...imports.values()].some((entry) => entry.step === 'uploading' || entry.step === 'starting');
  if (sending === warningOnLeave) return;
  warningOnLeave = sending;
  if (sending) window.addEventListener('beforeunload', preventLeaving);
  else window.removeEventListener('beforeunload', preventLeaving);
}

function store(key: string, entry: LocalImport | undefined): void {
  if (entry) imports.set(key, entry);
  else imports.delete(key);
  updateLeaveWarning();
  for (const listener of [...listeners]) listener();
}

function update(key: string, importId: string, changes: Partial<LocalImport>): void {
  const current = imports.get(key);
  if (current?.importId !== importId) return; // a newer import took its place
  store(key, { ...current, ...changes });
}

export interface CreatedImport {
  importId: string;
  uploads: PresignedUpload[];
}

/** Sends the files of a created import, one after the other, then starts it. */
export function runImport(slug: string, service: ServiceName, created: CreatedImport, files: readonly File[]): void {
  const key = scopeKey(slug, service);
  const { importId } = created;
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  store(key, { importId, fileNames: files.map((file) => file.name), step: 'uploading', bytesSent: 0, bytesTotal });
  void (async () => {
    try {
      let sentBefore = 0;
      for (const [index, file] of files.entries()) {
        const upload = created.uploads[index];
        if (!upload) throw new UploadError(`The portal gave no upload address for ${file.name}.`);
        await uploadFile(upload, file, (sent) => update(key, importId, { bytesSent: sentBefore + sent }));
        sentBefore += file.size;
      }
      update(key, importId, { step: 'starting', bytesSent: bytesTotal });
      const started = await callFunction('startScanImport', { importId });
      update(key, importId, { step: 'started', started });
    } catch (caught: unknown) {
      const error =
        caught instanceof UploadError ? caught.message : messageOf(caught, 'The import could not be started.');
      update(key, importId, { step: 'failed', error });
    }
  })();
}

/** Forgets this tab's part of the import (once it is finished, failed or dismissed). */
export function forgetLocalImport(slug: string, service: ServiceName, importId: string): void {
  const key = scopeKey(slug, service);
  if (imports.get(key)?.importId === importId) store(key, undefined);
}

/** This tab's part of the company's latest import of the service, while there is one. */
export function useLocalImport(slug: string, service: ServiceName): LocalImport | undefined {
  const snapshot = useCallback(() => imports.get(scopeKey(slug, service)), [slug, service]);
  return useSyncExternalStore(subscribe, snapshot);
}

// The life of an import as the calls see it: created with its presigned uploads ('uploading'), started
// once the files are in the bucket ('queued'), then run by the import function ('running' → 'done' or
// 'failed'). The import function's work is in import-run.ts. Starting copies each file where no upload form
// reaches (importFilesPrefix): a presigned POST stays valid for an hour and may be sent again, but what the
// import reads is the file that was there when it started.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import {
  getScanImport,
  listScanImportsPage,
  putNewScanImport,
  updateScanImport,
  type StoredScanImport,
} from '../data/entities/scan-imports.js';
import { ConflictError, InvalidArgumentError } from '../errors.js';
import { formatCatalogue } from '../scanners/formats.js';
import type { FormatId } from '../scanners/finding-model.js';
import type { ScanImportOutput } from '../../contracts/findings.js';
import { queueImport } from './import-queue.js';
import { copyUpload, presignUpload, uploadedObject } from './uploads.js';

export type { StoredScanImport };

export interface CreateScanImportInput {
  slug: string;
  service: ServiceName;
  files: Array<{ name: string; contentLength: number }>;
  tool?: FormatId;
}

/** Raw uploads live under this prefix; the bucket's lifecycle rule removes them after 30 days. */
export const uploadsPrefix = 'uploads/';

/**
 * A started import's files, copied from its uploads, live under this prefix, which no presigned POST ever names
 * (each fixes its key under uploads/ or vault/); the bucket's lifecycle rule removes them after 30 days too.
 */
export const importFilesPrefix = 'imports/';

/** Where the import function reads an uploaded file from once its import started. */
export function importFileKey(uploadKey: string): string {
  if (!uploadKey.startsWith(uploadsPrefix)) throw new Error('An import file is not under the uploads prefix');
  return `${importFilesPrefix}${uploadKey.slice(uploadsPrefix.length)}`;
}

function newImportId(): string {
  // Time first, so ids sort by creation; 64 random bits after it.
  return `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
}

/** Who starts an import: a person, or an agent uploading a job's results (`agent:<agentId>`). */
export type ImportCreator = Pick<Caller, 'uid' | 'email'> & { user?: Pick<NonNullable<Caller['user']>, 'displayName'> };

export async function createScanImport(
  caller: ImportCreator,
  input: CreateScanImportInput,
): Promise<{ importId: string; uploads: Array<{ url: string; fields: Record<string, string> }> }> {
  const passwordAudit = input.service === 'password_cracking';
  if (input.tool && !formatCatalogue[input.tool].services.includes(input.service)) {
    throw new InvalidArgumentError(
      `tool: ${formatCatalogue[input.tool].label} is not a format of the ${input.service} service`,
    );
  }
  if (passwordAudit && input.files.length !== 2) {
    throw new InvalidArgumentError(
      'files: a password audit imports two files, the secretsdump NTDS file and the hashcat or John potfile',
    );
  }
  if (!passwordAudit && input.files.length !== 1) {
    throw new InvalidArgumentError(`files: the ${input.service} service imports one file at a time`);
  }
  const importId = newImportId();
  const files = input.files.map((file, index) => ({
    name: file.name,
    contentLength: file.contentLength,
    objectKey: `${uploadsPrefix}${input.slug}/${input.service}/${importId}/${index}`,
  }));
  const uploads = await Promise.all(files.map((file) => presignUpload(file.objectKey, file.contentLength)));
  await putNewScanImport({
    importId,
    slug: input.slug,
    service: input.service,
    status: 'uploading',
    files,
    ...(input.tool ? { format: input.tool, formatChosen: true } : {}),
    createdAt: Date.now(),
    createdByUid: caller.uid,
    createdByEmail: caller.email,
    createdByName: caller.user?.displayName?.trim() || undefined,
    progress: {
      bytesRead: 0,
      bytesTotal: files.reduce((sum, file) => sum + file.contentLength, 0),
      findingsWritten: 0,
    },
    version: 1,
  });
  return { importId, uploads };
}

export function readScanImport(importId: string): Promise<StoredScanImport | undefined> {
  return getScanImport(importId);
}

/**
 * Checks each uploaded file and copies it to where the import reads it (importFileKey): the copy is made only
 * while the upload is still the object checked (its ETag), and never over an earlier start's copy, so what
 * the import reads is fixed here. S3 requests only, no DynamoDB one.
 */
export async function copyImportFiles(scan: Pick<StoredScanImport, 'files'>): Promise<void> {
  const uploaded = await Promise.all(scan.files.map((file) => uploadedObject(file.objectKey)));
  for (const [index, file] of scan.files.entries()) {
    const object = uploaded[index];
    if (object === undefined) {
      throw new InvalidArgumentError(
        `The file ${file.name} has not been uploaded yet: upload it, then start the import`,
      );
    }
    if (object.size !== file.contentLength) {
      throw new InvalidArgumentError(
        `The file ${file.name} holds ${object.size} bytes, not the ${file.contentLength} announced: create the import again`,
      );
    }
  }
  const copies = await Promise.all(
    scan.files.map((file, index) => copyUpload(file.objectKey, importFileKey(file.objectKey), uploaded[index]!.etag)),
  );
  for (const [index, copy] of copies.entries()) {
    if (copy === 'source changed') {
      throw new ConflictError(
        `The file ${scan.files[index]!.name} was uploaded again while the import started: start the import again`,
      );
    }
  }
}

/** Queues an uploaded import; an import past 'uploading' is answered as it stands (safe to retry). */
export async function startScanImport(scan: StoredScanImport): Promise<ScanImportOutput> {
  if (scan.status !== 'uploading') return scanImportOutput(scan);
  await copyImportFiles(scan);
  // Queued before the status changes: a crash between the two leaves an import that a retry queues again
  // (the queue drops the duplicate), never a 'queued' import that no message will run.
  await queueImport({ importId: scan.importId, slug: scan.slug, service: scan.service });
  const queued = await updateScanImport(scan.importId, { status: 'queued' }, { from: ['uploading'] });
  return scanImportOutput(queued ?? (await getScanImport(scan.importId, true)) ?? scan);
}

export async function listScanImports(
  slug: string,
  service: ServiceName,
  page: { cursor?: string; limit: number },
): Promise<{ items: ScanImportOutput[]; nextCursor?: string }> {
  const { items, nextCursor } = await listScanImportsPage(slug, service, page);
  return { items: items.map(scanImportOutput), nextCursor };
}

export function scanImportOutput(scan: StoredScanImport): ScanImportOutput {
  return {
    importId: scan.importId,
    slug: scan.slug,
    service: scan.service,
    status: scan.status,
    files: scan.files.map(({ name, contentLength }) => ({ name, contentLength })),
    format: scan.format,
    tool: scan.tool,
    createdAt: scan.createdAt,
    createdByEmail: scan.createdByEmail,
    createdByName: scan.createdByName,
    startedAt: scan.startedAt,
    finishedAt: scan.finishedAt,
    progress: scan.progress,
    counts: scan.counts as ScanImportOutput['counts'],
    metrics: scan.metrics,
    warnings: scan.warnings,
    error: scan.error,
  };
}

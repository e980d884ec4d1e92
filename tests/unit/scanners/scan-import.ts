// Helpers for the scanner parser tests: run an import over fixture files or inline text (in small
// chunks, as a stream would deliver it) and collect what it yields.
import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type {
  Asset,
  Finding,
  FormatId,
  ScanSummary,
  ServiceName,
} from '../../../lambdas/kernel/scanners/finding-model.js';
import { ImportFormatError } from '../../../lambdas/kernel/scanners/import-format-error.js';
import { parseScan, type ScanImportRequest } from '../../../lambdas/kernel/scanners/parse-scan.js';

export const fixtures = path.resolve('tests/fixtures/scanners');

export function fixture(relative: string): ReadStream {
  // A small highWaterMark makes every element and line cross chunk boundaries somewhere.
  return createReadStream(path.join(fixtures, relative), { highWaterMark: 1024 });
}

/** Text as a stream of `size`-byte chunks (multi-byte characters split too). */
export async function* chunked(text: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let offset = 0; offset < bytes.length; offset += size) {
    yield bytes.subarray(offset, offset + size);
    await Promise.resolve();
  }
}

export interface Imported {
  assets: Asset[];
  findings: Finding[];
  summary: ScanSummary;
}

export const reuseKey = 'test-company-key-0123456789abcdef';

export async function importScan(
  service: ServiceName,
  inputs: ScanImportRequest['inputs'],
  options: { format?: FormatId; passwordAudit?: Partial<NonNullable<ScanImportRequest['passwordAudit']>> } = {},
): Promise<Imported> {
  const assets: Asset[] = [];
  const findings: Finding[] = [];
  let summary: ScanSummary | undefined;
  for await (const record of parseScan({
    service,
    inputs,
    format: options.format,
    passwordAudit: { reuseKey, ...options.passwordAudit },
  })) {
    expect(summary, 'the summary comes last').toBeUndefined();
    if (record.kind === 'asset') assets.push(record.asset);
    else if (record.kind === 'finding') findings.push(record.finding);
    else summary = record.summary;
  }
  if (!summary) throw new Error('the import yielded no summary');
  return { assets, findings, summary };
}

/** The import fails with an ImportFormatError whose message matches, at the given line if one is given. */
export async function expectImportError(
  run: Promise<unknown>,
  message: RegExp,
  where: { line?: number; element?: string } = {},
): Promise<ImportFormatError> {
  const error: unknown = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the import fails').toBeInstanceOf(ImportFormatError);
  const formatError = error as ImportFormatError;
  expect(formatError.message).toMatch(message);
  // The message is for people: one line, no stack, no library internals.
  expect(formatError.message).not.toMatch(/\n|\s+at\s+\S+\s+\(|TokenizerError|TokenParserError|CsvError/);
  expect(formatError.status).toBe('INVALID_ARGUMENT');
  if (where.line !== undefined) expect(formatError.line).toBe(where.line);
  if (where.element !== undefined) expect(formatError.element).toBe(where.element);
  return formatError;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

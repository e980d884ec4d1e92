// getFindingExport: how far an export got and, once done, a short-lived link to its file. Only the person who
// started it may read it (the file holds what they may see); an unknown id gets the same refusal.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { getFindingExportItem } from '../../kernel/data/entities/finding-exports.js';
import { readFindingExportAs } from '../../kernel/exports/finding-exports.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { exportId, findingExport } from '../shared/export-schemas.js';

export const getFindingExport = defineSignedInCall({
  name: 'getFindingExport',
  input: z.strictObject({ exportId }),
  output: findingExport,
  access: findingReadersAccess,
  readAhead: ({ exportId }) => getFindingExportItem(exportId, true),
  async run(_input, { caller, ahead }) {
    const item = await readFindingExportAs(caller, ahead);
    return {
      exportId: item.exportId,
      slug: item.slug,
      service: item.service,
      format: item.format,
      status: item.status,
      scanned: item.scanned,
      written: item.written,
      limit: item.limit,
      truncated: item.truncated,
      fileName: item.fileName,
      bytes: item.bytes,
      createdAt: item.createdAt,
      startedAt: item.startedAt,
      finishedAt: item.finishedAt,
      error: item.error,
      downloadUrl: item.downloadUrl,
    };
  },
});

// How the bench starts an import. The import benchmarks time an import from its start to status 'done'; a
// driver puts the file where the import reads it (untimed) and then starts it and waits for the end.
//   - in process: the file is put into the uploads bucket with the SDK, the import recorded 'uploading' in the
//     table, and runScanImport (the import function's work) called in this process;
//   - through the calls: createScanImport, the file sent with its presigned POST to the stack's origin as a
//     browser sends it, then (timed) startScanImport and getScanImport every 100 ms until the import has ended:
//     the queue and the import function run it as they would on AWS. Calls go through the Lambda handler in
//     this process (event in, result out), as the bench's other call measurements do.
// Import only after startLocalStack has set the environment.
import { createReadStream, openAsBlob, statSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ServiceName } from '../lambdas/kernel/access/rules.js';
import { readConfig } from '../lambdas/kernel/config.js';
import {
  getScanImport,
  putNewScanImport,
  type StoredScanImport,
} from '../lambdas/kernel/data/entities/scan-imports.js';
import { runScanImport } from '../lambdas/kernel/findings/import-run.js';
import { uploadsPrefix } from '../lambdas/kernel/findings/scan-imports.js';
import { uploadsBucket } from '../lambdas/kernel/findings/uploads.js';
import { createCompanyAs } from '../lambdas/kernel/companies/company-admin.js';
import { AlreadyExistsError } from '../lambdas/kernel/errors.js';
import { invokeDirectly } from './bench-calls.js';

export interface PreparedImport {
  importId: string;
}

export interface ImportDriver {
  /** Puts the file where the import reads it and records the import ('uploading'); not timed. */
  prepare(options: { slug: string; service: ServiceName; file: string }): Promise<PreparedImport>;
  /** Starts the import and waits until it ends; seconds from the start to the end. */
  run(prepared: PreparedImport): Promise<{ seconds: number; scan: StoredScanImport }>;
}

export function inProcessImports(): ImportDriver {
  // A streamed body is sent as is (no aws-chunked framing with a trailing checksum, which s3rver would store).
  const s3 = new S3Client({
    forcePathStyle: readConfig().S3_FORCE_PATH_STYLE,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  let imports = 0;
  return {
    async prepare({ slug, service, file }) {
      imports += 1;
      const importId = `${Date.now().toString(36)}bench${String(imports).padStart(4, '0')}`;
      const objectKey = `${uploadsPrefix}${slug}/${service}/${importId}/0`;
      const contentLength = statSync(file).size;
      await s3.send(
        new PutObjectCommand({
          Bucket: uploadsBucket(),
          Key: objectKey,
          Body: createReadStream(file),
          ContentLength: contentLength,
        }),
      );
      await putNewScanImport({
        importId,
        slug,
        service,
        status: 'uploading',
        files: [{ name: file.split('/').pop()!, contentLength, objectKey }],
        createdAt: Date.now(),
        createdByUid: 'bench',
        createdByEmail: 'bench@example.com',
        progress: { bytesRead: 0, bytesTotal: contentLength, findingsWritten: 0 },
        version: 1,
      });
      return { importId };
    },
    async run({ importId }) {
      const started = performance.now();
      await runScanImport(importId);
      const seconds = (performance.now() - started) / 1000;
      const scan = await getScanImport(importId, true);
      if (!scan) throw new Error(`The import ${importId} disappeared`);
      return { seconds, scan };
    },
  };
}

/** The answer of a call invoked through the handler, or an error with its status and body. */
async function callResult<T>(name: string, data: unknown, claims: Record<string, string>, origin: string): Promise<T> {
  const answer = await invokeDirectly(name, data, claims, origin);
  const body = answer.body as { result: T };
  if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}: ${JSON.stringify(body)}`);
  return body.result;
}

export function importsThroughCalls(options: { appUrl: string; claims: Record<string, string> }): ImportDriver {
  const companies = new Set<string>();
  const call = <T>(name: string, data: unknown) => callResult<T>(name, data, options.claims, options.appUrl);
  return {
    async prepare({ slug, service, file }) {
      if (!companies.has(slug)) {
        try {
          await createCompanyAs(
            { uid: 'bench', email: 'bench@example.com' },
            { slug, companyName: `Bench ${slug}`, flags: { enableDast: true, enableViewResultsNetwork: true } },
          );
        } catch (error) {
          if (!(error instanceof AlreadyExistsError)) throw error;
        }
        companies.add(slug);
      }
      const name = path.basename(file);
      const created = await call<{ importId: string; uploads: Array<{ url: string; fields: Record<string, string> }> }>(
        'createScanImport',
        { slug, service, files: [{ name, contentLength: statSync(file).size }] },
      );
      const upload = created.uploads[0]!;
      const form = new FormData();
      for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
      form.append('file', await openAsBlob(file), name);
      const answer = await fetch(new URL(upload.url, options.appUrl), { method: 'POST', body: form });
      if (!answer.ok) throw new Error(`The upload answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
      return { importId: created.importId };
    },
    async run({ importId }) {
      const started = performance.now();
      await call('startScanImport', { importId });
      for (;;) {
        const { status } = await call<{ status: string }>('getScanImport', { importId });
        if (status === 'done' || status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const scan = await getScanImport(importId, true);
      if (!scan) throw new Error(`The import ${importId} disappeared`);
      return { seconds, scan };
    },
  };
}

// How the bench starts an import, end to end through the calls: createScanImport, the file sent with its
// presigned POST to the stack's origin as a browser sends it (/s3/, then the S3 emulator), and then, timed,
// startScanImport and getScanImport every 250 ms until the import has ended: the stack's FIFO queue stand-in
// hands the message to the import function's handler, which runs it as Lambda would. Calls go through the
// Lambda handler in this process (event in, result out), as the bench's other call measurements do; the
// stack, its queue and the import function run in this process too. Import only after startLocalStack has
// set the environment.
import { openAsBlob, statSync } from 'node:fs';
import path from 'node:path';
import type { ServiceName } from '../lambdas/kernel/access/rules.js';
import { getScanImport, type StoredScanImport } from '../lambdas/kernel/data/entities/scan-imports.js';
import { createCompanyAs } from '../lambdas/kernel/companies/company-admin.js';
import { AlreadyExistsError } from '../lambdas/kernel/errors.js';
import { invokeDirectly } from './bench-calls.js';

export interface PreparedImport {
  importId: string;
}

export interface ImportDriver {
  /** Records the import and uploads its file (status 'uploading'); not timed. */
  prepare(options: { slug: string; service: ServiceName; file: string }): Promise<PreparedImport>;
  /** Starts the import and waits until it ends; seconds from the start to the end. */
  run(prepared: PreparedImport): Promise<{ seconds: number; scan: StoredScanImport }>;
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
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seconds = (performance.now() - started) / 1000;
      const scan = await getScanImport(importId, true);
      if (!scan) throw new Error(`The import ${importId} disappeared`);
      return { seconds, scan };
    },
  };
}

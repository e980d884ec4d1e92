// Imports a scan file through the calls the web uses (createScanImport, the presigned upload, startScanImport)
// and waits until the import is done and the service report holds it.
import { expect, inject, vi } from 'vitest';
import { reportHoldsImport } from '../../lambdas/kernel/reports/service-reports.js';
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import type { signedInCaller } from './signed-in-call.js';

type Caller = ReturnType<typeof signedInCaller>;

export async function importScanAs(
  as: Caller,
  scan: { slug: string; service: ServiceName; name: string; body: string },
): Promise<any> {
  const { appUrl } = inject('localStack');
  const { slug, service, name, body } = scan;
  const created = await as('createScanImport', {
    slug,
    service,
    files: [{ name, contentLength: Buffer.byteLength(body) }],
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const { importId, uploads } = created.body.result;
  const form = new FormData();
  for (const [field, value] of Object.entries(uploads[0].fields as Record<string, string>)) form.append(field, value);
  form.append('file', new Blob([body]), name);
  expect((await fetch(new URL(uploads[0].url, appUrl), { method: 'POST', body: form })).status).toBeLessThan(300);
  expect((await as('startScanImport', { importId })).statusCode).toBe(200);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await as('getScanImport', { importId });
    if (answer.body.result.status === 'done') {
      // The report is counted once the import is done: wait until it holds this scan.
      await vi.waitFor(async () => expect(await reportHoldsImport(slug, service, importId)).toBe(true), {
        timeout: 30_000,
        interval: 100,
      });
      return answer.body.result;
    }
    expect(answer.body.result.status).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not end');
}

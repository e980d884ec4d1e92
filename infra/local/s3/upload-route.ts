// The local origin's `/s3/<bucket>`: browsers post presigned uploads here, on the page's own origin, as
// they post them to the bucket's regional address on AWS. s3rver accepts any POST, so this route makes
// S3's checks first (post-policy.ts) and only then hands the file to s3rver: the form is parsed as a
// stream (busboy), the policy is checked when the file part begins (every field S3 reads comes before
// it), the file goes to a temporary file on disk while its bytes are counted against
// content-length-range, and only a file that passed every check is put into the bucket. Nothing is
// stored for a refused upload, and no upload is held in memory. A presigned GET (a vault file, an export) is
// checked as S3 checks it and served with the link's response-* overrides, always as an inert download
// (storedFileHeaders): this route is on the app's origin, where a page could read the portal's tokens.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import busboy from 'busboy';
import { checkPostPolicy, type AcceptedPost, type PostPolicyCredentials } from './post-policy.js';
import { checkPresignedGet } from './presigned-get.js';
import { invalidArgument, S3Error, sendS3Error } from './s3-error.js';

export interface UploadRouteOptions {
  /** Where the route is mounted on the origin. @default '/s3' */
  basePath?: string;
  /** The buckets browsers may post to. */
  buckets: readonly string[];
  /** The credentials presigned POSTs are signed with (the handlers' own), and the region. */
  credentials: PostPolicyCredentials;
  /** A client of the S3 emulator the accepted files are put into. */
  s3: S3Client;
  /**
   * The emulator's host as the handlers sign for it (`127.0.0.1:<port>`): presigned GETs sent here are checked
   * against it (presigned-get.ts), then served from the emulator.
   */
  signedHost: string;
  /** Files in transit are written here, then removed. */
  incomingDir: string;
  /** @default () => new Date() */
  now?: () => Date;
}

/**
 * On every stored file this route serves, whatever the link asks for: the file comes from the app's own origin
 * here (on AWS from the bucket's), so the browser must neither guess a type that runs (an HTML file posted as a
 * scan or a sealed vault file) nor give it the origin: a sandbox with nothing allowed has an opaque origin that
 * cannot read the portal's storage, even opened inline.
 */
export const storedFileHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
} as const;

// S3 limits a POST's form fields (without the file) to 20 KB.
const maxFieldBytes = 20 * 1024;

interface ReceivedFile {
  accepted: AcceptedPost;
  path: string;
  size: number;
  contentType: string;
  /** success_action_status, when the form asks for 200 or 201 instead of 204. */
  successStatus?: string;
}

export function createUploadRoute(options: UploadRouteOptions) {
  const basePath = options.basePath ?? '/s3';
  const now = options.now ?? (() => new Date());

  return async function uploadRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const rest = pathname.slice(basePath.length).replace(/^\//, '');
    const slash = rest.indexOf('/');
    // A POST names the bucket alone; a presigned GET the bucket, then the object's key.
    const bucket = slash === -1 ? rest : rest.slice(0, slash);
    const hasKey = slash !== -1 && slash < rest.length - 1;
    if (!options.buckets.includes(bucket)) {
      return drainAndAnswer(req, res, new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist'));
    }
    if (req.method === 'GET' && hasKey) {
      return serveSignedGet(req, res, bucket, pathname.slice(basePath.length));
    }
    if (req.method !== 'POST' || hasKey) {
      return drainAndAnswer(
        req,
        res,
        new S3Error(405, 'MethodNotAllowed', 'The local origin takes only presigned POST uploads and GETs here.'),
      );
    }
    let received: ReceivedFile;
    try {
      received = await receiveForm(req, bucket);
    } catch (error) {
      if (error instanceof S3Error) return sendS3Error(res, error);
      throw error;
    }
    let etag: string;
    try {
      const put = await options.s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: received.accepted.key,
          Body: createReadStream(received.path),
          ContentLength: received.size,
          ContentType: received.contentType,
        }),
      );
      etag = put.ETag ?? '';
    } finally {
      // Gone before the answer: once the client hears back, nothing of the upload is left on disk.
      await rm(received.path, { force: true });
    }
    answerStored(req, res, bucket, received, etag);
  };

  /** A presigned GET of one object: checked as S3 checks it, then streamed from the emulator. */
  async function serveSignedGet(req: IncomingMessage, res: ServerResponse, bucket: string, signedPath: string) {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const key = signedPath
      .slice(bucket.length + 2)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
    try {
      await checkPresignedGet({
        signedPath,
        query,
        signedHost: options.signedHost,
        credentials: options.credentials,
        now: now(),
      });
      // The link's response-* parameters, which S3 honours on a signed GET (they are part of the signature).
      const override = (name: string) => query.get(`response-${name}`) ?? undefined;
      const object = await options.s3.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: override('content-disposition'),
          ResponseContentType: override('content-type'),
          ResponseContentLanguage: override('content-language'),
          ResponseCacheControl: override('cache-control'),
        }),
      );
      res.writeHead(200, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
        ...(object.ContentDisposition ? { 'content-disposition': object.ContentDisposition } : {}),
        ...(object.ContentLanguage ? { 'content-language': object.ContentLanguage } : {}),
        ...(object.ETag ? { etag: object.ETag } : {}),
        'cache-control': object.CacheControl ?? 'no-store',
        ...storedFileHeaders,
      });
      await pipeline(object.Body as Readable, res);
    } catch (error) {
      if (error instanceof S3Error) return sendS3Error(res, error);
      if ((error as { name?: string }).name === 'NoSuchKey') {
        return sendS3Error(res, new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key }));
      }
      throw error;
    }
  }

  /** Parses the form, checks the policy and the size; resolves with the file on disk, or rejects with S3's error. */
  async function receiveForm(req: IncomingMessage, bucket: string): Promise<ReceivedFile> {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fieldSize: maxFieldBytes, fields: 100, parts: 101 } });
    } catch {
      req.resume();
      throw invalidArgument('POST requires multipart/form-data.');
    }
    const fields = new Map<string, string>();
    let refusal: S3Error | undefined;
    let file: Promise<ReceivedFile> | undefined;
    await mkdir(options.incomingDir, { recursive: true });

    parser.on('field', (name, value, info) => {
      if (file || refusal) return; // S3 ignores what follows the file
      if (info.valueTruncated) refusal = invalidArgument('Your POST form fields exceed the maximum allowed size.');
      const lower = name.toLowerCase();
      if (!fields.has(lower)) fields.set(lower, value);
    });
    parser.on('file', (name, stream, info) => {
      if (file || refusal || name.toLowerCase() !== 'file') {
        refusal ??= invalidArgument('POST requires exactly one file upload per request.');
        stream.resume();
        return;
      }
      try {
        const accepted = checkPostPolicy({
          bucket,
          fields,
          filename: info.filename ?? '',
          credentials: options.credentials,
          now: now(),
        });
        if (fields.has('success_action_redirect') || fields.has('redirect')) {
          throw new S3Error(501, 'NotImplemented', 'The local origin does not follow success_action_redirect.');
        }
        const contentType = fields.get('content-type') ?? info.mimeType;
        const successStatus = fields.get('success_action_status');
        file = writeCounted(stream, accepted).then((written) => ({ accepted, contentType, successStatus, ...written }));
        // Settled with the form below; a failure must not count as unhandled meanwhile.
        file.catch(() => undefined);
      } catch (error) {
        refusal = error instanceof S3Error ? error : invalidArgument('The POST could not be read.');
        stream.resume();
      }
    });

    const formRead = new Promise<void>((resolve, reject) => {
      parser.once('close', resolve);
      parser.once('error', () => {
        req.unpipe(parser);
        req.resume();
        reject(
          new S3Error(
            400,
            'MalformedPOSTRequest',
            'The body of your POST request is not well-formed multipart/form-data.',
          ),
        );
      });
    });
    // A client that goes away mid-upload: the parser fails the file stream, which removes what was written.
    req.once('close', () => {
      if (!req.complete) parser.destroy(new Error('The upload was interrupted'));
    });
    req.pipe(parser);
    try {
      await formRead;
    } catch (error) {
      if (file) await file.then((written) => rm(written.path, { force: true })).catch(() => undefined);
      throw error;
    }
    if (refusal) {
      if (file) await file.then((written) => rm(written.path, { force: true })).catch(() => undefined);
      throw refusal;
    }
    if (!file) throw invalidArgument('POST requires exactly one file upload per request.');
    return file;
  }

  /** Streams the file part to disk, counting its bytes; beyond the allowed size it stops writing and drains. */
  function writeCounted(stream: Readable, accepted: AcceptedPost): Promise<{ path: string; size: number }> {
    const filePath = path.join(options.incomingDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    const { min, max } = accepted.sizeRange;
    return new Promise((resolve, reject) => {
      let size = 0;
      let writer: WriteStream | undefined = createWriteStream(filePath, { mode: 0o600 });
      let failure: Error | undefined;
      writer.on('error', (error) => {
        failure ??= error;
        stream.resume();
      });
      stream.once('error', (error) => {
        writer?.destroy();
        writer = undefined;
        rm(filePath, { force: true }).then(
          () => reject(error),
          () => reject(error),
        );
      });
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!writer) return; // over the limit: the rest is read and dropped
        if (size > max) {
          // A write of an earlier chunk may still be in flight: destroying the file stream fails it with
          // ERR_STREAM_DESTROYED, which is our own doing, not a failure of the upload (counting it as one
          // left the request unanswered). Its errors are dropped from here on; the file is removed at the end.
          const dropped = writer;
          writer = undefined;
          dropped.removeAllListeners('error');
          dropped.removeAllListeners('drain');
          dropped.on('error', () => undefined);
          dropped.destroy();
          return;
        }
        if (!writer.write(chunk)) {
          stream.pause();
          writer.once('drain', () => stream.resume());
        }
      });
      stream.once('end', () => {
        const finish = async () => {
          if (writer) await new Promise<void>((done) => writer?.end(done));
          const tooLarge = size > max;
          if (failure || tooLarge || size < min) {
            await rm(filePath, { force: true });
            if (failure) throw failure;
            throw tooLarge
              ? new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
                  ProposedSize: size,
                  MaxSizeAllowed: max,
                })
              : new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
                  ProposedSize: size,
                  MinSizeAllowed: min,
                });
          }
          return { path: filePath, size };
        };
        finish().then(resolve, reject);
      });
    });
  }
}

/** S3's answers to an accepted POST: 204 by default, or what success_action_status asks for. */
function answerStored(req: IncomingMessage, res: ServerResponse, bucket: string, file: ReceivedFile, etag: string) {
  const location = new URL(
    `${bucket}/${file.accepted.key.split('/').map(encodeURIComponent).join('/')}`,
    `http://${req.headers.host ?? '127.0.0.1'}/s3/`,
  ).href;
  const headers = { etag, location, 'cache-control': 'no-store' };
  const status = ['200', '201'].find((allowed) => allowed === file.successStatus) ?? '204';
  if (status === '201') {
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<PostResponse><Location>${escape(location)}</Location><Bucket>${escape(bucket)}</Bucket>` +
      `<Key>${escape(file.accepted.key)}</Key><ETag>${escape(etag)}</ETag></PostResponse>`;
    res.writeHead(201, { ...headers, 'content-type': 'application/xml' });
    res.end(body);
    return;
  }
  res.writeHead(Number(status), headers);
  res.end();
}

function escape(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Answers without reading the body into memory: what was sent is read and dropped first. */
function drainAndAnswer(req: IncomingMessage, res: ServerResponse, error: S3Error): void {
  req.resume();
  req.once('end', () => sendS3Error(res, error));
}

// S3 for the one-machine stack: s3rver (npm, an S3 API over the file system) behind a front on 127.0.0.1 that
// lets through only requests signed with the local credentials (signed-request.ts), objects kept under a folder
// so they survive restarts, the buckets created at start. Handlers reach it through AWS_ENDPOINT_URL_S3 with
// path-style addresses; browsers never do (they go through the origin's /s3/, upload-route.ts). s3rver checks no
// SigV4 signature (it answers unsigned requests, listings included, and takes any signature of a known key), so
// it gets no port of its own: the front hands it each checked request in-process.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { checkSignedRequest } from './signed-request.js';
import { S3Error, sendS3Error } from './s3-error.js';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  /** Creates the configured buckets that are missing (what run() does before it listens). */
  configureBuckets(): Promise<void>;
  /** The Koa app as a request listener. */
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  logger: { close(): void; exceptions: { unhandle(): void } };
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = require('s3rver') as S3rverConstructor;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};

export interface S3EmulatorOptions {
  port: number;
  /** Buckets and objects live here. */
  dataDir: string;
  /** Created at start when missing. */
  buckets: readonly string[];
  /** The access key the handlers sign with; requests signed otherwise are refused. */
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3Emulator {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_S3. */
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3Emulator(options: S3EmulatorOptions): Promise<S3Emulator> {
  mkdirSync(options.dataDir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(options.accessKeyId, options.secretAccessKey);
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.dataDir,
    silent: true,
    // 127.0.0.1:<port>/<bucket>/<key> only; no bucket is read from the Host header.
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  await s3rver.configureBuckets();
  const handOver = s3rver.callback();
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const server: Server = createServer((req, res) => {
    checkSignedRequest(req, credentials, new Date()).then(
      () => handOver(req, res),
      (error: unknown) => {
        // What was sent is read and dropped, then S3's refusal; an unexpected failure is no answer of s3rver's.
        const refusal =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error.');
        req.resume();
        if (req.complete) sendS3Error(res, refusal);
        else req.once('end', () => sendS3Error(res, refusal));
      },
    );
  });
  // Node closes a keep-alive connection 5 s after it has handed a response's last bytes to the socket, even
  // while a slow reader (an import writing findings between reads) has not received them: the reader loses the
  // file's end ("other side closed"). S3 keeps sending while the reader reads; so does the emulator, up to the
  // import function's 15 minutes.
  server.keepAliveTimeout = 15 * 60 * 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          s3rver.logger.exceptions.unhandle();
          s3rver.logger.close();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

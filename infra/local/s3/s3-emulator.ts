// S3 for the one-machine stack: s3rver (npm, an S3 API over the file system) on 127.0.0.1, objects kept
// under a folder so they survive restarts, the buckets created at start. Handlers reach it through
// AWS_ENDPOINT_URL_S3 with path-style addresses; browsers never do (they post to the origin's /s3/,
// upload-route.ts). s3rver does not verify SigV4 signatures, but it refuses access keys it does not
// know: the handlers' local key is registered with its dummy account.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  /** Node's server under it, once running. */
  httpServer?: Server;
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
  /** The access key the handlers sign with. */
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Emulator {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_S3. */
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3Emulator(options: S3EmulatorOptions): Promise<S3Emulator> {
  mkdirSync(options.dataDir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(options.accessKeyId, options.secretAccessKey);
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.dataDir,
    silent: true,
    // 127.0.0.1:<port>/<bucket>/<key> only; no bucket is read from the Host header.
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  // Node closes a keep-alive connection 5 s after it has handed a response's last bytes to the socket, even
  // while a slow reader (an import writing findings between reads) has not received them: the reader loses the
  // file's end ("other side closed"). S3 keeps sending while the reader reads; so does the emulator, up to the
  // import function's 15 minutes.
  if (server.httpServer) server.httpServer.keepAliveTimeout = 15 * 60 * 1000;
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

// The uploads bucket of the bench's imports: an s3rver (npm, an S3 API over the file system) of the bench's
// own on 127.0.0.1, until the local stack has an S3 stand-in of its own. Its settings go into the stack's
// settings (the handlers' S3 client reads them from the environment); s3rver knows one access key, S3RVER.
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../tests/support/free-port.js';

const require = createRequire(import.meta.url);
interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

export async function startUploadsBucket(
  dataDir: string,
): Promise<{ settings: Record<string, string>; stop(): Promise<void> }> {
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: path.join(dataDir, 's3'),
    silent: true,
    configureBuckets: [{ name: 'bench-uploads' }],
  });
  await server.run();
  return {
    settings: {
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      UPLOADS_BUCKET: 'bench-uploads',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: () => server.close(),
  };
}

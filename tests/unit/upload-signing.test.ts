// The uploads' presigned POST is written on the SDK's signer, not @aws-sdk/client-s3 (bundle size): it must
// produce exactly the form @aws-sdk/s3-presigned-post produces for the same bucket, key, conditions, time and
// credentials, with and without a session token (a Lambda role's credentials carry one).
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presignPost } from '../../lambdas/kernel/findings/uploads.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';

const now = new Date('2026-11-23T10:11:12.345Z');
const conditions = [
  ['content-length-range', 1234, 1234],
  ['eq', '$x-amz-server-side-encryption', 'AES256'],
];
const fields = { 'x-amz-server-side-encryption': 'AES256' };
const key = 'uploads/acme/dast/abc123/0';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigCache();
});

describe('presigned POST', () => {
  for (const sessionToken of [undefined, 'FwoGZXIvYXdzEBYaD-session-token']) {
    it(`equals @aws-sdk/s3-presigned-post's ${sessionToken ? 'with' : 'without'} a session token`, async () => {
      vi.useFakeTimers({ now, toFake: ['Date'] });
      const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/EXAMPLE+key', sessionToken };
      vi.stubEnv('S3_FORCE_PATH_STYLE', '');
      vi.stubEnv('AWS_REGION', 'eu-west-1');
      resetConfigCache();
      const client = new S3Client({ region: 'eu-west-1', credentials });
      const expected = await createPresignedPost(client, {
        Bucket: 'portal-uploads',
        Key: key,
        Conditions: conditions as never,
        Fields: fields,
        Expires: 3600,
      });
      const actual = await presignPost({
        bucket: 'portal-uploads',
        key,
        conditions,
        fields,
        expiresSeconds: 3600,
        now: new Date(),
        credentials,
        region: 'eu-west-1',
      });
      expect(actual).toEqual(expected);
      expect(actual.url).toBe('https://portal-uploads.s3.eu-west-1.amazonaws.com/');
    });
  }

  it('posts path style to an S3 emulator on a port of its own', async () => {
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:8006');
    resetConfigCache();
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    const client = new S3Client({
      region: 'eu-west-1',
      credentials,
      forcePathStyle: true,
      endpoint: 'http://127.0.0.1:8006',
    });
    const expected = await createPresignedPost(client, { Bucket: 'portal-uploads', Key: key, Expires: 60 });
    const actual = await presignPost({
      bucket: 'portal-uploads',
      key,
      conditions: [],
      fields: {},
      expiresSeconds: 60,
      credentials,
      region: 'eu-west-1',
    });
    expect(actual.url).toBe(expected.url);
    expect(actual.url).toBe('http://127.0.0.1:8006/portal-uploads');
  });
});

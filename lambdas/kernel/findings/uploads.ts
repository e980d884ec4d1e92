// The uploads bucket: presigned POSTs for the browser (the policy enforces the size and the key, and asks
// for server-side encryption), and the object streams the import reads. Locally the same code talks to the
// S3 emulator of `npm start`; only the endpoint (AWS_ENDPOINT_URL_S3) and UPLOADS_POST_URL differ.
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Readable } from 'node:stream';
import { readConfig } from '../config.js';

let client: S3Client | undefined;
function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: readConfig().S3_FORCE_PATH_STYLE });
  return client;
}

export function uploadsBucket(): string {
  const bucket = readConfig().UPLOADS_BUCKET;
  if (!bucket) throw new Error('UPLOADS_BUCKET is not configured');
  return bucket;
}

/** How long a presigned upload stays valid. */
export const uploadWindowSeconds = 3600;

export async function presignUpload(
  objectKey: string,
  contentLength: number,
): Promise<{ url: string; fields: Record<string, string> }> {
  const bucket = uploadsBucket();
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucket,
    Key: objectKey,
    // The browser must send exactly the size it announced, so progress and limits are true.
    Conditions: [
      ['content-length-range', contentLength, contentLength],
      ['eq', '$x-amz-server-side-encryption', 'AES256'],
    ],
    Fields: { 'x-amz-server-side-encryption': 'AES256' },
    Expires: uploadWindowSeconds,
  });
  const postUrl = readConfig().UPLOADS_POST_URL;
  return { url: postUrl ?? url, fields };
}

/** The stored size, or undefined when nothing was uploaded under the key. */
export async function uploadedSize(objectKey: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: uploadsBucket(), Key: objectKey }));
    return head.ContentLength;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** The uploaded file as a stream of bytes (never read whole into memory). */
export async function openUpload(objectKey: string): Promise<Readable> {
  const object = await s3().send(new GetObjectCommand({ Bucket: uploadsBucket(), Key: objectKey }));
  return object.Body as Readable;
}

// Export files in the uploads bucket, under `exports/<company>/<service>/<exportId>.<ext>` (the bucket's
// lifecycle rule removes them after 7 days; browsers can never post there, the upload policy fixes the key).
// Written with one signed PUT and fetched by the browser through a presigned GET valid for a few minutes (a
// download, never a page: uploads.ts presignDownload), both on the SDK's signer like uploads.ts (no S3 client
// in the bundles).
import { objectUrl, presignDownload, s3Signer, uploadsBucket } from '../findings/uploads.js';

/** How long a download link works once getFindingExport hands it out. */
export const downloadLinkSeconds = 300;

export const exportObjectKey = (slug: string, service: string, exportId: string, extension: string) =>
  `exports/${slug}/${service}/${exportId}.${extension}`;

/** Writes the file (a retry writes the same key again). */
export async function putExportObject(objectKey: string, body: Uint8Array, contentType: string): Promise<void> {
  const url = objectUrl(uploadsBucket(), objectKey);
  const signed = await s3Signer().sign({
    method: 'PUT',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: {
      host: url.host,
      'content-type': contentType,
      'content-length': String(body.byteLength),
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      'x-amz-server-side-encryption': 'AES256',
    },
  });
  const answer = await fetch(url, {
    method: 'PUT',
    headers: signed.headers,
    body: new Blob([body as Uint8Array<ArrayBuffer>]),
  });
  await answer.body?.cancel();
  if (!answer.ok) throw new Error(`S3 answered PUT with ${answer.status}`);
}

/** A GET of the file that works for `downloadLinkSeconds`, saving it under `fileName`. */
export function presignExportDownload(objectKey: string, fileName: string): Promise<string> {
  return presignDownload(objectKey, { fileName, expiresSeconds: downloadLinkSeconds });
}

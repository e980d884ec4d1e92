// Sends one file with the presigned POST createScanImport answered: every field of the policy first and
// the file last (S3 ignores fields after the file), through XMLHttpRequest, whose upload events tell the
// bytes sent (fetch has none). S3 answers 204; a refusal is an XML document with a Message.

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** The POST's body: the policy's fields in their order, then the file. */
export function uploadFormData(fields: Record<string, string>, file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, fileName);
  return form;
}

/** The Message of an S3 error document, as text. */
export function storageErrorMessage(body: string): string | undefined {
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(body)?.[1]?.trim();
  if (!message) return undefined;
  return message
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** Uploads `file`; `onProgress` gets the file's bytes sent so far. Rejects with an UploadError that says why. */
export function uploadFile(
  upload: PresignedUpload,
  file: File,
  onProgress: (bytesSent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.onprogress = (event) => {
      // The body holds the policy's fields too: the file's share of what was sent.
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(file.size, Math.round((event.loaded / event.total) * file.size)));
      }
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(file.size);
        resolve();
        return;
      }
      const reason = storageErrorMessage(request.responseText ?? '');
      reject(
        new UploadError(
          `The file storage refused ${file.name} (HTTP ${request.status})${reason ? `: ${reason}` : '.'}`,
        ),
      );
    };
    request.onerror = () =>
      reject(new UploadError(`${file.name} could not be sent: the connection failed. Check it and import again.`));
    request.onabort = () => reject(new UploadError(`The upload of ${file.name} was stopped.`));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(uploadFormData(upload.fields, file, file.name));
  });
}

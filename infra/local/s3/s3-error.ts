// S3's error answer: an HTTP status and an XML document with a code and a message (and, for some codes,
// extra elements such as the proposed and allowed sizes), as the AWS SDK and browsers receive it from S3.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = code;
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[char] ?? char);
}

export function errorXml(error: S3Error, requestId: string): string {
  const details = Object.entries(error.details)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>${details}` +
    `<RequestId>${requestId}</RequestId><HostId>local</HostId></Error>`
  );
}

export function sendS3Error(res: ServerResponse, error: S3Error): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const body = errorXml(error, requestId);
  res.writeHead(error.status, {
    'content-type': 'application/xml',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-amz-request-id': requestId,
  });
  res.end(body);
}

export const accessDenied = (message: string) => new S3Error(403, 'AccessDenied', message);
export const invalidArgument = (message: string) => new S3Error(400, 'InvalidArgument', message);

// S3's checks of a presigned GET (query-string SigV4), for the local origin's /s3/: the handlers sign the URL
// for the S3 emulator's own address (AWS_ENDPOINT_URL_S3, path style), the browser sends it to the origin's
// /s3/ instead (UPLOADS_BROWSER_URL), and this module recomputes the signature for the emulator's host with the
// same signer and credentials, so a link that is expired, altered or signed with another key is refused as S3
// refuses it. s3rver itself does not check signatures.
import { timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../../lambdas/kernel/findings/uploads.js';
import type { PostPolicyCredentials } from './post-policy.js';
import { accessDenied, invalidArgument, S3Error } from './s3-error.js';

export interface PresignedGetRequest {
  /** A presigned URL reads: GET, or HEAD. @default 'GET' */
  method?: 'GET' | 'HEAD';
  /** The path as signed: `/<bucket>/<key, each segment URI-encoded>`. */
  signedPath: string;
  /** The query as received (decoded names and values). */
  query: URLSearchParams;
  /** The host the handlers signed for (the emulator's `127.0.0.1:<port>`). */
  signedHost: string;
  credentials: PostPolicyCredentials;
  now: Date;
}

const signedParameters = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
] as const;

/** `20261125T203000Z` as a Date, or undefined. */
function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** Resolves when the request is a valid, unexpired presigned GET of these credentials; rejects with S3's error. */
export async function checkPresignedGet(request: PresignedGetRequest): Promise<void> {
  const { query } = request;
  for (const name of signedParameters) {
    if (!query.has(name)) {
      throw new S3Error(
        403,
        'AccessDenied',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
  }
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
    throw invalidArgument('Only AWS4-HMAC-SHA256 is supported.');
  }
  const [accessKeyId, , region] = (query.get('X-Amz-Credential') ?? '').split('/');
  if (accessKeyId !== request.credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const signingDate = parseAmzDate(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!signingDate || !Number.isInteger(expires) || expires < 1 || expires > 604800) {
    throw invalidArgument('X-Amz-Date or X-Amz-Expires is malformed.');
  }
  if (request.now.valueOf() > signingDate.valueOf() + expires * 1000) {
    throw accessDenied('Request has expired');
  }
  const [hostname, port] = request.signedHost.split(':');
  const unsigned = Object.fromEntries(
    [...query.entries()].filter(([name]) => !(signedParameters as readonly string[]).includes(name)),
  );
  const signer = new SignatureV4({
    service: 's3',
    region: region ?? request.credentials.region,
    credentials: request.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const expected = await signer.presign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: hostname ?? '127.0.0.1',
      port: port ? Number(port) : undefined,
      path: request.signedPath,
      query: unsigned,
      headers: { host: request.signedHost },
    },
    { signingDate, expiresIn: expires },
  );
  const want = Buffer.from(String(expected.query?.['X-Amz-Signature'] ?? ''), 'utf8');
  const got = Buffer.from(query.get('X-Amz-Signature') ?? '', 'utf8');
  if (want.length !== got.length || !timingSafeEqual(want, got)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

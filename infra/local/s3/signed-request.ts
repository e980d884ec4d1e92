// S3's authentication of a request to the S3 emulator's own port: SigV4 in the Authorization header (what the
// handlers' signer and the AWS SDK send) or in the query (a presigned URL), recomputed with the local credentials
// and compared in constant time. s3rver checks neither (it only looks the access key up), so without this anyone
// on the machine could list and read every company's files; the emulator's front (s3-emulator.ts) answers
// anything that fails here with S3's error and never hands it to s3rver. The payload is not hashed: the
// x-amz-content-sha256 the client signed is taken as it says, which a forger cannot change without the secret.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../../lambdas/kernel/findings/uploads.js';
import type { PostPolicyCredentials } from './post-policy.js';
import { checkPresignedGet } from './presigned-get.js';
import { accessDenied, invalidArgument, S3Error } from './s3-error.js';

/** S3 refuses a header-signed request whose x-amz-date is further than this from its clock. */
const maxSkewMs = 15 * 60 * 1000;

const signatureMismatch = () =>
  new S3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/** `20261125T203000Z` as a Date, or undefined. */
function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** The query as the signer reads it: names and values decoded (RFC 3986, so '+' is a plus), repeated names kept. */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of search.split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const name = decodeURIComponent(equals === -1 ? part : part.slice(0, equals));
    const value = equals === -1 ? '' : decodeURIComponent(part.slice(equals + 1));
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** Resolves when the request carries a valid SigV4 signature of these credentials; rejects with S3's error. */
export async function checkSignedRequest(
  req: IncomingMessage,
  credentials: PostPolicyCredentials,
  now: Date,
): Promise<void> {
  const target = req.url ?? '/';
  const questionMark = target.indexOf('?');
  const path = questionMark === -1 ? target : target.slice(0, questionMark);
  const search = questionMark === -1 ? '' : target.slice(questionMark + 1);
  const host = req.headers.host ?? '';
  let query: Record<string, string | string[]>;
  try {
    query = parseQuery(search);
  } catch {
    throw invalidArgument('The query string is not well-formed.');
  }

  const authorization = req.headers.authorization;
  if (authorization === undefined) {
    if (!('X-Amz-Signature' in query)) {
      throw accessDenied('Access Denied: the S3 emulator answers signed requests only.');
    }
    const method = req.method === 'HEAD' ? 'HEAD' : req.method === 'GET' ? 'GET' : undefined;
    if (!method) throw accessDenied('Access Denied: a presigned URL here may only read.');
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
    }
    return checkPresignedGet({ method, signedPath: path, query: params, signedHost: host, credentials, now });
  }

  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    authorization.trim(),
  );
  if (!match) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [, credential = '', signedHeaderList = '', signature = ''] = match;
  const [accessKeyId, scopeDate, region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!scopeDate || !region || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `Invalid credential scope: '${credential}'.`);
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signingDate = parseAmzDate(amzDate);
  if (!signingDate || amzDate.slice(0, 8) !== scopeDate) {
    throw accessDenied('AWS authentication requires a valid x-amz-date header on the date of the credential scope.');
  }
  if (Math.abs(now.valueOf() - signingDate.valueOf()) > maxSkewMs) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) throw signatureMismatch();
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = req.headers[name];
    if (value === undefined) throw signatureMismatch();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [hostname, port] = host.split(':');
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const expected = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: hostname ?? '127.0.0.1',
      port: port ? Number(port) : undefined,
      path,
      query,
      headers,
    },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const want = Buffer.from(/Signature=([0-9a-f]+)/.exec(String(expected.headers.authorization))?.[1] ?? '', 'utf8');
  const got = Buffer.from(signature, 'utf8');
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw signatureMismatch();
}

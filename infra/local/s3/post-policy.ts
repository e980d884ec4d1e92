// The checks S3 makes on a browser's presigned POST before it stores anything: the SigV4 signature of the
// base64 policy (with the secret key of the credential named in the form), the credential scope, the
// policy's expiration, every condition of the policy against the form's fields, and no field the policy
// does not cover. The file's size is the one condition left for the caller, who sees the bytes stream by
// (content-length-range, returned here). s3rver checks none of this, so the local origin does, here.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { accessDenied, invalidArgument, S3Error } from './s3-error.js';

export interface PostPolicyCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PostPolicyRequest {
  /** The bucket the form was posted to (the request's path). */
  bucket: string;
  /** The form's fields before the file, names in lower case, each with its first value. */
  fields: ReadonlyMap<string, string>;
  /** The file part's name, for `${filename}` in the key. */
  filename: string;
  credentials: PostPolicyCredentials;
  now: Date;
}

export interface AcceptedPost {
  /** The object key, `${filename}` replaced. */
  key: string;
  /** The allowed file size in bytes, both ends included. */
  sizeRange: { min: number; max: number };
}

/** S3 takes at most 5 GB in one POST. */
export const maxPostObjectBytes = 5 * 1024 ** 3;

/** Fields every form may carry without a condition (S3's documented exceptions). */
function exemptFromPolicy(name: string): boolean {
  return name === 'x-amz-signature' || name === 'file' || name === 'policy' || name.startsWith('x-ignore-');
}

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; value: string; text: string }
  | { kind: 'content-length-range'; min: number; max: number };

const invalidPolicy = (message: string) => new S3Error(400, 'InvalidPolicyDocument', `Invalid Policy: ${message}`);

function parseConditions(conditions: unknown): Condition[] {
  if (!Array.isArray(conditions)) throw invalidPolicy('Policy missing conditions.');
  return conditions.flatMap((condition): Condition[] => {
    if (Array.isArray(condition)) {
      const [operator, field, value] = condition as unknown[];
      const kind = typeof operator === 'string' ? operator.toLowerCase() : '';
      if (kind === 'content-length-range') {
        const [min, max] = [Number(field), Number(value)];
        if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
          throw invalidPolicy(`Invalid content-length-range: ${JSON.stringify(condition)}`);
        }
        return [{ kind, min, max }];
      }
      if ((kind === 'eq' || kind === 'starts-with') && typeof field === 'string' && typeof value === 'string') {
        if (!field.startsWith('$')) throw invalidPolicy(`Invalid Condition: ${JSON.stringify(condition)}`);
        return [{ kind, field: field.slice(1).toLowerCase(), value, text: JSON.stringify(condition) }];
      }
      throw invalidPolicy(`Invalid Condition: ${JSON.stringify(condition)}`);
    }
    if (condition && typeof condition === 'object') {
      return Object.entries(condition as Record<string, unknown>).map(([field, value]) => {
        if (typeof value !== 'string') throw invalidPolicy(`Invalid Condition: ${JSON.stringify(condition)}`);
        return { kind: 'eq', field: field.toLowerCase(), value, text: JSON.stringify(['eq', `$${field}`, value]) };
      });
    }
    throw invalidPolicy(`Invalid Condition: ${JSON.stringify(condition)}`);
  });
}

function required(fields: ReadonlyMap<string, string>, name: string): string {
  const value = fields.get(name);
  if (value === undefined || value === '') {
    throw invalidArgument(
      `Bucket POST must contain a field named '${name}'. If it is specified, please check the order of the fields.`,
    );
  }
  return value;
}

function signingKey(secretAccessKey: string, date: string, region: string): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request');
}

function sameHex(provided: string, expected: string): boolean {
  const a = Buffer.from(provided.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws the S3Error S3 would answer with, or returns the key and the allowed size. */
export function checkPostPolicy(request: PostPolicyRequest): AcceptedPost {
  const { fields, credentials } = request;
  const policyText = required(fields, 'policy');
  const algorithm = required(fields, 'x-amz-algorithm');
  const credential = required(fields, 'x-amz-credential');
  const amzDate = required(fields, 'x-amz-date');
  const signature = required(fields, 'x-amz-signature');
  const rawKey = required(fields, 'key');

  if (algorithm !== 'AWS4-HMAC-SHA256') {
    throw invalidArgument(`Unsupported x-amz-algorithm '${algorithm}': only AWS4-HMAC-SHA256 is accepted.`);
  }
  const [accessKeyId, scopeDate, scopeRegion, scopeService, terminator, ...rest] = credential.split('/');
  if (!scopeDate || !scopeRegion || scopeService !== 's3' || terminator !== 'aws4_request' || rest.length > 0) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', `Invalid credential scope: '${credential}'.`);
  }
  if (accessKeyId !== credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: accessKeyId ?? '',
    });
  }
  if (scopeRegion !== credentials.region) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      `Error parsing the X-Amz-Credential parameter; the region '${scopeRegion}' is wrong; expecting '${credentials.region}'`,
    );
  }
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== scopeDate) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\" and on the date of the credential scope.",
    );
  }

  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, scopeDate, scopeRegion))
    .update(policyText)
    .digest('hex');
  if (!sameHex(signature, expected)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { AWSAccessKeyId: accessKeyId },
    );
  }

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw invalidPolicy('Invalid JSON.');
  }
  if (typeof policy.expiration !== 'string') throw invalidPolicy('Policy missing expiration.');
  const expiresAt = Date.parse(policy.expiration);
  if (Number.isNaN(expiresAt)) throw invalidPolicy(`Invalid 'expiration' value: '${policy.expiration}'`);
  const conditions = parseConditions(policy.conditions);
  if (expiresAt <= request.now.getTime()) throw accessDenied('Invalid according to Policy: Policy expired.');

  const key = rawKey.replaceAll('${filename}', request.filename);
  // The bucket is where the form was posted, whatever a field says; the key is the one that will be written.
  const valueOf = (field: string) =>
    field === 'bucket' ? request.bucket : field === 'key' ? key : (fields.get(field) ?? '');
  const sizeRange = { min: 0, max: maxPostObjectBytes };
  const covered = new Set<string>();
  for (const condition of conditions) {
    if (condition.kind === 'content-length-range') {
      sizeRange.min = Math.max(sizeRange.min, condition.min);
      sizeRange.max = Math.min(sizeRange.max, condition.max);
      continue;
    }
    covered.add(condition.field);
    const value = valueOf(condition.field);
    const holds = condition.kind === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!holds) throw accessDenied(`Invalid according to Policy: Policy Condition failed: ${condition.text}`);
  }
  const extra = [...fields.keys()].filter((name) => !exemptFromPolicy(name) && !covered.has(name));
  if (extra.length > 0) throw accessDenied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return { key, sizeRange };
}

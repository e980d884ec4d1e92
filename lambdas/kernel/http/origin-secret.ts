// The origin secret: a value CloudFront adds to every request it sends to the API, so a request carrying it came
// through the CDN (and its web ACL). Given directly (local stack, tests) or read once per cold start from Secrets
// Manager (AWS).
import { secretString } from '../aws/secret-value.js';
import { createHash, timingSafeEqual } from 'node:crypto';
import { readConfig } from '../config.js';
import { PermissionDeniedError } from '../errors.js';

// Keyed by where the secret comes from, so a changed configuration (tests) is not answered from the old one.
let loaded: { source: string; digest: Promise<Buffer> } | undefined;

const digestOf = (value: string) => createHash('sha256').update(value, 'utf8').digest();

async function loadSecret(secretArn: string): Promise<Buffer> {
  const answer = { SecretString: await secretString(secretArn) };
  if (!answer.SecretString || answer.SecretString.length < 32) {
    throw new Error('The origin secret is missing or shorter than 32 characters');
  }
  return digestOf(answer.SecretString);
}

function originSecretDigest(): Promise<Buffer> {
  const { ORIGIN_SECRET, ORIGIN_SECRET_ARN } = readConfig();
  const source = ORIGIN_SECRET ?? ORIGIN_SECRET_ARN;
  if (!source)
    return Promise.reject(new Error('Invalid configuration: ORIGIN_SECRET or ORIGIN_SECRET_ARN is required'));
  if (loaded?.source !== source) {
    const read = ORIGIN_SECRET ? Promise.resolve(digestOf(ORIGIN_SECRET)) : loadSecret(source);
    // A failed read is tried again by the next request rather than remembered.
    const digest = read.catch((error: unknown) => {
      if (loaded?.source === source) loaded = undefined;
      throw error;
    });
    loaded = { source, digest };
  }
  return loaded.digest;
}

/**
 * Whether a request's header value is the origin secret. Both sides are compared as SHA-256 digests, equal in
 * length whatever was sent, so neither the length nor the content of the secret shows in the time taken.
 */
export async function isOriginSecret(presented: string): Promise<boolean> {
  return timingSafeEqual(digestOf(presented), await originSecretDigest());
}

/**
 * Refuses, with PERMISSION_DENIED, a request that did not come through the CDN, when ORIGIN_SECRET_HEADER is
 * configured: the execute-api address is public, and a request sent to it directly would skip the web ACL's rules
 * and limits. Runs before anything else of a request. A secret that cannot be read refuses too (as an internal
 * error): an API that cannot tell would otherwise be open.
 */
export async function requireOriginSecret(headers: Readonly<Record<string, string | undefined>> | undefined) {
  const { ORIGIN_SECRET_HEADER } = readConfig();
  if (!ORIGIN_SECRET_HEADER) return;
  const presented = headers?.[ORIGIN_SECRET_HEADER];
  if (presented === undefined || !(await isOriginSecret(presented))) throw new PermissionDeniedError();
}

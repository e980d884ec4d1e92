// Authenticates a request made with a DAST API key (`Authorization: Bearer spdk_…`), for the DAST trigger, status
// and results endpoints. Checks in order: shape and CRC32 (a mistyped key is refused with no database request) ->
// HMAC of the key -> one conditional UpdateItem that finds the key by that HMAC and, in its condition, checks that
// it is not revoked or expired, that its company's enableDastTriggering is on (copied onto the key by the company
// update's transaction, so switching it off takes effect at once), the scope, and the per-key rate limit, while it
// counts the request and records the last use -> a constant-time compare of the stored hash.
//
// DynamoDB requests per verification: 1; 2 on the first use of a key in a new rate window (the window's count is
// started afresh by a second conditional write). Last use is thus exact, at no extra request.
//
// Rate limit: a fixed window per key, DAST_KEY_RATE_LIMIT requests (all scopes together, default 60) per
// DAST_KEY_RATE_WINDOW_SECONDS (default 60), counted on the key's item so it holds across every Lambda instance.
// Past it: RESOURCE_EXHAUSTED (HTTP 429) with Retry-After, the seconds until the window ends. Refused requests are
// not counted, so a revoked key is told it is revoked, not that it is busy.
//
// A real key refused (revoked, expired, its company's triggering off, a scope it lacks) is recorded as an event of
// the key (`dastKeyUseRefused`, one PutItem after the refusal is decided); a malformed or unknown key, or a key over
// its rate limit, is not: their sender could otherwise write events at will.
import { timingSafeEqual } from 'node:crypto';
import { readConfig } from '../config.js';
import { needsDastTriggering, recordKeyUse, type DastKeyItem, type DastScope } from '../data/entities/dast-keys.js';
import { PermissionDeniedError, ResourceExhaustedError, UnauthenticatedError } from '../errors.js';
import { recordEvent } from '../events/events.js';
import { dastKeyHash } from './dast-key-secret.js';
import { parseDastKey } from './key-format.js';

export interface VerifiedDastKey {
  companyId: string;
  keyId: string;
  allowedTargets: string[];
  /** The key's scopes: an endpoint may answer more to a key that holds more (results with dast:results:read). */
  scopes: DastScope[];
}

const invalidKey = () =>
  new UnauthenticatedError('The DAST API key is missing, malformed, unknown, expired or revoked.');

/** The key text of an `Authorization: Bearer <key>` header (the scheme is case-insensitive, RFC 9110). */
function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/** Equal hashes, compared in constant time (no early exit that would time how much of a guess was right). */
export function sameHash(presented: string, stored: string | undefined): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(presented, 'utf8'), Buffer.from(stored, 'utf8'));
}

/** Why a key that exists may not be used now, rate limit aside, in the order of the checks; undefined if it may. */
function unusable(key: DastKeyItem, keyId: string, scope: DastScope, now: number): Error | undefined {
  if (key.keyId !== keyId || key.revokedAt !== undefined || key.expiresAt <= now) return invalidKey();
  if (needsDastTriggering(scope) && key.triggeringEnabled !== true) {
    return new PermissionDeniedError('DAST triggering is turned off for this company.');
  }
  if (!key.scopes.includes(scope)) return new PermissionDeniedError(`This DAST API key lacks the scope ${scope}.`);
  return undefined;
}

function rateLimited(now: number, windowEndMs: number): ResourceExhaustedError {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEndMs - now) / 1000));
  return new ResourceExhaustedError(
    `Too many requests with this DAST API key; try again in ${retryAfterSeconds} seconds.`,
    retryAfterSeconds,
  );
}

export async function verifyDastKey(
  authorizationHeader: string | undefined,
  scope: DastScope,
): Promise<VerifiedDastKey> {
  const key = bearerKey(authorizationHeader);
  const parsed = key === undefined ? undefined : parseDastKey(key);
  if (!key || !parsed) throw invalidKey();
  const keyHash = await dastKeyHash(key);
  const { DAST_KEY_RATE_LIMIT, DAST_KEY_RATE_WINDOW_SECONDS } = readConfig();
  const now = Date.now();
  const windowMs = Math.max(1, DAST_KEY_RATE_WINDOW_SECONDS) * 1000;
  const rateWindow = Math.floor(now / windowMs);
  const windowEndMs = (rateWindow + 1) * windowMs;
  const use = { keyHash, scope, now, rateWindow, rateLimit: DAST_KEY_RATE_LIMIT };

  let outcome = await recordKeyUse({ ...use, startWindow: false });
  if (outcome.kind === 'refused' && outcome.key && outcome.key.rateWindow < rateWindow) {
    // The first use of the key in this window starts its count.
    outcome = await recordKeyUse({ ...use, startWindow: true });
    const raced = outcome.kind === 'refused' ? outcome.key : undefined;
    if (
      raced?.rateWindow === rateWindow &&
      raced.rateCount < DAST_KEY_RATE_LIMIT &&
      sameHash(keyHash, raced.keyHash) &&
      !unusable(raced, parsed.keyId, scope, now)
    ) {
      // Another request started the window between the two writes. Within the budget of two requests this one
      // goes uncounted: at a window's start, concurrent requests may exceed the limit by their number.
      outcome = { kind: 'allowed', key: raced };
    }
  }
  if (outcome.kind === 'refused') {
    if (!outcome.key || !sameHash(keyHash, outcome.key.keyHash)) throw invalidKey();
    const refusal = unusable(outcome.key, parsed.keyId, scope, now);
    if (!refusal) throw rateLimited(now, windowEndMs);
    if (outcome.key.keyId === parsed.keyId) {
      await recordEvent(
        { uid: `dast-key:${outcome.key.keyId}`, email: `DAST key ${outcome.key.keyId}` },
        {
          type: 'dastKeyUseRefused',
          summary: `Refused the DAST key ${outcome.key.keyId} (${scope}): ${refusal.message}`,
          subject: { company: { slug: outcome.key.slug } },
        },
        now,
      );
    }
    throw refusal;
  }
  const verified = outcome.key;
  if (!sameHash(keyHash, verified.keyHash) || verified.keyId !== parsed.keyId) throw invalidKey();
  return {
    companyId: verified.slug,
    keyId: verified.keyId,
    allowedTargets: verified.allowedTargets,
    scopes: verified.scopes,
  };
}

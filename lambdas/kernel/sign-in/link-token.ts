// Sign-in link tokens: 256 random bits, of which only a SHA-256 hash is ever stored.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { landingPathParameter } from './landing-path.js';

export function createLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The mail's code: eight random digits (sign-in-code.ts), leading zeros kept. */
export function createSignInCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * Only an HMAC of the code is stored, with the server secret and bound to its address: eight digits are
 * few enough that a plain hash of a leaked record would give the code away at once.
 */
export function hashSignInCode(secret: string, emailKey: string, code: string): string {
  return createHmac('sha256', secret).update(`code:${emailKey}:${code}`, 'utf8').digest('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Constant-time comparison of two hashes, so a guess learns nothing from how long the check took. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keys made from an e-mail or an address are HMACs with a server secret, never the value or a plain hash. */
export function keyFor(secret: string, purpose: 'email' | 'ip', value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`, 'utf8').digest('base64url');
}

/**
 * The link a user follows: the token rides in the fragment, which browsers never send to a server;
 * `landingPath` (checked by signInLinkTarget) is where the person lands once signed in.
 */
export function signInLinkUrl(origin: string, token: string, landingPath?: string): string {
  const query = landingPath === undefined ? '' : `?${landingPathParameter}=${encodeURIComponent(landingPath)}`;
  return `${origin}/auth/redirect${query}#signin=${token}`;
}

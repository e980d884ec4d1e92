// The DAST API key's text: `spdk_<keyId:12>_<secret:32><crc32:6>`, all base62. The prefix lets secret scanners
// (GitHub's, gitleaks) recognise a leaked key; the CRC32 of everything before it lets a scanner drop false matches
// offline and lets the server refuse a mistyped key before any database read, as GitHub's tokens do. The secret
// part carries 32 base62 characters, about 190 bits; the key id (about 71 bits) names the key in lists and logs.
import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const dastKeyPrefix = 'spdk_';
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const keyIdLength = 12;
const secretLength = 32;
const checksumLength = 6;

/** The whole key, anchored: what a secret scanner's rule would match (without the anchors). */
export const dastKeyPattern = /^spdk_([0-9A-Za-z]{12})_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += base62[randomInt(62)];
  return text;
}

/** A CRC32 written as 6 base62 digits (62^6 > 2^32), left-padded with zeros. */
export function checksumOf(body: string): string {
  let value = crc32(body);
  let digits = '';
  for (let index = 0; index < checksumLength; index += 1) {
    digits = base62[value % 62]! + digits;
    value = Math.floor(value / 62);
  }
  return digits;
}

export function newKeyId(): string {
  return randomBase62(keyIdLength);
}

/** A new key's text, for a key id (new or given); shown once, never stored. */
export function newDastKeyText(keyId = newKeyId()): { keyId: string; key: string } {
  const body = `${dastKeyPrefix}${keyId}_${randomBase62(secretLength)}`;
  return { keyId, key: `${body}${checksumOf(body)}` };
}

/**
 * The key id of a well-formed key whose checksum holds, or undefined: shape and CRC only, no secret involved,
 * so a mistyped or made-up key costs no database read.
 */
export function parseDastKey(text: string): { keyId: string } | undefined {
  const match = dastKeyPattern.exec(text);
  if (!match) return undefined;
  const [, keyId, secret, checksum] = match;
  if (checksumOf(`${dastKeyPrefix}${keyId}_${secret}`) !== checksum) return undefined;
  return { keyId: keyId! };
}

/** What lists show of a key: its id and the last four characters, enough to tell keys apart, useless to an attacker. */
export function keyHint(keyId: string, key: string): string {
  return `${dastKeyPrefix}${keyId}_…${key.slice(-4)}`;
}

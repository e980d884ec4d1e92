// The DAST key's text: prefix, base62 body, CRC32 checksum; a mistyped key fails the checksum.
import { describe, expect, it } from 'vitest';
import {
  checksumOf,
  dastKeyPattern,
  keyHint,
  newDastKeyText,
  parseDastKey,
} from '../../lambdas/kernel/dast-keys/key-format.js';

describe('DAST key format', () => {
  it('makes keys of the recognisable shape spdk_<id:12>_<secret:32><crc:6> whose checksum holds', () => {
    const { keyId, key } = newDastKeyText();
    expect(key).toMatch(dastKeyPattern);
    expect(key.startsWith(`spdk_${keyId}_`)).toBe(true);
    expect(key).toHaveLength(5 + 12 + 1 + 32 + 6);
    expect(parseDastKey(key)).toEqual({ keyId });
    expect(keyHint(keyId, key)).toBe(`spdk_${keyId}_…${key.slice(-4)}`);
  });

  it('refuses every single-character typo, a wrong prefix and a truncated key', () => {
    const { key } = newDastKeyText();
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    let tried = 0;
    for (let index = 5; index < key.length; index += 1) {
      if (key[index] === '_') continue;
      const replacement = alphabet[(alphabet.indexOf(key[index]!) + 7) % 62]!;
      const typo = `${key.slice(0, index)}${replacement}${key.slice(index + 1)}`;
      expect(parseDastKey(typo), typo).toBeUndefined();
      tried += 1;
    }
    expect(tried).toBe(50);
    expect(parseDastKey(`sxdk_${key.slice(5)}`)).toBeUndefined();
    expect(parseDastKey(key.slice(0, -1))).toBeUndefined();
    expect(parseDastKey(`${key} `)).toBeUndefined();
  });

  it('writes the CRC32 as six base62 digits', () => {
    expect(checksumOf('')).toBe('000000');
    expect(checksumOf('spdk_x')).toMatch(/^[0-9A-Za-z]{6}$/);
  });
});

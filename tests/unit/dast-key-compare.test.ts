// verifyDastKey compares the stored hash with crypto.timingSafeEqual, never with ===.
import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sameHash } from '../../lambdas/kernel/dast-keys/verify-dast-key.js';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

describe('DAST key hash comparison', () => {
  it('answers equality through crypto.timingSafeEqual, and false for another hash or length', () => {
    const hash = 'a'.repeat(64);
    expect(sameHash(hash, hash)).toBe(true);
    expect(sameHash(hash, `${'a'.repeat(63)}b`)).toBe(false);
    expect(vi.mocked(crypto.timingSafeEqual)).toHaveBeenCalledTimes(2);
    expect(sameHash(hash, 'a'.repeat(10))).toBe(false);
    expect(sameHash(hash, undefined)).toBe(false);
  });
});

// Search keys in Algolia's secured-key scheme: what getSearchClient signs, the search endpoint accepts only
// while valid, for the index it names, and with its signature intact.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSearchKey, securedSearchKey } from '../../../lambdas/kernel/templates/search-key.js';
import { termMatchesWord, typosAllowed } from '../../../lambdas/kernel/templates/template-index.js';

const parent = 'p'.repeat(40);
const now = Date.UTC(2026, 10, 23, 12);
const inAnHour = now / 1000 + 3600;

describe('secured search keys', () => {
  it('is base64 of the hex HMAC-SHA-256 of the restrictions followed by them, as Algolia makes them', () => {
    const key = securedSearchKey(parent, { restrictIndices: ['finding_templates'], validUntil: inAnHour });
    const query = `restrictIndices=finding_templates&validUntil=${inAnHour}`;

    expect(Buffer.from(key, 'base64').toString('utf8')).toBe(
      createHmac('sha256', parent).update(query).digest('hex') + query,
    );
  });

  it('accepts a key while it is valid, for its index', () => {
    const key = securedSearchKey(parent, { restrictIndices: ['finding_templates'], validUntil: inAnHour });

    expect(checkSearchKey(parent, key, now, 'finding_templates')).toEqual({
      valid: true,
      restrictions: { restrictIndices: ['finding_templates'], validUntil: inAnHour },
    });
  });

  it.each([
    [
      'expired',
      securedSearchKey(parent, { restrictIndices: ['finding_templates'], validUntil: now / 1000 }),
      'The validity of the API key has expired',
    ],
    [
      'for another index',
      securedSearchKey(parent, { restrictIndices: ['findings'], validUntil: inAnHour }),
      'Index not allowed with this API key: finding_templates',
    ],
    [
      'signed with another secret',
      securedSearchKey('q'.repeat(40), { restrictIndices: ['finding_templates'], validUntil: inAnHour }),
      'Invalid Application-ID or API key',
    ],
    ['not a key', 'hello', 'Invalid Application-ID or API key'],
    ['empty', '', 'Invalid Application-ID or API key'],
  ])('refuses a key %s', (_name, key, message) => {
    expect(checkSearchKey(parent, key, now, 'finding_templates')).toEqual({ valid: false, message });
  });

  it('refuses restrictions changed after signing', () => {
    const key = securedSearchKey(parent, { restrictIndices: ['finding_templates'], validUntil: inAnHour });
    const decoded = Buffer.from(key, 'base64')
      .toString('utf8')
      .replace(String(inAnHour), String(inAnHour + 86_400));

    expect(checkSearchKey(parent, Buffer.from(decoded).toString('base64'), now)).toMatchObject({ valid: false });
  });
});

describe('typo tolerance', () => {
  it('allows no typo below 4 letters, one from 4, two from 8', () => {
    expect([3, 4, 7, 8, 12].map((length) => typosAllowed('x'.repeat(length)))).toEqual([0, 1, 1, 2, 2]);
  });

  it('tells which document word a query word matched, for highlighting', () => {
    expect(termMatchesWord('session', 'sesion', false)).toBe(true);
    expect(termMatchesWord('session', 'sess', true)).toBe(true);
    expect(termMatchesWord('session', 'sess', false)).toBe(false);
    expect(termMatchesWord('fixation', 'fiksation', false)).toBe(true);
    expect(termMatchesWord('zendrovian', 'zandrovoen', false)).toBe(false);
    // Two swapped letters are one typo.
    expect(termMatchesWord('cookie', 'cookei', false)).toBe(true);
    expect(termMatchesWord('plumbus', 'plubmsu', false)).toBe(false);
  });
});

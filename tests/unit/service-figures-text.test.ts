// The tools' figures as a reader reads them on the report page: words, not the metrics' keys.
import { describe, expect, it } from 'vitest';
import { figureLabel, figureText } from '../../web/src/pages/reports/service-figures-text.js';

describe('a password audit’s figures', () => {
  it('says how passwords are shared, in words', () => {
    expect(figureLabel('reuse')).toBe('Shared passwords');
    expect(figureText('reuse', { accounts: 4, groups: 2, largestGroup: 2 })).toBe(
      '2 groups of accounts sharing one, 4 accounts in them, 2 in the largest group',
    );
    expect(figureText('reuse', { accounts: 0, groups: 0, largestGroup: 0 })).toBe('None');
    expect(figureText('reuse', { accounts: 5, groups: 1, largestGroup: 5 })).toBe(
      '1 group of accounts sharing one, 5 accounts in them, 5 in the largest group',
    );
  });

  it('lists cracked passwords by length, shortest first', () => {
    expect(figureLabel('lengthHistogram')).toBe('Cracked passwords by length');
    expect(figureText('lengthHistogram', { '10': 2, '8': 1, '6': 1 })).toBe(
      '1 × 6 characters, 1 × 8 characters, 2 × 10 characters',
    );
  });

  it('leaves out a table with nothing in it (no groups given), and names blank passwords', () => {
    expect(figureText('groups', {})).toBeUndefined();
    expect(figureLabel('emptyPasswords')).toBe('Blank passwords');
    expect(figureText('crackedPercent', 63.6)).toBe('63.6%');
    expect(figureText('skipped', { machineAccounts: 1, krbtgt: 1, otherLines: 0 })).toBe(
      '1 machine account, 1 krbtgt, 0 other lines',
    );
  });

  it('keeps other tools’ count tables, largest first', () => {
    expect(figureText('byRisk', { Low: 3, High: 5 })).toBe('High 5, Low 3');
  });
});

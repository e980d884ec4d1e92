// The lists' text search rules (lambdas/kernel/search): what a filter matches, on the server and in the
// browser alike.
import { describe, expect, it } from 'vitest';
import { companySearchText, memberSearchText, userRowMatches } from '../../lambdas/kernel/search/row-search.js';
import { filterKey, matchesFilter, searchKey } from '../../lambdas/kernel/search/search-text.js';

const viewer = {
  email: 'viewer@acme.example',
  displayName: 'Vic  Viewer',
  userType: 'customer',
  accessLevel: 1,
  companies: ['acme'],
  servicesEnabled: ['dast'],
  servicesManaged: [],
};

describe('search text', () => {
  it('normalises case, compatibility forms and whitespace, and replaces lone surrogates', () => {
    expect(searchKey('  ÀCME\u00a0Corp  ')).toBe('àcme corp');
    expect(searchKey('ﬁle')).toBe('file');
    expect(searchKey('a\ud800b')).toBe('a\ufffdb');
    expect(filterKey('   ')).toBeUndefined();
  });

  it('matches any part of one field, never across two', () => {
    expect(userRowMatches(viewer, 'ACME')).toBe(true);
    expect(userRowMatches(viewer, 'vic viewer')).toBe(true);
    expect(userRowMatches(viewer, 'customer')).toBe(true);
    expect(userRowMatches(viewer, 'Level 1')).toBe(true);
    expect(userRowMatches(viewer, 'dast')).toBe(true);
    expect(userRowMatches(viewer, 'example vic')).toBe(false);
    expect(userRowMatches(viewer, 'analyst')).toBe(false);
  });

  it("each list matches the words its table shows: services by label, a company's services from its flags", () => {
    const member = { ...viewer, servicesEnabled: ['password_cracking'] };
    expect(matchesFilter(memberSearchText(member), 'password cracking')).toBe(true);
    expect(matchesFilter(memberSearchText(member), 'password_cracking')).toBe(false);
    const company = {
      slug: 'globex',
      companyName: 'Globex',
      enableViewCloudScanStats: true,
      updatedBy: 'ada@example.com',
    };
    expect(matchesFilter(companySearchText(company), 'cloud scanning')).toBe(true);
    expect(matchesFilter(companySearchText(company), 'dast')).toBe(false);
    expect(matchesFilter(companySearchText(company), 'ada@')).toBe(true);
  });
});

// Where a sign-in link may lead after sign-in: paths on this site only, as the server and the web both
// check them (lambdas/kernel/sign-in/landing-path.ts).
import { describe, expect, it } from 'vitest';
import { isLandingPath, landingPathOf } from '../../lambdas/kernel/sign-in/landing-path.js';

describe('isLandingPath', () => {
  it.each(['/', '/admin/company', '/admin/company/manage-users', '/reports/dast?tab=2', '/profile'])(
    'accepts the path %s',
    (path) => {
      expect(isLandingPath(path)).toBe(true);
    },
  );

  it.each([
    ['an absolute address', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    ['a backslash address', '/\\evil.example'],
    ['a backslash inside', '/admin\\..\\..\\evil'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'admin/company'],
    ['dot segments', '/..//evil.example'],
    ['a fragment', '/admin#x'],
    ['whitespace', '/admin company'],
    ['a tab the URL parser would drop', '/\t/evil.example'],
    ['a control character', '/admin\u0000'],
    ['the link landing page itself', '/auth/redirect'],
    ['an empty value', ''],
    ['a very long path', `/${'a'.repeat(600)}`],
  ])('refuses %s', (_case, path) => {
    expect(isLandingPath(path)).toBe(false);
  });
});

describe('landingPathOf', () => {
  it('reads the next parameter of a query string when it is a path on this site', () => {
    expect(landingPathOf('?next=%2Fadmin%2Fcompany')).toBe('/admin/company');
    expect(landingPathOf('?next=%2F%2Fevil.example')).toBeUndefined();
    expect(landingPathOf('')).toBeUndefined();
  });
});

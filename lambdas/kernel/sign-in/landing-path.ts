// Where a sign-in link leads once the person is signed in: a path on this site only. Shared by the
// server (which refuses any other value before mailing a link) and the web (which checks again before
// following it, since a link's address can be edited). No imports, so the sign-in page can carry it.

/** The query parameter of the link's address that carries the landing path. */
export const landingPathParameter = 'next';

const maxLength = 512;
// A path on this site: '/', then no second '/' or '\' (a browser reads '//host' and '/\host' as another
// site), and no whitespace or backslash anywhere.
const sitePath = /^\/(?![/\\])[^\s\\]*$/;

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * True for a path on this site, such as '/admin/company' or '/reports/dast?tab=2'. Refused: absolute
 * addresses ('https://…'), protocol-relative ones ('//host'), schemes ('javascript:…'), and the link's
 * own landing page /auth/redirect (it would start sign-in again).
 */
export function isLandingPath(value: string): boolean {
  if (value.length > maxLength || !sitePath.test(value) || hasControlCharacter(value)) return false;
  const base = 'https://site.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return false;
  }
  // Only a path the browser keeps as written: no dot segments ('/..//host'), no fragments, nothing
  // a URL parser would rewrite.
  return (
    resolved.origin === base &&
    `${resolved.pathname}${resolved.search}` === value &&
    !resolved.pathname.startsWith('//') &&
    resolved.pathname !== '/auth/redirect'
  );
}

/** The landing path a link's query string carries, or undefined when it carries none or an unsafe one. */
export function landingPathOf(search: string): string | undefined {
  const value = new URLSearchParams(search).get(landingPathParameter);
  return value !== null && isLandingPath(value) ? value : undefined;
}

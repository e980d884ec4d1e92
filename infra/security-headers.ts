// The portal's security headers, defined once. The CloudFront response-headers policy (constructs/web.ts)
// and the local origin (local/static-site.ts, local/stack.ts) both send exactly these, so a policy that
// breaks the app shows in every test run rather than after a deploy. Only what differs per environment
// is a parameter: the origins the browser may call besides the page's own, and whether HSTS applies.

export interface SecurityHeadersEnvironment {
  /**
   * Origins other than the page's own that the app calls (CSP connect-src): on AWS the Cognito user-pool
   * endpoint (https://cognito-idp.<region>.amazonaws.com); locally none, /cognito is on the page's origin.
   */
  readonly connectOrigins: readonly string[];
  /**
   * Whether the origin is served over HTTPS. Strict-Transport-Security is sent only then: browsers ignore
   * it over plain HTTP, so the local loopback origin (http://127.0.0.1) leaves it out.
   */
  readonly https: boolean;
}

/** Two years, subdomains included, on the preload list's terms. */
export const strictTransportSecurity = {
  maxAgeSeconds: 2 * 365 * 24 * 60 * 60,
  includeSubdomains: true,
  preload: true,
} as const;

/** Sign-in tokens travel in URL fragments and pages carry company names: no address leaves in a Referer. */
export const referrerPolicy = 'no-referrer';

/** No page of the portal may be framed (clickjacking); frame-ancestors says the same to current browsers. */
export const frameOption = 'DENY';

/**
 * Powerful browser features the portal never uses, switched off for it and anything it might embed. Only
 * features Chromium recognises are named: an unknown one is reported as an error in the console.
 */
export const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function contentSecurityPolicy(environment: Pick<SecurityHeadersEnvironment, 'connectOrigins'>): string {
  return [
    "default-src 'self'",
    // Only the built bundles: no inline script, no eval.
    "script-src 'self'",
    // Only the built style sheets, no 'unsafe-inline': Cloudscape's styles are compiled into them, and it and
    // React set element styles through the CSSOM (element.style), which CSP allows; nothing in the app injects
    // <style> elements or style attributes (every browser test fails on a violation, so one would show).
    "style-src 'self'",
    // The Open Sans files Cloudscape's global styles declare, emitted as separate files by the build.
    "font-src 'self'",
    `connect-src ${["'self'", ...environment.connectOrigins].join(' ')}`,
    // The installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest), from this origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    // The header and footer logos are build settings that may name any https: URL or a data: URL.
    "img-src 'self' data: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function strictTransportSecurityValue(): string {
  const { maxAgeSeconds, includeSubdomains, preload } = strictTransportSecurity;
  return [`max-age=${maxAgeSeconds}`, includeSubdomains && 'includeSubDomains', preload && 'preload']
    .filter(Boolean)
    .join('; ');
}

/** Every security header as an HTTP server sends it (lower-case names). */
export function securityHeaders(environment: SecurityHeadersEnvironment): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(environment),
    ...(environment.https ? { 'strict-transport-security': strictTransportSecurityValue() } : {}),
    'referrer-policy': referrerPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': frameOption,
    'permissions-policy': permissionsPolicy,
  };
}

/**
 * The vault's pages (/vault/*, served as vault.html): their address carries a link's key or fingerprint (in the
 * fragment) and what they show is a secret, so neither the page nor anything it gets may be stored by a browser
 * or a cache. They get every header above, and this Cache-Control.
 */
export const vaultPathPrefix = '/vault/';
export const vaultPageFile = 'vault.html';
export const vaultCacheControl = 'no-store';

export function isVaultPath(pathname: string): boolean {
  return pathname.startsWith(vaultPathPrefix);
}

/**
 * The installable app's service worker, as the web build names it (web/vite.config.ts). Like index.html it is
 * revalidated on every request (Cache-Control: no-cache), so a deploy reaches every browser at its next start.
 */
export const serviceWorkerFile = 'sw.js';

// Where sign-in links may lead.
import { InvalidArgumentError } from '../errors.js';
import { isLandingPath, landingPathParameter } from './landing-path.js';

export interface SignInLinkTarget {
  /** The allowed origin the link leads to. */
  origin: string;
  /** The path on that origin to open once signed in (a deep link that asked for sign-in), if any. */
  landingPath?: string;
}

/**
 * The link may only lead to an allowed origin (exact match), given as the origin itself or as
 * origin + /auth/redirect (the desktop app), and to the origin the request came from. Either form may
 * carry `?next=<path>`: a path on the same site to land on after sign-in, nothing else.
 */
export function signInLinkTarget(
  url: string,
  allowedOrigins: readonly string[],
  requestOrigin: string | undefined,
): SignInLinkTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidArgumentError('url: must be an absolute address');
  }
  const origin = parsed.origin;
  const queryAt = url.indexOf('?');
  const address = queryAt === -1 ? url : url.slice(0, queryAt);
  if (address !== origin && address !== `${origin}/` && address !== `${origin}/auth/redirect`) {
    throw new InvalidArgumentError('url: must be the site origin, optionally followed by /auth/redirect');
  }
  const landingPath = queryAt === -1 ? undefined : landingPathIn(parsed);
  if (!allowedOrigins.includes(origin)) {
    throw new InvalidArgumentError('url: this origin is not allowed to receive sign-in links');
  }
  if (requestOrigin !== undefined && requestOrigin !== origin) {
    throw new InvalidArgumentError('url: must be on the origin the request came from');
  }
  return landingPath === undefined ? { origin } : { origin, landingPath };
}

/** The `next` path of the link's query: the only parameter allowed, and a path on this site. */
function landingPathIn(parsed: URL): string {
  const names = [...parsed.searchParams.keys()];
  const landingPath = parsed.searchParams.get(landingPathParameter);
  if (parsed.hash !== '' || names.length !== 1 || landingPath === null) {
    throw new InvalidArgumentError(`url: the only query parameter allowed is ${landingPathParameter}`);
  }
  if (!isLandingPath(landingPath)) {
    throw new InvalidArgumentError(`url: ${landingPathParameter} must be a path on this site, such as /admin/company`);
  }
  return landingPath;
}

/** The origin of a link that needs no landing path (an invitation leads to Home). */
export function linkOrigin(url: string, allowedOrigins: readonly string[], requestOrigin: string | undefined): string {
  return signInLinkTarget(url, allowedOrigins, requestOrigin).origin;
}

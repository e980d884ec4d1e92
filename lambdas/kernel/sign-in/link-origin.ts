// Where sign-in links may lead.
import { InvalidArgumentError } from '../errors.js';

/**
 * The link may only lead to an allowed origin (exact match), given as the origin itself or as
 * origin + /auth/redirect (the desktop app), and to the origin the request came from.
 */
export function linkOrigin(url: string, allowedOrigins: readonly string[], requestOrigin: string | undefined): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidArgumentError('url: must be an absolute address');
  }
  const origin = parsed.origin;
  if (url !== origin && url !== `${origin}/` && url !== `${origin}/auth/redirect`) {
    throw new InvalidArgumentError('url: must be the site origin, optionally followed by /auth/redirect');
  }
  if (!allowedOrigins.includes(origin)) {
    throw new InvalidArgumentError('url: this origin is not allowed to receive sign-in links');
  }
  if (requestOrigin !== undefined && requestOrigin !== origin) {
    throw new InvalidArgumentError('url: must be on the origin the request came from');
  }
  return origin;
}

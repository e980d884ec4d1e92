// Spec 4's two token checks against the access record's timestamps: a token whose sign-in
// (auth_time) predates _revoked is signed out; one issued (iat) before _synced is refreshed, so the
// claims the server synced since show up in a new token.
import { fetchAuthSession } from 'aws-amplify/auth';

export interface TokenTimes {
  /** The ID token's auth_time, in ms. */
  authTimeMs: number | undefined;
  /** The ID token's iat, in ms. */
  issuedAtMs: number | undefined;
}

export interface AccessTimestamps {
  _revoked?: number;
  _synced?: number;
}

export async function readTokenTimes(): Promise<TokenTimes> {
  const { tokens } = await fetchAuthSession();
  const payload = tokens?.idToken?.payload;
  return {
    authTimeMs: typeof payload?.auth_time === 'number' ? payload.auth_time * 1000 : undefined,
    issuedAtMs: typeof payload?.iat === 'number' ? payload.iat * 1000 : undefined,
  };
}

export type Freshness = 'fresh' | 'stale' | 'revoked';

export function tokenFreshness(stamps: AccessTimestamps, token: TokenTimes): Freshness {
  if (stamps._revoked !== undefined && token.authTimeMs !== undefined && token.authTimeMs < stamps._revoked) {
    return 'revoked';
  }
  if (stamps._synced !== undefined && token.issuedAtMs !== undefined && token.issuedAtMs < stamps._synced) {
    return 'stale';
  }
  return 'fresh';
}

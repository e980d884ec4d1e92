// Spec section 4's token checks in the web: sign out when the token's sign-in predates _revoked,
// refresh when the token was issued before _synced.
import { describe, expect, it } from 'vitest';
import { tokenFreshness } from '../../web/src/components/session/session-freshness.js';

const signedInAt = 1_700_000_000_000;
const token = { authTimeMs: signedInAt, issuedAtMs: signedInAt + 60_000 };

describe('tokenFreshness', () => {
  it('is fresh without timestamps, or when they predate the token', () => {
    expect(tokenFreshness({}, token)).toBe('fresh');
    expect(tokenFreshness({ _revoked: signedInAt - 1, _synced: signedInAt }, token)).toBe('fresh');
  });

  it('is revoked when the sign-in predates _revoked, even for a token refreshed later', () => {
    expect(tokenFreshness({ _revoked: signedInAt + 1 }, token)).toBe('revoked');
    expect(tokenFreshness({ _revoked: signedInAt + 1, _synced: signedInAt + 120_000 }, token)).toBe('revoked');
  });

  it('is stale when the token was issued before _synced, and fresh once a newer token is issued', () => {
    expect(tokenFreshness({ _synced: signedInAt + 61_000 }, token)).toBe('stale');
    expect(tokenFreshness({ _synced: signedInAt + 61_000 }, { ...token, issuedAtMs: signedInAt + 62_000 })).toBe(
      'fresh',
    );
  });

  it('does not decide on a token without times', () => {
    expect(
      tokenFreshness({ _revoked: signedInAt, _synced: signedInAt }, { authTimeMs: undefined, issuedAtMs: undefined }),
    ).toBe('fresh');
  });
});

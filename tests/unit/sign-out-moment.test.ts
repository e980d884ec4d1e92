// A sign-in right after this browser's sign-out waits out the sign-out's second: a token's auth_time has whole
// seconds, and the server refuses one that reads as signed in before `_revoked` (milliseconds).
import { describe, expect, it } from 'vitest';
import { settleDelayMs, signOutSettleMs } from '../../web/src/auth/sign-out-moment.js';

const signedOutAt = 1_700_000_000_300;

describe('settleDelayMs', () => {
  it('waits for the rest of the second and its margin right after a sign-out', () => {
    expect(settleDelayMs(signedOutAt, signedOutAt)).toBe(signOutSettleMs);
    expect(settleDelayMs(signedOutAt, signedOutAt + 400)).toBe(signOutSettleMs - 400);
  });

  it('starts at once when no sign-out was recorded, or once its second has passed', () => {
    expect(settleDelayMs(undefined, signedOutAt)).toBe(0);
    expect(settleDelayMs(Number.NaN, signedOutAt)).toBe(0);
    expect(settleDelayMs(signedOutAt, signedOutAt + signOutSettleMs)).toBe(0);
    expect(settleDelayMs(signedOutAt, signedOutAt + 60_000)).toBe(0);
  });

  it('never waits longer than the margin, even when the clock was set back', () => {
    expect(settleDelayMs(signedOutAt, signedOutAt - 3_600_000)).toBe(signOutSettleMs);
  });

  it('covers the case the server refuses: a sign-in in the same second as the sign-out', () => {
    // The server's rule (call-handler.ts): a token is refused when auth_time * 1000 < _revoked.
    const refused = (signInAtMs: number) => Math.floor(signInAtMs / 1000) * 1000 < signedOutAt;
    expect(refused(signedOutAt + 500)).toBe(true);
    expect(refused(signedOutAt + settleDelayMs(signedOutAt, signedOutAt))).toBe(false);
  });
});

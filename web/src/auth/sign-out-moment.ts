// When this browser last ended a session on the server. The server refuses every token signed in before the
// sign-out (`_revoked`, in milliseconds), but a token's auth_time has whole seconds: a sign-in completed in the
// same second as the sign-out reads as before it and is refused at once, signing the person out again. A
// passkey sign-in is fast enough to land there, so a new sign-in starts only once that second has passed.
const storageKey = 'portal.signedOutAt';
/** A second, and a margin for the server's and the user pool's clocks. */
export const signOutSettleMs = 1_100;

/** Records that this browser has just asked the server to end the person's sessions. */
export function noteSignOut(now = Date.now()): void {
  try {
    window.localStorage.setItem(storageKey, String(now));
  } catch {
    // storage unavailable: a sign-in at once may be refused, and the person signs in again
  }
}

/** How long a sign-in starting at `now` waits: what is left of `signOutSettleMs` since the last sign-out. */
export function settleDelayMs(signedOutAt: number | undefined, now: number): number {
  if (signedOutAt === undefined || !Number.isFinite(signedOutAt)) return 0;
  const left = signedOutAt + signOutSettleMs - now;
  // A clock set back makes `left` larger than the whole delay: never wait more than it.
  return Math.min(Math.max(left, 0), signOutSettleMs);
}

/** Resolves once a sign-in begun now can no longer fall in the second of this browser's last sign-out. */
export async function afterSignOutSettles(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(storageKey);
  } catch {
    return;
  }
  const delay = settleDelayMs(stored === null ? undefined : Number(stored), Date.now());
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

// The browser side of the e-mail link (ARCHITECTURE "Sign-in"): where the link should lead, the e-mail
// remembered between asking for a link and opening it, and the token taken out of the address bar.

import { emailPattern, invalidEmailMessage } from '../../../lambdas/calls/send-sign-in-link/email-rule';
import { isLandingPath, landingPathParameter } from '../../../lambdas/kernel/sign-in/landing-path';

export { invalidEmailMessage };

/** Returns the message to show under the field, or undefined when the e-mail is acceptable. */
export function validateEmail(email: string): string | undefined {
  return emailPattern.test(email.trim()) ? undefined : invalidEmailMessage;
}

/** The desktop app is an Electron shell around this site. */
export function isDesktopApp(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent.includes('Electron');
}

/**
 * Spec 2: the site origin, plus /auth/redirect in the desktop app. A deep link that asked for sign-in
 * rides along as `?next=<path>` (the server mails it in the link, so it survives another browser too);
 * anything but a path on this site is left out, and the link lands on Home.
 */
export function signInRedirectUrl(landingPath?: string): string {
  const origin = window.location.origin;
  const address = isDesktopApp() ? `${origin}/auth/redirect` : origin;
  if (landingPath === undefined || landingPath === '/' || !isLandingPath(landingPath)) return address;
  return `${address}${isDesktopApp() ? '' : '/'}?${landingPathParameter}=${encodeURIComponent(landingPath)}`;
}

/** The sign-in screen's address for a visitor who opened `landingPath` signed out. */
export function signInScreenFor(landingPath: string): string {
  if (landingPath === '/' || !isLandingPath(landingPath)) return '/';
  return `/?${landingPathParameter}=${encodeURIComponent(landingPath)}`;
}

const emailStorageKey = 'emailForSignIn';

export const emailForSignIn = {
  read(): string | undefined {
    try {
      return window.localStorage.getItem(emailStorageKey) ?? undefined;
    } catch {
      return undefined; // storage blocked: the Welcome dialog asks instead
    }
  },
  save(email: string): void {
    try {
      window.localStorage.setItem(emailStorageKey, email);
    } catch {
      // storage blocked: the link can still be completed by typing the e-mail in the Welcome dialog
    }
  },
  remove(): void {
    try {
      window.localStorage.removeItem(emailStorageKey);
    } catch {
      // nothing stored
    }
  },
};

export const signInLinkPath = '/auth/redirect';
const fragmentKey = 'signin';

let takenToken: string | undefined;

/**
 * Reads `#signin=<token>` on /auth/redirect and at once removes the fragment from the address bar
 * (security checklist 10: the token must not stay visible or reach history). Later calls return the
 * token taken first, so the early call in main.tsx and the page agree.
 */
export function takeSignInToken(): string | undefined {
  if (window.location.pathname !== signInLinkPath) return takenToken;
  const hash = window.location.hash.replace(/^#/, '');
  if (hash === '') return takenToken;
  const token = new URLSearchParams(hash).get(fragmentKey) ?? undefined;
  if (token !== undefined) {
    takenToken = token === '' ? undefined : token;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return takenToken;
}

/** Called once the redirect page holds the token, so a later visit cannot reuse it. */
export function forgetSignInToken(): void {
  takenToken = undefined;
}

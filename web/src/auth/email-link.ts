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

/** The portal installed as an app (its manifest's display: standalone), in its own window. */
export function isInstalledApp(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Spec 2's "desktop app": the Electron shell, or the portal installed as an app. */
export function isAppWindow(): boolean {
  return isDesktopApp() || isInstalledApp();
}

/**
 * Spec 2: the site origin, plus /auth/redirect in the desktop app (or the installed app). A deep link that asked
 * for sign-in rides along as `?next=<path>` (the server mails it in the link, so it survives another browser
 * too); anything but a path on this site is left out, and the link lands on Home.
 */
export function signInRedirectUrl(landingPath?: string): string {
  const origin = window.location.origin;
  const inApp = isAppWindow();
  const address = inApp ? `${origin}${signInLinkPath}` : origin;
  if (landingPath === undefined || landingPath === '/' || !isLandingPath(landingPath)) return address;
  return `${address}${inApp ? '' : '/'}?${landingPathParameter}=${encodeURIComponent(landingPath)}`;
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

/** The token of a link's `#signin=<token>` fragment ('' when empty), or null when the fragment names none. */
const tokenInFragment = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get(fragmentKey);

let takenToken: string | undefined;
/** Every token that arrived in this document, so a launch repeating the page's own link is not taken twice. */
const arrivedTokens = new Set<string>();

/**
 * Reads `#signin=<token>` on /auth/redirect and at once removes the fragment from the address bar
 * (security checklist 10: the token must not stay visible or reach history). Later calls return the
 * token taken first, so the early call in main.tsx and the page agree.
 */
export function takeSignInToken(): string | undefined {
  if (window.location.pathname !== signInLinkPath) return takenToken;
  const token = tokenInFragment(window.location.hash) ?? undefined;
  if (token !== undefined) {
    takenToken = token === '' ? undefined : token;
    if (takenToken) arrivedTokens.add(takenToken);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return takenToken;
}

/**
 * A sign-in link that reached this window otherwise than through its address bar (a launch of the installed
 * app, web/src/auth/app-launch.ts): holds its token for /auth/redirect as takeSignInToken does, and returns
 * the in-app address to open (/auth/redirect with the link's `?next=`, the token never in the address bar).
 * Undefined when `address` is not a sign-in link of this site, or is the link this page was opened with.
 */
export function receiveSignInLink(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin || url.pathname !== signInLinkPath) return undefined;
  const token = tokenInFragment(url.hash);
  if (!token || arrivedTokens.has(token)) return undefined;
  arrivedTokens.add(token);
  takenToken = token;
  return signInLinkPath + url.search;
}

/** Called once the redirect page holds the token, so a later visit cannot reuse it. */
export function forgetSignInToken(): void {
  takenToken = undefined;
}

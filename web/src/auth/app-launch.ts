// Launches of the installed app (its manifest's launch_handler: focus-existing): a link of the portal opened
// while the app runs, a sign-in link from the mail above all, comes to the open window as window.launchQueue's
// LaunchParams instead of a new tab. A sign-in link then completes as one opened in the address bar does
// (spec 4, "Link arrival ... or a link event from the desktop app"): its token is held in memory, never put in
// the address bar, and /auth/redirect signs in with it. Another page of the app opens in place; the start
// address (the app's icon) only brings the window forward.

import { receiveSignInLink } from './email-link';

/** The part of the Launch Handler API the portal uses (not yet in TypeScript's DOM types). */
interface LaunchParams {
  readonly targetURL?: string | null;
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

/** Where a launch of `targetURL` leads in this window, or undefined when it only brings the window forward. */
export function launchDestination(targetURL: string): { inApp: string } | { document: string } | undefined {
  const signIn = receiveSignInLink(targetURL);
  if (signIn) return { inApp: signIn };
  let url: URL;
  try {
    url = new URL(targetURL);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  const path = url.pathname + url.search;
  if (path === '/' || path === window.location.pathname + window.location.search) return undefined;
  // The vault's pages are a document of their own (vault.html), never a route of the app.
  return url.pathname.startsWith('/vault/') ? { document: url.href } : { inApp: path };
}

/** Hands every launch of the app to `navigate` (the router's), where there is a launch queue. */
export function handleAppLaunches(navigate: (path: string) => void): void {
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer((params) => {
    if (!params.targetURL) return;
    const destination = launchDestination(params.targetURL);
    if (!destination) return;
    if ('inApp' in destination) navigate(destination.inApp);
    else window.location.assign(destination.document);
  });
}

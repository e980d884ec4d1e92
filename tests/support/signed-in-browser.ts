// A browser that opens the portal signed in, for the tests that are not about signing in. The mailed link's
// token is exchanged from Node (signInWithLink: the same Amplify client and custom-auth rounds as /auth/redirect,
// against the same Cognito endpoint), and the page opens Home holding what Amplify keeps in localStorage after
// them, as a browser does once the link has signed it in. That skips /auth/redirect's own load (its chunk, the
// rounds from the page, the move to Home), about a second of a core a sign-in. The link flow in the browser is
// signInInBrowser's (sign-in.ts), for the tests about signing in.
import type { Browser } from 'playwright-core';
import { signInWithLink, type StackEndpoints } from './id-token.js';
import { firstLoadInTurn, openWithLocalStorage, waitForSignedInShell, type SignedInBrowser } from './sign-in.js';

/** A new context in which `email` is signed in, its page on Home with the signed-in shell shown. */
export async function openSignedIn(
  browser: Browser,
  stack: StackEndpoints,
  email: string,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<SignedInBrowser> {
  const { stored } = await signInWithLink(stack, email);
  return firstLoadInTurn(async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openWithLocalStorage(page, `${stack.appUrl}/`, stored);
    await waitForSignedInShell(page, timeoutMs);
    return { context, page };
  });
}

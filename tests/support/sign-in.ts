// Signs a user in through the browser the way a person does it: ask for a link, read it from the
// outbox, and open it in a browser that holds the e-mail (localStorage emailForSignIn), so no Welcome
// dialog is needed. Free of vitest, so the budget scripts use it too.
// The server sends one link per e-mail a minute: each test file signs in people of its own
// (tests/support/users.ts), once each, and reuses their contexts; a second link within the minute fails.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface StackAddresses {
  appUrl: string;
  mailUrl: string;
}

/** A mail as the SES emulator (aws-ses-v2-local) stores it. */
export interface StoredMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/**
 * The mails to `email` since `since` (epoch seconds). The outbox holds every mail of the run, thousands by its end:
 * the emulator filters by time, so the answer stays small however long the run has been.
 */
export async function outboxMailsTo(mailUrl: string, email: string, since: number): Promise<StoredMail[]> {
  const response = await fetch(`${mailUrl}/store?since=${since}`);
  const store = (await response.json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(email));
}

interface OutboxWait {
  since: number;
  /** How many mails to the address there were before: the one waited for is the next. */
  countBefore: number;
  timeoutMs: number;
}

/** Waits for mail number `countBefore` (0-based) to `email` since `since`, and returns it. */
export async function waitForMail(
  mailUrl: string,
  email: string,
  { since, countBefore, timeoutMs }: OutboxWait,
): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outboxMailsTo(mailUrl, email, since))[countBefore];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail reached ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for that mail, and returns the sign-in link it holds. */
export async function waitForSignInLink(mailUrl: string, email: string, wait: OutboxWait): Promise<string> {
  const mail = await waitForMail(mailUrl, email, wait);
  const link = /https?:\/\/\S+#signin=[\w-]+/.exec(mail.body.text ?? '')?.[0];
  if (!link) throw new Error(`The mail to ${email} holds no sign-in link`);
  return link;
}

/**
 * Asks the API for a sign-in link for `email` and returns the link from the outbox; `landingPath` is
 * the page the link should lead to once signed in (as the sign-in screen asks for a deep link).
 */
export async function requestSignInLink(
  { appUrl, mailUrl }: StackAddresses,
  email: string,
  { timeoutMs = 10_000, landingPath }: { timeoutMs?: number; landingPath?: string } = {},
): Promise<string> {
  const url = landingPath === undefined ? appUrl : `${appUrl}/?next=${encodeURIComponent(landingPath)}`;
  const since = Math.floor(Date.now() / 1000) - 1;
  const countBefore = (await outboxMailsTo(mailUrl, email, since)).length;
  const answer = await fetch(`${appUrl}/api/calls/sendSignInLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ data: { email, url, timeZone: 'UTC' } }),
  });
  if (answer.status === 429)
    throw new Error(
      `sendSignInLink for ${email} answered 429: this address had a link less than a minute ago. ` +
        "Sign in a user of the test file's own (createTestUser, createDemoLookalike) instead of waiting the minute out.",
    );
  if (answer.status !== 200)
    throw new Error(`sendSignInLink for ${email} answered ${answer.status}: ${await answer.text()}`);
  return waitForSignInLink(mailUrl, email, { since, countBefore, timeoutMs });
}

/** A fresh browser context that remembers `email` as the address awaiting its link. */
export function contextAwaitingLink(browser: Browser, appUrl: string, email: string): Promise<BrowserContext> {
  return browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(appUrl).origin, localStorage: [{ name: 'emailForSignIn', value: email }] }],
    },
  });
}

/**
 * Opens `url` in `page` as a browser that already holds `entries` in its localStorage for that origin. They are
 * written as the document starts, before its scripts, for this one load only (a later load finds what the page
 * left). A context's storageState does the same for every page of the context, at about a second of a core
 * more: Playwright opens a page of its own to write it.
 */
export async function openWithLocalStorage(
  page: Page,
  url: string,
  entries: { name: string; value: string }[],
): Promise<void> {
  const seed = await page.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin) return;
      for (const { name, value } of entries) window.localStorage.setItem(name, value);
    },
    { origin: new URL(url).origin, entries },
  );
  try {
    await page.goto(url);
  } finally {
    await seed.dispose();
  }
}

export interface SignedInBrowser {
  context: BrowserContext;
  page: Page;
}

/**
 * The first load of the app in a new context takes a core for seconds (its scripts, styles and first render, none
 * of it cached yet): two at a time keep the two cores busy, more only slow each other down and take longer in all.
 */
const loadsAtOnce = 2;
let loading = 0;
const waitingToLoad: (() => void)[] = [];

/** Runs `load` (a new context's first load) when fewer than two others are under way. */
export async function firstLoadInTurn<T>(load: () => Promise<T>): Promise<T> {
  while (loading >= loadsAtOnce) await new Promise<void>((resolve) => waitingToLoad.push(resolve));
  loading += 1;
  try {
    return await load();
  } finally {
    loading -= 1;
    waitingToLoad.shift()?.();
  }
}

/** Waits for the signed-in shell: its user menu. */
export async function waitForSignedInShell(page: Page, timeoutMs = 45_000): Promise<void> {
  await page.getByRole('button', { name: /, user menu$/ }).waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * Signs `email` in within a new context and waits for the signed-in shell (the user menu): the link opens in a
 * browser that holds the e-mail (localStorage emailForSignIn), as the one that asked for it.
 * `onPage` runs before the link opens (e.g. to record the files the page loads).
 */
export async function signInInBrowser(
  browser: Browser,
  stack: StackAddresses,
  email: string,
  options: { onPage?: (page: Page) => void; timeoutMs?: number } = {},
): Promise<SignedInBrowser> {
  const link = await requestSignInLink(stack, email);
  return firstLoadInTurn(async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    options.onPage?.(page);
    await openWithLocalStorage(page, link, [{ name: 'emailForSignIn', value: email }]);
    await waitForSignedInShell(page, options.timeoutMs);
    return { context, page };
  });
}

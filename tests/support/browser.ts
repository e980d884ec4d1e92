// Headless Debian Chromium driven by playwright-core (no browser download: the system's chromium). Every
// context it opens, newPage()'s own included, reports Content-Security-Policy violations (csp-violations.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { watchCspViolations } from './csp-violations.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches every test browser runs with: headless, no sandbox (containers), nothing in the background. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function checkChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
}

export interface BrowserOptions {
  /**
   * Whether the portal's service worker may install in the browser's contexts (a context may still say otherwise).
   * It precaches every hashed asset (about 3 MB) in each new context, some 2.5 s of a core each time, and a test
   * reads nothing of it unless it is about the installable app: test browsers block it by default. 'allow' is what
   * a visitor's browser does; the installable-app test and the measurements of load times (scripts/) use it.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function launchBrowser({ serviceWorkers = 'block' }: BrowserOptions = {}): Promise<Browser> {
  checkChromium();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  // Playwright has no hook for new contexts; browser.newPage() goes through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ serviceWorkers, ...options });
    await watchCspViolations(context);
    return context;
  };
  return browser;
}

/**
 * A browser with a profile of its own in a temporary folder, watched for CSP violations too: where Chromium lets a
 * web app be installed (it refuses in the incognito-like contexts of launchBrowser). `close` removes the profile.
 */
export async function launchBrowserWithProfile(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  checkChromium();
  const profile = mkdtempSync(join(tmpdir(), 'portal-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs });
  await watchCspViolations(context);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

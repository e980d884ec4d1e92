// Headless Debian Chromium driven by playwright-core (no browser download: the system's chromium). Every
// context it opens, newPage()'s own included, reports Content-Security-Policy violations (csp-violations.ts).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { watchCspViolations } from './csp-violations.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Playwright has no hook for new contexts; browser.newPage() goes through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCspViolations(context);
    return context;
  };
  return browser;
}

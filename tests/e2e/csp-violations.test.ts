// The Content-Security-Policy watch every test runs under (tests/support/fail-on-csp-violations.ts): what
// the policy forbids is refused by the browser and reported, and the check each test ends with then fails.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { assertNoCspViolations, cspViolationsSoFar } from '../support/csp-violations.js';

const { appUrl } = inject('localStack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(appUrl);
  await page.getByRole('textbox', { name: 'Email' }).waitFor();
  return page;
}

/** Waits until one violation has been reported both ways: the page's event and Chromium's console message. */
async function reportedBothWays(): Promise<void> {
  await expect
    .poll(() =>
      cspViolationsSoFar()
        .map((violation) => violation.via)
        .sort(),
    )
    .toEqual(['console', 'event']);
}

/** What the check every test ends with reports (it throws), or undefined when it passes. */
function failureOfTheCheck(): string | undefined {
  try {
    assertNoCspViolations();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('Content-Security-Policy violations in the browser', () => {
  it('an inline script is refused, does not run, and fails the test it happens in', async () => {
    const page = await signInPage();

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.inlineScriptRan = "yes";';
      document.body.append(script);
    });

    await reportedBothWays();
    const failure = failureOfTheCheck();
    expect(failure).toContain(`event on ${appUrl}/: script-src-elem blocked inline`);
    // Chromium's wording varies between versions; what it names does not.
    expect(failure).toMatch(/console on [^\n]*inline script[^\n]*script-src 'self'/i);
    expect(await page.evaluate(() => document.body.dataset.inlineScriptRan)).toBeUndefined();
    // The check cleared what it reported: the test's own check afterwards passes.
    expect(cspViolationsSoFar()).toEqual([]);
    await page.close();
  });

  it('an inline style attribute is refused, does not apply, and fails the test it happens in', async () => {
    const page = await signInPage();

    await page.evaluate(() => document.body.setAttribute('style', 'visibility: hidden'));

    await reportedBothWays();
    const failure = failureOfTheCheck();
    expect(failure).toContain(`event on ${appUrl}/: style-src-attr blocked inline`);
    expect(failure).toMatch(/console on [^\n]*inline style[^\n]*style-src 'self'/i);
    expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe('visible');
    await page.close();
  });

  it('the sign-in page, its fonts included, loads without any', async () => {
    const page = await signInPage();
    await page.evaluate(() => document.fonts.ready);

    expect(cspViolationsSoFar()).toEqual([]);
    await page.close();
  });
});

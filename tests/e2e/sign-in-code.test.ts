// Sign-in with the mail's one-time code, in headless Chromium: after Login with Link the screen offers the Code
// field; a malformed code is named in the form, the right one signs in here, and the link is then spent.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { mailsTo, codeOf, nextSignInLink } from '../support/outbox.js';
import { contextAwaitingLink } from '../support/sign-in.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const usedLinkMessage = 'This link was previously used or does not match the email you provided.';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the code of the sign-in mail, in the browser', () => {
  it('names a malformed code in the form, signs in with the right one, and the link is then refused', async () => {
    const { email } = await createTestUser({ displayName: 'Cody Code' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Login with Link' }).click();
    const link = await nextSignInLink(email, 0);
    const code = codeOf((await mailsTo(email))[0]!);

    const codeField = page.getByRole('textbox', { name: /^Code/ });
    await codeField.waitFor({ state: 'visible' });
    await codeField.fill('1234');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect.poll(() => page.getByText('The code has 8 digits; this one has 4.').isVisible()).toBe(true);
    await codeField.fill('1234abcd');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect
      .poll(() => page.getByText('The code has digits only: enter the 8 digits from the e-mail.').isVisible())
      .toBe(true);

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /, user menu$/ }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await context.close();

    // The link of the same mail was the same secret: it is spent.
    const other = await contextAwaitingLink(browser, appUrl, email);
    const linkPage = await other.newPage();
    await linkPage.goto(link);
    await expect.poll(() => linkPage.getByText(usedLinkMessage).isVisible(), { timeout: 20_000 }).toBe(true);
    await other.close();
  });

  it('a wrong code is said in the form and the person stays on the sign-in screen', async () => {
    const { email } = await createTestUser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(appUrl);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Login with Link' }).click();
    await nextSignInLink(email, 0);
    const code = codeOf((await mailsTo(email))[0]!);
    const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, '0');

    await page.getByRole('textbox', { name: /^Code/ }).fill(wrong);
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect.poll(() => page.getByText(/This code did not work/).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Login with Link' }).isVisible()).toBe(true);
    await context.close();
  });
});

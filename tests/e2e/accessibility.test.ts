// axe on every built page, in light and in dark mode: no serious or critical violation.
// The signed-in pages as a level 9 analyst (who may open all of them), the access denial as a level 1
// customer, and the signed-out pages: the sign-in screen, the route guard's link, and the Welcome
// dialog of /auth/redirect (a real link from the outbox, opened in a browser that does not hold the
// e-mail; opening it consumes nothing).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { mustBeSignedInText, ShellPage } from '../support/shell-page.js';
import { openWithLocalStorage, requestSignInLink, type SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
type Scheme = 'light' | 'dark';

let browser: Browser;
let admin: SignedInBrowser; // analyst, level 9
let customer: SignedInBrowser; // customer, level 1, of Acme Corp
let welcomeLink: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const [adminUser, customerUser, newcomer] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Axel Axe' }),
    createTestUser({ accessLevel: 1, companies: ['acme'], displayName: 'Cleo Customer' }),
    createTestUser(),
  ]);
  [admin, customer, welcomeLink] = await Promise.all([
    openSignedIn(browser, stack, adminUser.email),
    openSignedIn(browser, stack, customerUser.email),
    requestSignInLink(stack, newcomer.email),
  ]);
  // No entrance animations: axe then measures colours as they end up, not half faded in.
  await Promise.all([admin, customer].map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
});

afterAll(async () => {
  await browser?.close();
});

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.body.classList.contains('awsui-dark-mode'));
}

/**
 * Chooses the colour scheme in this browser (as the header's toggle saves it) for the next loads, and loads the
 * app again when it shows the other one (the pages are then opened within the app).
 */
async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('colorScheme', chosen), scheme);
  if ((await isDark(page)) === (scheme === 'dark')) return;
  await page.reload();
  await new ShellPage(page).userMenuButton.waitFor();
}

/** Opens the sign-in screen in a new signed-out browser that has `scheme` chosen. */
async function openSignedOut(scheme: Scheme): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await openWithLocalStorage(page, stack.appUrl, [{ name: 'colorScheme', value: scheme }]);
  return { context, page };
}

/** Opens `path` in the shell and waits until the page has loaded its data. */
async function openSettled(shell: ShellPage, path: string, ready: (page: Page) => Locator): Promise<void> {
  await shell.open(path);
  await ready(shell.page).first().waitFor();
  await shell.page.waitForLoadState('networkidle');
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name });

const builtPages: [name: string, path: string, ready: (page: Page) => Locator][] = [
  ['Home', '/', (page) => page.getByRole('table', { name: 'Your events' })],
  ['Settings', '/profile', heading('Settings')],
  ['Manage companies', '/admin/company', heading('Manage companies')],
  ['Create company', '/admin/company/create-company', heading('Create company')],
  ['Manage users', '/admin/company/manage-users', heading('Manage company users')],
  ['Notifications', '/admin/company/notifications', (page) => page.getByRole('table', { name: 'Notification rules' })],
  ['Integrations', '/admin/company/integrations', (page) => page.getByRole('table', { name: 'Webhook endpoints' })],
  ['Platform users', '/admin/app/users', heading('Platform users')],
  ['Platform services', '/admin/app/services', heading('Platform services')],
  ['DAST service', '/analyst/services/dast', (page) => page.getByRole('table', { name: 'Findings' })],
  [
    'Password cracking service (scans)',
    '/analyst/services/password-cracking?tab=scans',
    (page) => page.getByRole('table', { name: 'Scans' }),
  ],
];

describe.each<Scheme>(['light', 'dark'])('in %s mode', (scheme) => {
  it.each(builtPages)('%s has no serious or critical accessibility violation', async (_name, path, ready) => {
    const shell = new ShellPage(admin.page);
    await useScheme(shell.page, scheme);
    await openSettled(shell, path, ready);
    expect(await isDark(shell.page)).toBe(scheme === 'dark');
    expect(await seriousViolations(shell.page)).toEqual([]);
  });

  it('a page with its help panel open, and a refused page, have none either', async () => {
    const shell = new ShellPage(admin.page);
    await useScheme(shell.page, scheme);
    await openSettled(shell, '/admin/company/create-company', heading('Create company'));
    await shell.infoLink('company services').click();
    await shell.helpPanel.getByRole('heading', { name: 'Company services' }).waitFor();
    expect(await seriousViolations(shell.page)).toEqual([]);

    const refused = new ShellPage(customer.page);
    await useScheme(refused.page, scheme);
    await openSettled(refused, '/admin/company', heading('Access denied'));
    expect(await seriousViolations(refused.page)).toEqual([]);
  });

  it('the signed-out pages (sign-in screen, the guard’s link, the Welcome dialog) have none', async () => {
    const { context, page } = await openSignedOut(scheme);
    try {
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      expect(await isDark(page)).toBe(scheme === 'dark');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${stack.appUrl}/admin/company`);
      await page.getByRole('link', { name: mustBeSignedInText }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(welcomeLink);
      await page.getByRole('dialog', { name: 'Welcome' }).getByRole('textbox', { name: 'Email' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

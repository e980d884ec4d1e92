// The page pattern of the shell in headless Chromium: document titles and breadcrumbs from
// the route table, the side navigation's state across reloads, a signed-out deep link carried through
// the sign-in mail, the reason a page is refused, notifications that never cover a form's actions, and
// the help panel opened by an Info link. Every person here is a fresh user (one link a minute each).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ProfilePage, toast } from '../support/admin-pages.js';
import { launchBrowser } from '../support/browser.js';
import { nextSignInLink } from '../support/outbox.js';
import { mustBeSignedInText, ShellPage } from '../support/shell-page.js';
import { contextAwaitingLink, requestSignInLink, type SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const product = 'Security Portal';

interface Person {
  email: string;
  session: SignedInBrowser;
}

let browser: Browser;
let admin: Person; // analyst, level 9: every page
let manager: Person; // customer, level 3, of Acme Corp: Manage users but not Manage companies
let customer: Person; // customer, level 1, of Acme Corp, no services enabled for them

beforeAll(async () => {
  browser = await launchBrowser();
  const users = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Pat Pattern' }),
    createTestUser({ accessLevel: 3, companies: ['acme'], displayName: 'Mia Manager' }),
    createTestUser({ accessLevel: 1, companies: ['acme'], displayName: 'Cy Customer' }),
  ]);
  const sessions = await Promise.all(users.map((user) => openSignedIn(browser, stack, user.email)));
  [admin, manager, customer] = users.map((user, index) => ({ email: user.email, session: sessions[index]! })) as [
    Person,
    Person,
    Person,
  ];
});

afterAll(async () => {
  await browser?.close();
});

function shellOf(person: Person): ShellPage {
  return new ShellPage(person.session.page);
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

describe('the page pattern', () => {
  it('every shell page is titled "<page> · <product>"; Home has the product name alone', async () => {
    const shell = shellOf(admin);
    const titles: [string, string][] = [
      ['/', product],
      ['/profile', `Settings · ${product}`],
      ['/admin/company', `Manage companies · ${product}`],
      ['/admin/company/create-company', `Create company · ${product}`],
      ['/admin/company/manage-users', `Manage company users · ${product}`],
      ['/admin/app/users', `Platform users · ${product}`],
      ['/admin/app/services', `Platform services · ${product}`],
      ['/reports/dast', `DAST reports · ${product}`],
      ['/analyst/services/password-cracking', `Password cracking service · ${product}`],
      ['/no/such/page', `Page not found · ${product}`],
    ];
    for (const [path, title] of titles) {
      await shell.open(path);
      await expect.poll(() => shell.page.title(), { message: path }).toBe(title);
    }
  });

  it('breadcrumbs lead from Home to the page; the earlier crumbs navigate without reloading the app', async () => {
    const shell = shellOf(admin);
    const { page } = shell;
    await shell.open('/admin/company/create-company');
    expect(await shell.breadcrumbTexts()).toEqual(['Home', 'Manage companies', 'Create company']);
    // The last crumb is the page itself: the current page, leading nowhere.
    const current = shell.breadcrumbs.getByRole('link', { name: 'Create company' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await current.getAttribute('href')).toBeNull();
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    await shell.breadcrumbs.getByRole('link', { name: 'Manage companies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manage companies' }).waitFor();
    expect(pathOf(page)).toBe('/admin/company');
    expect(await shell.breadcrumbTexts()).toEqual(['Home', 'Manage companies']);
    await expect.poll(() => page.title()).toBe(`Manage companies · ${product}`);

    await shell.breadcrumbs.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => page.title()).toBe(product);
    expect(await shell.breadcrumbs.count()).toBe(0);
    // The same document all along: a full reload would have a new time origin.
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);

    // A page above that the person may not open is left out of the trail.
    const managerShell = shellOf(manager);
    await managerShell.open('/admin/company/manage-users');
    expect(await managerShell.breadcrumbTexts()).toEqual(['Home', 'Manage company users']);
    const customerShell = shellOf(customer);
    await customerShell.open('/profile');
    expect(await customerShell.breadcrumbTexts()).toEqual(['Home', 'Settings']);
  });

  it('the side navigation starts closed in a new browser, then stays as the person left it across reloads', async () => {
    const user = await createTestUser({ displayName: 'Nia Navigator' });
    const { context, page } = await openSignedIn(browser, stack, user.email);
    try {
      const shell = new ShellPage(page);
      expect(await shell.navigation.isVisible()).toBe(false);
      expect(await shell.navigationToggle.getAttribute('aria-expanded')).toBe('false');

      await shell.navigationToggle.click();
      await shell.navigation.waitFor();
      await page.reload();
      await shell.userMenuButton.waitFor();
      expect(await shell.navigation.isVisible()).toBe(true);
      expect(await shell.navigationToggle.getAttribute('aria-expanded')).toBe('true');

      await page.keyboard.press('Control+M');
      await shell.navigation.waitFor({ state: 'hidden' });
      await page.reload();
      await shell.userMenuButton.waitFor();
      expect(await shell.navigation.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a signed-out deep link survives sign-in: the mail’s link lands on the page asked for', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${stack.appUrl}/admin/company`);
      const signInLink = page.getByRole('link', { name: mustBeSignedInText });
      await signInLink.waitFor();
      expect(await page.title()).toBe(`Sign in · ${product}`);

      await signInLink.click();
      await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
      expect(pathOf(page)).toBe('/?next=%2Fadmin%2Fcompany');
      await page.getByRole('button', { name: 'Login with Link' }).click();
      await expect.poll(() => page.getByText('Check your inbox').isVisible()).toBe(true);

      const link = await nextSignInLink(user.email, 0);
      const url = new URL(link);
      expect(`${url.origin}${url.pathname}${url.search}`).toBe(`${stack.appUrl}/auth/redirect?next=%2Fadmin%2Fcompany`);
      await page.goto(link);

      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/admin/company');
      await page.getByRole('heading', { level: 1, name: 'Manage companies' }).waitFor();
      expect(page.url()).not.toContain('signin=');
    } finally {
      await context.close();
    }
  });

  it('the landing path rides in the link, so it holds in another browser too (the Welcome dialog)', async () => {
    const user = await createTestUser();
    const link = await requestSignInLink(stack, user.email, { landingPath: '/profile' });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(link);
      const dialog = page.getByRole('dialog', { name: 'Welcome' });
      await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
      expect(await page.title()).toBe(`Sign in · ${product}`);
      await dialog.getByRole('button', { name: 'Login with Link' }).click();

      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/profile');
      await new ProfilePage(page).displayName.waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    ['another site, protocol-relative', '//evil.example/admin'],
    ['another site, absolute', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
  ])('a link edited to lead to %s lands on Home instead', async (_case, landingPath) => {
    const user = await createTestUser();
    const link = new URL(await requestSignInLink(stack, user.email, { landingPath: '/profile' }));
    link.searchParams.set('next', landingPath);
    const context = await contextAwaitingLink(browser, stack.appUrl, user.email);
    try {
      const page = await context.newPage();
      await page.goto(link.href);
      await new ShellPage(page).userMenuButton.waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).origin).toBe(stack.appUrl);
      await expect.poll(() => pathOf(page)).toBe('/');
      expect(await page.title()).toBe(product);
    } finally {
      await context.close();
    }
  });

  it('access denied says which rule the page needs and the person’s own access, and offers Contact us', async () => {
    const shell = shellOf(customer);
    const { page } = shell;
    const reasons: [string, string][] = [
      ['/admin/company', 'This page is for people with access level 7 and above.'],
      ['/admin/app/services', 'This page is for platform administrators (access level 9).'],
      ['/analyst/vault/link', 'This page is for administrators (access level 5 and above).'],
      [
        '/reports/network',
        'This page is for people whose selected company has the Network scanning service and who have access ' +
          'level 2 and above, or level 1 with Network scanning enabled for them, and for administrators ' +
          '(access level 5 and above).',
      ],
    ];
    for (const [path, reason] of reasons) {
      await shell.open(path);
      await shell.accessDenied.waitFor();
      expect(await page.getByText(reason, { exact: true }).count(), path).toBe(1);
    }
    // Company rules name the person's own company; level rules only their level.
    expect(await page.getByText('Your access level is 1, and your selected company is Acme Corp.').count()).toBe(1);
    await shell.open('/admin/company');
    await shell.accessDenied.waitFor();
    expect(await page.getByText('Your access level is 1.', { exact: true }).count()).toBe(1);

    await page.getByRole('main').getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  describe.each([
    [1280, 800],
    [375, 812],
  ])('at %i x %i', (width, height) => {
    it('the Settings saved notification sits above the form: Save stays clickable, the footer covers nothing', async () => {
      const profile = new ProfilePage(customer.session.page);
      const { page } = profile;
      await page.setViewportSize({ width, height });
      try {
        await profile.open(ProfilePage.path);
        await profile.displayName.fill(`Cy ${randomUUID().slice(0, 6)}`);
        await profile.save.click();
        const saved = toast(page, 'Settings saved');
        await saved.waitFor();

        await profile.save.scrollIntoViewIfNeeded();
        const save = (await profile.save.boundingBox())!;
        const atCentre = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent?.trim(),
          [save.x + save.width / 2, save.y + save.height / 2],
        );
        expect(atCentre).toBe('Save');
        const notifications = (await profile.notifications.boundingBox())!;
        expect(notifications.y + notifications.height).toBeLessThanOrEqual(save.y);

        // Scrolled to the end, the sticky footer sits below the last of the content.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footer = (await page.getByRole('contentinfo').boundingBox())!;
        const saveAtEnd = (await profile.save.boundingBox())!;
        expect(saveAtEnd.y + saveAtEnd.height).toBeLessThanOrEqual(footer.y);

        // Each notification can be dismissed, and closes by itself otherwise.
        if (width > 1000) {
          await saved.getByRole('button', { name: 'Close notification' }).click();
        }
        await saved.waitFor({ state: 'hidden', timeout: 15_000 });
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    });
  });

  it('an Info link opens the help panel on its topic; the page’s own help names its rules', async () => {
    const shell = shellOf(admin);
    const { page } = shell;
    await shell.open('/admin/company/create-company');
    await shell.infoLink('company services').click();
    const topic = shell.helpPanel.getByRole('heading', { name: 'Company services' });
    await topic.waitFor();
    expect(await shell.helpPanel.getByText('DAST triggering', { exact: true }).count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Close help panel');
    await shell.helpPanel.getByRole('button', { name: 'Close help panel' }).click();
    await topic.waitFor({ state: 'hidden' });

    await shell.open('/admin/company/manage-users');
    await shell.infoLink('access levels and invitations').click();
    for (const heading of ['Manage company users', 'Inviting a user', 'Access levels']) {
      await shell.helpPanel.getByRole('heading', { name: heading }).waitFor();
    }
    // Another page's Info link shows that page's topic.
    await shell.open('/admin/app/services');
    await shell.infoLink('platform services').click();
    await shell.helpPanel.getByRole('heading', { name: 'Platform services' }).waitFor();
    expect(await shell.helpPanel.getByRole('heading', { name: 'Manage company users' }).count()).toBe(0);
  });
});

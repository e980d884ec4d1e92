// The signed-in shell in headless Chromium: menus per demo account (spec 6), the route guard, the
// company switch, colour scheme, hotkeys, the contact dialog, and sign-out on revocation (spec 4).
// Each demo account signs in once (one link per address a minute) and keeps its browser context.
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userAccessEntity } from '../../lambdas/kernel/data/entities/users.js';
import { postCall } from '../support/api.js';
import { launchBrowser } from '../support/browser.js';
import { accessDeniedText, mustBeSignedInText, ShellPage } from '../support/shell-page.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createDemoLookalike, createTestUser } from '../support/users.js';
import { seriousViolations } from '../support/axe.js';

const stack = inject('localStack');

// Spec 6's menu table applied by hand to each demo account (README), written out entry by entry.
// Reports entries: level 1 + service enabled for the company (flag on, and level 2+ or servicesEnabled),
// or the admin override (level 5+). Templates 7; Analyst section 5, its service pages 7, vault links 5,
// agents and locations 7; Administration 3: create and manage companies 7, platform users and services
// and e-mail keys 9, manage users 3, DAST keys 3 + enableDastTriggering. Home and Settings: everyone.
const everyone = ['Home/Home', 'Home/Settings'];
const allReports = [
  'Reports/All reports',
  'Reports/ProjectMariana',
  'Reports/Password cracking',
  'Reports/DAST',
  'Reports/Network scanning',
  'Reports/Cloud scanning',
];
const templates = ['Templates/All templates', 'Templates/Finding templates'];
const analystServices = [
  'Analyst/ProjectMariana',
  'Analyst/DAST',
  'Analyst/Network scanning',
  'Analyst/Cloud scanning',
  'Analyst/Password cracking',
];
const vaultLinks = ['Analyst/Vault share link', 'Analyst/Vault request link'];
/** Level 7: agents, locations, and the review requests of every company (analysts only). */
const agentsAndLocations = ['Analyst/Agents', 'Analyst/Locations', 'Analyst/Review requests'];

interface DemoAccount {
  email: string;
  /** Menu entries with its company selected (Acme Corp for all who have one). */
  menu: string[];
  /** A route spec 6 closes to it. */
  deniedRoute: string;
}

const accounts = {
  // analyst 9, Acme Corp (all flags): every entry.
  admin: {
    email: 'admin@example.com',
    menu: [
      ...everyone,
      ...allReports,
      ...templates,
      ...analystServices,
      ...vaultLinks,
      ...agentsAndLocations,
      'Administration/Create company',
      'Administration/Manage companies',
      'Administration/Manage users',
      'Administration/Notifications',
      'Administration/Integrations',
      'Administration/SLA policy',
      'Administration/Platform users',
      'Administration/Platform services',
      'Administration/Threat feeds',
      'Administration/E-mail keys',
      'Administration/DAST keys',
    ],
    // With Globex selected (no DAST triggering): DAST keys closes even to level 9.
    deniedRoute: '/admin/dast',
  },
  // analyst 7, Acme Corp: all but the level-9 entries.
  analyst: {
    email: 'analyst@example.com',
    menu: [
      ...everyone,
      ...allReports,
      ...templates,
      ...analystServices,
      ...vaultLinks,
      ...agentsAndLocations,
      'Administration/Create company',
      'Administration/Manage companies',
      'Administration/Manage users',
      'Administration/Notifications',
      'Administration/Integrations',
      'Administration/SLA policy',
      'Administration/DAST keys',
    ],
    deniedRoute: '/admin/app/users',
  },
  // analyst 5, no company: reports by the admin override; vault links; manage users; no DAST keys.
  junior: {
    email: 'junior@example.com',
    menu: [
      ...everyone,
      ...allReports,
      ...vaultLinks,
      'Administration/Manage users',
      'Administration/Notifications',
      'Administration/Integrations',
      'Administration/SLA policy',
    ],
    deniedRoute: '/templates',
  },
  // customer 3, Acme Corp: every report (level 2+), manage users, DAST keys (Acme triggers DAST).
  manager: {
    email: 'manager@acme.example',
    menu: [
      ...everyone,
      ...allReports,
      'Administration/Manage users',
      'Administration/Notifications',
      'Administration/Integrations',
      'Administration/SLA policy',
      'Administration/DAST keys',
    ],
    deniedRoute: '/analyst/agents',
  },
  // customer 1, Acme Corp, servicesEnabled [dast]: only the DAST reports.
  viewer: {
    email: 'viewer@acme.example',
    menu: [...everyone, 'Reports/All reports', 'Reports/DAST'],
    deniedRoute: '/reports/network',
  },
  // customer 2, Acme Corp and Globex: every report with Acme; network and cloud only with Globex.
  multi: {
    email: 'multi@example.com',
    menu: [...everyone, ...allReports],
    deniedRoute: '/reports/dast',
  },
} satisfies Record<string, DemoAccount>;

const multiWithGlobexMenu = [...everyone, 'Reports/All reports', 'Reports/Network scanning', 'Reports/Cloud scanning'];

type AccountName = keyof typeof accounts;

let browser: Browser;
const signedIn = new Map<AccountName, SignedInBrowser>();
let revocable: { uid: string; email: string; session: SignedInBrowser };

function shellOf(account: AccountName): ShellPage {
  const session = signedIn.get(account);
  if (!session) throw new Error(`${account} is not signed in`);
  return new ShellPage(session.page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createTestUser({ displayName: 'Rae Revoked' });
  const [revokedSession, ...sessions] = await Promise.all([
    openSignedIn(browser, stack, user.email),
    ...Object.values(accounts).map(async (account) =>
      openSignedIn(browser, stack, (await createDemoLookalike(account.email)).email),
    ),
  ]);
  revocable = { ...user, session: revokedSession };
  (Object.keys(accounts) as AccountName[]).forEach((name, index) => signedIn.set(name, sessions[index]!));
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

describe('the shell in the browser', () => {
  it('a revoked user is signed out within 15 s, and the next call with their token is refused', async () => {
    const { page } = revocable.session;
    const idToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    expect(idToken).toBeTruthy();
    const revokedAt = Date.now();

    await userAccessEntity
      .build(UpdateItemCommand)
      .item({ uid: revocable.uid, claims: { _revoked: revokedAt } })
      .send();

    await page.getByRole('button', { name: 'Login with Link' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - revokedAt).toBeLessThan(15_000);
    expect(await new ShellPage(page).userMenuButton.count()).toBe(0);
    const refused = await postCall('getSession', { data: {} }, { token: idToken! });
    expect(refused.status).toBe(401);
  });

  it('signed out, a guarded route shows the sign-in card with its link to the sign-in screen, titled Sign in · <product>', async () => {
    const { context, page } = await newPage();
    await page.goto(`${stack.appUrl}/admin/company`);

    const link = page.getByRole('link', { name: mustBeSignedInText });
    await link.waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Security Portal');
    // Not a blank page: the sign-in screen's card, named for the product, says why and where the link leads.
    expect(await page.getByRole('heading', { level: 1, name: 'Security Portal' }).count()).toBe(1);
    expect(await page.getByText('the link we send brings you back to this page').count()).toBe(1);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);

    await link.click();
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('while the session loads a guarded route shows a loading state, then the denial, never the sign-in link', async () => {
    const { context } = signedIn.get('manager')!;
    const page = await context.newPage();
    let releaseSession: () => void = () => undefined;
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route('**/api/calls/getSession', async (route) => {
      await sessionHeld;
      await route.continue();
    });

    await page.goto(`${stack.appUrl}/templates`);
    await page.getByRole('status').filter({ hasText: 'Loading your session' }).waitFor();
    expect(await page.getByText(accessDeniedText).count()).toBe(0);
    expect(await page.getByText(mustBeSignedInText).count()).toBe(0);
    releaseSession();

    await page.getByText(accessDeniedText).waitFor();
    expect(await page.getByText(mustBeSignedInText).count()).toBe(0);
    await page.close();
  });

  describe.each(Object.keys(accounts) as AccountName[])('%s', (name) => {
    it('sees exactly the menu entries of spec 6 and is refused a route it may not open', async () => {
      const account = accounts[name];
      const shell = shellOf(name);
      const choices = await shell.companyChoices();
      // Analysts of level 7+ see every company (tests may add some): put Acme Corp first in their session.
      if (choices.some((choice) => choice.name === 'Acme Corp') && (await shell.selectedCompany()) !== 'Acme Corp') {
        await shell.switchCompany('Acme Corp');
      }

      expect((await shell.menuEntries()).sort()).toEqual([...account.menu].sort());

      if (name === 'admin') {
        await shell.switchCompany('Globex');
        await expect.poll(() => shell.currentCompany.innerText()).toContain('Globex');
        expect(await shell.menuEntries()).not.toContain('Administration/DAST keys');
      }
      if (name === 'junior') expect(await shell.currentCompany.innerText()).toContain('No company selected');
      if (name === 'multi') return; // its denial depends on the company: the switch test below covers it

      await shell.open(account.deniedRoute);
      await shell.accessDenied.waitFor();
    });
  });

  it('multi@example.com: the company switch survives a reload and the menu follows the company flags', async () => {
    const shell = shellOf('multi');
    expect((await shell.companyChoices()).map((choice) => choice.name)).toEqual(['Acme Corp', 'Globex']);

    await shell.switchCompany('Globex');
    await expect.poll(async () => (await shell.menuEntries()).sort()).toEqual([...multiWithGlobexMenu].sort());
    await shell.page.reload();
    await shell.userMenuButton.waitFor();

    expect(await shell.selectedCompany()).toBe('Globex');
    expect((await shell.menuEntries()).sort()).toEqual([...multiWithGlobexMenu].sort());
    await shell.open(accounts.multi.deniedRoute);
    await shell.accessDenied.waitFor();
    // Customers with one company get no switch at all.
    expect(await shellOf('viewer').companyChoices()).toEqual([]);
  });

  it('the colour scheme survives a reload; mod+J switches it back', async () => {
    const shell = shellOf('viewer');
    const isDark = () => shell.page.evaluate(() => document.body.classList.contains('awsui-dark-mode'));
    expect(await isDark()).toBe(false);

    await shell.darkModeToggle.click();
    expect(await isDark()).toBe(true);
    await shell.page.reload();
    await shell.userMenuButton.waitFor();

    expect(await isDark()).toBe(true);
    expect(await shell.page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('dark');
    expect(await shell.darkModeToggle.getAttribute('aria-pressed')).toBe('true');
    await shell.page.keyboard.press('Control+J');
    await expect.poll(isDark).toBe(false);
  });

  it('mod+M toggles the side navigation; mod+H lists the hotkeys', async () => {
    const shell = shellOf('junior');
    await shell.openNavigation();

    await shell.page.keyboard.press('Control+M');
    await shell.navigation.waitFor({ state: 'hidden' });
    expect(await shell.navigationToggle.getAttribute('aria-expanded')).toBe('false');
    await shell.page.keyboard.press('Control+M');
    await shell.navigation.waitFor();
    expect(await shell.navigationToggle.getAttribute('aria-expanded')).toBe('true');

    await shell.page.keyboard.press('Control+H');
    const help = shell.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const hotkey of ['Ctrl + H', 'Ctrl + J', 'Ctrl + M']) expect(await help.getByText(hotkey).count()).toBe(1);
    await help.getByRole('button', { name: 'Close' }).first().click();
    await help.waitFor({ state: 'hidden' });
  });

  it('up to 768 px wide the navigation starts closed and closes after a sub-link is followed', async () => {
    const shell = shellOf('viewer');
    await shell.page.setViewportSize({ width: 700, height: 800 });
    try {
      await shell.open('/');
      expect(await shell.navigation.isVisible()).toBe(false);

      await shell.navigationToggle.click();
      await shell.navigation.getByRole('tab', { name: 'Reports' }).click();
      await shell.navigation.getByRole('link', { name: 'DAST', exact: true }).click();

      await shell.page.getByRole('heading', { name: 'DAST reports' }).waitFor();
      expect(new URL(shell.page.url()).pathname).toBe('/reports/dast');
      expect(await shell.navigation.isVisible()).toBe(false);
      // The page itself shows, not covered by the navigation.
      expect(await shell.page.getByRole('heading', { name: 'DAST reports' }).isVisible()).toBe(true);
    } finally {
      await shell.page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('the contact dialog sends the message and ends in the Message sent toast', async () => {
    const { page } = shellOf('manager');
    // The footer's button (a refused page offers one of its own too).
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    expect(Number(await message.getAttribute('rows'))).toBeGreaterThanOrEqual(4);
    await message.fill('The DAST report would be nicer with a chart.');
    await dialog.getByRole('radio', { name: 'Feature' }).check();

    await dialog.getByRole('button', { name: 'Send message' }).click();

    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByRole('status').filter({ hasText: 'Message sent' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('We will get back to you soon.');
  });

  it('the footer shows the version in its hover card; the shell has no serious accessibility violations', async () => {
    const shell = shellOf('analyst');
    await shell.open('/');
    await shell.page.getByRole('table', { name: 'Your events' }).waitFor();
    await shell.page.getByRole('button', { name: 'Version' }).hover();
    expect(await shell.page.getByRole('tooltip').innerText()).toContain('2025.10.20.1449');

    expect(await seriousViolations(shell.page)).toEqual([]);
  });
});

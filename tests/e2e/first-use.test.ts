// What a newcomer meets in the first minutes, in headless Chromium: Home's events told in
// words with links, new events without a reload, the company in use and its switch for a person of two
// companies, and Manage users for a junior analyst with no company. Every person is a fresh user (one
// sign-in link per address a minute; the demo accounts belong to the shell test), with the access of
// the demo account named beside them.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { ShellPage } from '../support/shell-page.js';
import { signInInBrowser, type SignedInBrowser } from '../support/sign-in.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { seriousViolations } from '../support/axe.js';

const stack = inject('localStack');
const runId = randomUUID().slice(0, 6);

let browser: Browser;
let analyst: { uid: string; email: string; session: SignedInBrowser }; // like admin@example.com: analyst 9
let multi: SignedInBrowser; // like multi@example.com: customer 2 of Acme Corp and Globex
let junior: SignedInBrowser; // like junior@example.com: analyst 5, no company

beforeAll(async () => {
  browser = await launchBrowser();
  const people = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Ana Analyst' }),
    createTestUser({ accessLevel: 2, companies: ['acme', 'globex'], displayName: 'Mia Multi' }),
    createTestUser({ userType: 'analyst', accessLevel: 5, displayName: 'Jun Junior' }),
  ]);
  const sessions = await Promise.all(people.map((person) => signInInBrowser(browser, stack, person.email)));
  analyst = { ...people[0], session: sessions[0]! };
  multi = sessions[1]!;
  junior = sessions[2]!;
});

afterAll(async () => {
  await browser?.close();
});

describe("Home's events in words", () => {
  it('a company the analyst created reads as a sentence whose company links to it on Manage companies', async () => {
    const slug = `words-${runId}`;
    await signedInCaller(analyst)('createCompany', { slug, companyName: `Words ${runId}` });
    const shell = new ShellPage(analyst.session.page);

    await shell.open('/');
    const events = shell.page.getByRole('table', { name: 'Your events' });
    const row = events.getByRole('row').filter({ hasText: `Ana Analyst created company Words ${runId}` });
    await row.waitFor();

    expect(await events.getByText('companyCreated').count()).toBe(0);
    expect(await row.getByText(/ago$/).getAttribute('title')).toMatch(/\d{4}/);
    await row.getByRole('link', { name: `Words ${runId}` }).click();
    await shell.page.getByRole('heading', { name: 'Manage companies', level: 1 }).waitFor();
    expect(new URL(shell.page.url()).search).toBe(`?company=${slug}`);
    const companies = shell.page.getByRole('table', { name: 'Companies' });
    await expect
      .poll(() => companies.getByRole('row').filter({ hasText: slug }).getByRole('radio').isChecked())
      .toBe(true);
  });

  it('an event made elsewhere appears on the open Home page without a reload (the 10 s poll)', async () => {
    const shell = new ShellPage(analyst.session.page);
    await shell.open('/');
    const events = shell.page.getByRole('table', { name: 'Your events' });
    await events.getByRole('row').nth(1).waitFor();
    const slug = `later-${runId}`;

    await signedInCaller(analyst)('createCompany', { slug, companyName: `Later ${runId}` });

    await events
      .getByRole('row')
      .filter({ hasText: `Ana Analyst created company Later ${runId}` })
      .waitFor({ timeout: 25_000 });
  });

  it('Home with events has no serious accessibility violations', async () => {
    const { page } = analyst.session;
    await page.getByRole('table', { name: 'Your events' }).getByRole('link').first().waitFor();

    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the company in use', () => {
  it('a customer of two companies sees it in the header and switches there; the pages follow', async () => {
    const shell = new ShellPage(multi.page);
    await shell.open('/');
    const switcher = shell.page.getByRole('button', { name: /^Current company: .*\. Switch company$/ });
    expect(await shell.currentCompany.innerText()).toContain('Acme Corp');
    expect(await shell.menuEntries()).toContain('Reports/DAST');

    await switcher.click();
    await shell.page.getByRole('menuitemcheckbox', { name: 'Globex', exact: true }).click();

    await expect.poll(() => shell.currentCompany.innerText()).toContain('Globex');
    await expect.poll(async () => (await shell.menuEntries()).includes('Reports/DAST')).toBe(false);
    expect(await shell.selectedCompany()).toBe('Globex');
    await shell.open('/reports/dast');
    await shell.accessDenied.waitFor();
    await shell.page.reload();
    await shell.userMenuButton.waitFor();
    expect(await shell.currentCompany.innerText()).toContain('Globex');
  });

  it('stays visible on a phone-sized screen', async () => {
    const shell = new ShellPage(multi.page);
    await shell.page.setViewportSize({ width: 375, height: 812 });
    try {
      await shell.open('/');
      expect(await shell.page.getByRole('button', { name: /^Current company: Globex\./ }).isVisible()).toBe(true);
    } finally {
      await shell.page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});

describe('Manage users without a company', () => {
  it('a junior analyst is told no company is assigned to them, and who can assign one', async () => {
    const shell = new ShellPage(junior.page);

    await shell.open('/admin/company/manage-users');

    await shell.page.getByRole('heading', { name: 'No company is assigned to you' }).waitFor();
    expect(await shell.page.getByText('An analyst of level 7 or above can assign one to you').isVisible()).toBe(true);
    expect(await shell.page.getByText(/user menu/).count()).toBe(0);
  });
});

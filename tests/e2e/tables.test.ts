// The table convention in headless Chromium ("Tables"): the text filter matches any part of
// what a row shows (on the server), the no-match state says what happened and clears the filter, the
// preferences (page size, columns) survive a reload, the e-mail column's order is the server's either
// way, identifiers never break mid-word, and every table page passes axe. Every person here is fresh;
// the demo accounts are only looked for, never signed in (they belong to the shell test).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CompaniesPage, ListTable, ManageUsersPage, PlatformUsersPage } from '../support/admin-pages.js';
import { launchBrowser } from '../support/browser.js';
import { ShellPage } from '../support/shell-page.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { seriousViolations } from '../support/axe.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 6);
/** Longer than the e-mail column is wide at 1280 px. */
const longEmail = `a-rather-long-mailbox-name-${run}@a-long-subdomain.of-a-company-with-a-long-name.example`;
const company = { slug: `tbl-${run}`, companyName: `Table Co ${run}` };

let browser: Browser;
let admin: SignedInBrowser;
let asAdmin: ReturnType<typeof signedInCaller>;

async function openPage<Shown extends ShellPage>(
  PageObject: (new (page: Page) => Shown) & { path: string },
): Promise<Shown> {
  const shown = new PageObject(admin.page);
  await shown.open(PageObject.path);
  return shown;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const adminUser = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Tia Tables' });
  asAdmin = signedInCaller(adminUser);
  expect((await asAdmin('createCompany', company)).statusCode).toBe(200);
  // More people than the smallest page holds, one of them with a long address, all in the company.
  await Promise.all([
    createTestUser({ email: longEmail, companies: [company.slug], displayName: 'Lola Long' }),
    ...Array.from({ length: 11 }, (_, index) =>
      createTestUser({ email: `member-${index}-${run}@test.example`, companies: [company.slug] }),
    ),
  ]);
  admin = await openSignedIn(browser, stack, adminUser.email);
  await admin.page.emulateMedia({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
});

describe('tables', () => {
  it('the filter finds any part of a row: "@ACME.EX" on Platform users finds viewer@acme.example', async () => {
    const users = (await openPage(PlatformUsersPage)).users;

    // Part of the e-mail, in other case: "acme" alone matches the suite's many test members of acme (their
    // companies column), which fill the first page before the demo users sort in.
    await users.filter.fill('@ACME.EX');

    // The whole suite's users are in this list (thousands by now): the table may search several windows of
    // 1,000 before the demo user's row, a call each, on a machine busy with the other suites.
    await users.waitForRow('viewer@acme.example', 45_000);
    expect(
      await users.page
        .getByText(/^\d+\+? match(es)?$/)
        .first()
        .innerText(),
    ).toMatch(/match/);
    for (const row of await users.table.getByRole('row').all()) {
      const text = (await row.innerText()).toLowerCase();
      if (!text.includes('e-mail')) expect(text).toContain('@acme.ex');
    }
  }, 90_000);

  it('a filter that matches nothing says so, and Clear filter brings the rows back', async () => {
    const users = (await openPage(PlatformUsersPage)).users;
    await users.waitForRow('@');
    const text = `nothing-like-this-${run}`;

    await users.filter.fill(text);
    await users.noMatch('users', text).waitFor();
    expect(await users.table.innerText()).not.toContain('Nobody has an account yet');
    await users.clearFilterButton.click();

    await users.waitForRow('@');
    expect(await users.filter.inputValue()).toBe('');
    expect(await users.noMatch('users', text).count()).toBe(0);
    expect(await users.rowCount()).toBeGreaterThan(0);
  });

  it('page size and hidden columns survive a reload', async () => {
    const users = await openPage(PlatformUsersPage);
    const table = users.users;
    await table.waitForRow('@');
    expect(await table.rowCount()).toBeGreaterThan(10);

    const preferences = await table.openPreferences();
    await preferences.getByRole('radio', { name: '10 users' }).check();
    await preferences.getByRole('checkbox', { name: 'Name', exact: true }).uncheck();
    await preferences.getByRole('button', { name: 'Confirm' }).click();
    await preferences.waitFor({ state: 'hidden' });
    expect(await table.rowCount()).toBe(10);
    expect(await table.columnNames()).not.toContain('Name');

    await users.page.reload();
    await table.waitForRow('@');

    expect(await table.rowCount()).toBe(10);
    expect(await table.columnNames()).not.toContain('Name');
    expect(await table.columnNames()).toContain('E-mail');
    const again = await table.openPreferences();
    expect(await again.getByRole('radio', { name: '10 users' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).first().click();
  });

  it('sorting the e-mail column asks the server for the other end of the list', async () => {
    const users = (await openPage(PlatformUsersPage)).users;
    await users.waitForRow('@');
    const last = (await asAdmin('listUsers', { descending: true, limit: 1 })).body.result.users[0].email as string;

    // The header's sorting control (the other button in it resizes the column).
    await users.table
      .getByRole('columnheader', { name: /E-mail/ })
      .getByRole('button')
      .first()
      .click();

    await expect.poll(async () => (await users.table.getByRole('row').nth(1).innerText()).split('\n')).toContain(last);
  });

  it('a long e-mail address stays on one line, cut with an ellipsis, the whole address on hover', async () => {
    const users = (await openPage(PlatformUsersPage)).users;
    await users.filter.fill(longEmail);
    const row = await users.waitForRow(longEmail);
    const cell = row.getByTitle(longEmail, { exact: true });

    const shown = await cell.evaluate((element) => {
      const style = getComputedStyle(element);
      const range = document.createRange();
      range.selectNodeContents(element);
      return {
        whiteSpace: style.whiteSpace,
        textOverflow: style.textOverflow,
        overflow: style.overflowX,
        lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        cut: element.scrollWidth > element.clientWidth,
        text: element.textContent,
      };
    });

    expect(shown).toMatchObject({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden', lines: 1 });
    expect(shown.cut).toBe(true);
    expect(shown.text).toBe(longEmail);
  });

  it('Manage companies finds a company by part of its name, in any case', async () => {
    const companies = (await openPage(CompaniesPage)).companies;

    await companies.filter.fill(`table CO ${run}`.toUpperCase());

    await companies.waitForRow(company.slug);
    expect(await companies.rowCount()).toBe(1);
  });

  it("Home's events are filtered by the server too", async () => {
    const shell = new ShellPage(admin.page);
    await shell.open('/');
    const events = new ListTable(shell.page, 'Your events', 'Find events');
    await events.waitForRow(company.companyName);

    await events.filter.fill(`(${company.slug})`);

    await events.waitForRow(company.companyName);
    expect(await events.rowCount()).toBe(1);
  });

  it.each([
    ['Home', '/', 'Your events'],
    ['Manage companies', CompaniesPage.path, 'Companies'],
    ['Manage users', ManageUsersPage.path, 'Users of'],
    ['Platform users', PlatformUsersPage.path, 'Users'],
    ['Platform services', '/admin/app/services', 'Services'],
  ])(
    '%s: the table page, its no-match state and its preferences pass axe',
    async (_name, path, heading) => {
      const shell = new ShellPage(admin.page);
      await shell.open(path);
      await shell.page.getByRole('heading', { name: heading }).first().waitFor();
      await shell.page
        .getByText(/^Loading /)
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(await seriousViolations(shell.page)).toEqual([]);

      await shell.page.getByRole('searchbox').first().fill(`no-such-row-${run}`);
      await shell.page.getByText(`match "no-such-row-${run}"`).first().waitFor();
      expect(await seriousViolations(shell.page)).toEqual([]);

      await shell.page.getByRole('button', { name: 'Preferences', exact: true }).click();
      const preferences = shell.page.getByRole('dialog', { name: 'Preferences' });
      await preferences.waitFor();
      await shell.page.setViewportSize({ width: 1280, height: 1400 });
      try {
        expect(await seriousViolations(shell.page)).toEqual([]);
      } finally {
        await preferences.getByRole('button', { name: 'Cancel' }).first().click();
        await shell.page.setViewportSize({ width: 1280, height: 720 });
      }
    },
    // Three axe passes of a full page: about 15 to 30 s on a busy 2-core machine.
    90_000,
  );
});

// /admin/company/notifications in headless Chromium: a company administrator (level 3) adds a daily rule for chosen
// users (told on the field to choose one first), sees it in the table, edits it to "at once" and deletes it; the
// page passes axe, the form included.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `notify-e2e-${run}`;
let browser: Browser;
let manager: SignedInBrowser;
let viewerEmail: string;

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Notify E2E ${run}`, flags: { enableDast: true, enableViewResultsNetwork: true } },
  );
  viewerEmail = (await createTestUser({ accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] })).email;
  browser = await launchBrowser();
  const user = await createTestUser({ accessLevel: 3, companies: [slug], displayName: 'Nora Notify' });
  manager = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('notification rules', () => {
  it('adds a daily rule for a chosen user, edits it to at once and deletes it', async () => {
    const page = manager.page;
    await page.goto(`${stack.appUrl}/admin/company/notifications`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await main.getByText('No notification rules').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add notification rule' });
    await dialog.getByRole('radio', { name: 'Daily digest' }).check();
    await dialog.getByRole('radio', { name: 'Chosen users' }).check();
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByText('Choose at least one user, or everyone.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: /Choose users/ }).click();
    await page.getByRole('option', { name: new RegExp(viewerEmail) }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: 'Daily digest' });
    await row.waitFor();
    expect(await row.textContent()).toContain('DAST');
    expect(await row.textContent()).toContain(viewerEmail);
    expect(await row.textContent()).toContain('High and above');

    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification rule' });
    await edit.getByRole('radio', { name: 'At once' }).check();
    await edit.getByRole('radio', { name: 'Everyone of the company who may view the service' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    const edited = main.getByRole('row').filter({ hasText: 'At once' });
    await edited.waitFor();
    expect(await edited.textContent()).toContain('Everyone who may view DAST');

    await edited.getByRole('radio').check();
    await main.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the DAST rule?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await main.getByText('No notification rules').waitFor();
  }, 120_000);
});

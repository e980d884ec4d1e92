// /analyst/locations in headless Chromium: an analyst of level 7 adds a location for the company selected in the
// header, is told on the Ranges field that a block has host bits set (the server's words, with the block meant),
// corrects it, sees the row, edits it, and deletes it; the page passes axe.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
let browser: Browser;
let analyst: SignedInBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Lia Locations' });
  analyst = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('manage locations', () => {
  it('adds a location, shows the server’s word on a wrong range, edits and deletes it', async () => {
    const run = randomUUID().slice(0, 8);
    const name = `Lab ${run}`;
    const page = analyst.page;
    await page.goto(`${stack.appUrl}/analyst/locations`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Manage locations' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add location' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Ranges' }).fill('10.77.3.1/16');
    await dialog.getByRole('textbox', { name: 'Network' }).fill(`e2e-${run}`);
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await dialog.getByText('"10.77.3.1/16" has host bits set: did you mean 10.77.0.0/16?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Ranges' }).fill('10.77.0.0/16\n2001:db8:77::/48');
    await dialog.getByRole('textbox', { name: 'Domains' }).fill('lab.acme.example');
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('10.77.0.0/16, 2001:db8:77::/48');

    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    const renamed = main.getByRole('row').filter({ hasText: `${name} renamed` });
    await renamed.waitFor();

    await renamed.getByRole('radio').check();
    await main.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Delete ${name} renamed?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => main.getByRole('row').filter({ hasText: name }).count()).toBe(0);
  }, 90_000);
});

// /admin/keys_email in headless Chromium: a level-9 administrator sees the seeded local identity, is told in the
// server's words that "not a domain" is no identity, adds a domain and sees its three DKIM CNAME records verified,
// makes an address under it the sign-in sender (stored; tests/integration/mail-identities.test.ts shows the next
// sign-in mail comes from it), then sets it back and removes
// the domain. The page passes axe.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getMailSettingsRecord } from '../../lambdas/kernel/data/entities/mail-settings.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
let browser: Browser;
let admin: SignedInBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Mia Mail' });
  admin = await openSignedIn(browser, stack, user.email);
  // No entrance animations: axe then measures colours as they end up, not half faded in (the flash bar).
  await admin.page.emulateMedia({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
});

describe('E-mail keys', () => {
  it('adds a domain with its DKIM records, chooses a sign-in sender under it, and removes it again', async () => {
    const domain = `e2e-${randomUUID().slice(0, 8)}.example.org`;
    const page = admin.page;
    await page.goto(`${stack.appUrl}/admin/keys_email`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'E-mail keys' }).waitFor();
    await main.getByRole('row').filter({ hasText: 'portal.local' }).filter({ hasText: 'Verified' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Add identity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sending identity' });
    await dialog.getByRole('textbox', { name: 'Domain or address' }).fill('not a domain');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('must be a domain').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Domain or address' }).fill(domain);
    await dialog.getByRole('button', { name: 'Add' }).click();

    const row = main.getByRole('row').filter({ hasText: domain });
    await row.filter({ hasText: 'Verified' }).waitFor();
    expect(((await row.textContent()) ?? '').match(/\._domainkey\./g)).toHaveLength(3);

    const signIn = main.getByRole('textbox', { name: 'Sign-in mail sender' });
    await signIn.fill(`hello@${domain}`);
    await main.getByRole('button', { name: 'Save senders' }).click();
    await page.getByText('The next mails use these senders.').waitFor();
    expect((await getMailSettingsRecord()).senders.signIn).toBe(`hello@${domain}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Removing the identity that sends sign-in mail is refused, in the server's words.
    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove sending identity' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByText('choose another sender for it first').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await main.getByRole('textbox', { name: 'Sign-in mail sender' }).fill('');
    await main.getByRole('button', { name: 'Save senders' }).click();
    await expect.poll(async () => (await getMailSettingsRecord()).senders.signIn, { timeout: 10_000 }).toBeUndefined();
    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await main.getByRole('row').filter({ hasText: domain }).waitFor({ state: 'detached' });
  }, 90_000);
});

// /admin/dast in headless Chromium: a customer of level 3 of a company of its own (DAST triggering on, so keys other
// suites make for acme never crowd the table) creates a key, is told on
// the Allowed targets field that an ftp URL is no target (the server's words), corrects it, sees the key once with a
// copy button, and the key works; then revokes it and it stops working. The page passes axe. With a sign-in older
// than 10 minutes, creating a key first asks "Confirm it's you" (step-up): cancelled or with a wrong code nothing is
// made; with the code mailed there and then the same request goes through, and its event names the proof.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { verifyDastKey } from '../../lambdas/kernel/dast-keys/verify-dast-key.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { ageSignIn } from '../support/aged-sign-in.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { nextSignInMail } from '../support/outbox.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `dast-keys-e2e-${run}`;
let browser: Browser;
let manager: SignedInBrowser;
let managerUser: { uid: string; email: string };

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: `DAST Keys E2E ${run}`, flags: { enableDast: true, enableDastTriggering: true } },
  );
  browser = await launchBrowser();
  const user = await createTestUser({
    userType: 'customer',
    accessLevel: 3,
    companies: [slug],
    displayName: 'Dana Keys',
  });
  managerUser = user;
  manager = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('DAST keys', () => {
  it('creates a key shown once that works, refuses a bad target in the server’s words, and revokes it', async () => {
    const name = `Pipeline ${randomUUID().slice(0, 8)}`;
    const page = manager.page;
    await page.goto(`${stack.appUrl}/admin/dast`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'DAST keys' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create DAST key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Allowed targets' }).fill('ftp://files.acme.example');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('must be an http or https URL').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Allowed targets' }).fill('https://app.acme.example/\nscan.acme.example');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: `Key created: ${name}` });
    await shown.waitFor();
    const key = /spdk_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}/.exec((await shown.textContent()) ?? '')?.[0];
    expect(key).toMatch(/^spdk_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    await shown.getByRole('button', { name: 'Copy key' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(verifyDastKey(`Bearer ${key}`, 'dast:trigger')).resolves.toMatchObject({ companyId: slug });
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = main.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('https://app.acme.example/, scan.acme.example');
    expect(await row.textContent()).not.toContain(key!.slice(18));

    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Revoke ${name}?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await main.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Revoked' }).waitFor();
    await expect(verifyDastKey(`Bearer ${key}`, 'dast:trigger')).rejects.toMatchObject({ status: 'UNAUTHENTICATED' });
  }, 90_000);

  it("asks a sign-in older than 10 minutes to confirm it's you: cancel or a wrong code make nothing, the mailed code does", async () => {
    const name = `Step-up ${randomUUID().slice(0, 8)}`;
    const page = manager.page;
    await ageSignIn(page, stack, { email: managerUser.email, ageSeconds: 20 * 60 });
    await page.goto(`${stack.appUrl}/admin/dast`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'DAST keys' }).waitFor();
    const keysMade = async () =>
      (await listEventsCreatedBy(managerUser.uid, { limit: 10, descending: true })).events.filter(
        (event) => event.type === 'dastKeyCreated' && event.summary.includes(name),
      );

    const create = page.getByRole('dialog', { name: 'Create DAST key' });
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    const askToCreate = async () => {
      await create.getByRole('textbox', { name: 'Name' }).fill(name);
      await create.getByRole('textbox', { name: 'Allowed targets' }).fill('https://app.acme.example/');
      await create.getByRole('button', { name: 'Create key' }).click();
      await stepUp.waitFor();
    };
    await main.getByRole('button', { name: 'Create key' }).click();
    await askToCreate();
    expect(await stepUp.textContent()).toContain('This action needs a sign-in proof from the last 10 minutes.');
    expect(await seriousViolations(page)).toEqual([]);
    await stepUp.getByRole('button', { name: 'Cancel' }).click();
    await stepUp.waitFor({ state: 'hidden' });
    await create.getByText("Confirm it's you: this action needs a sign-in proof from the last 10 minutes.").waitFor();
    expect(await keysMade()).toEqual([]);

    await askToCreate();
    await stepUp.getByRole('button', { name: 'Email me a code' }).click();
    const { code } = await nextSignInMail(managerUser.email, 1, 10_000);
    await page.getByTestId('step-up-sent').getByText(`We e-mailed a code to ${managerUser.email}.`).waitFor();
    const wrongCode = code.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));
    await stepUp.getByRole('textbox', { name: /^Code/ }).fill(wrongCode);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('step-up-error').getByText('That code did not work').waitFor();
    expect(await keysMade()).toEqual([]);

    await stepUp.getByRole('textbox', { name: /^Code/ }).fill(code);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: `Key created: ${name}` }).waitFor();
    await stepUp.waitFor({ state: 'hidden' });
    await main.getByRole('row').filter({ hasText: name }).waitFor();
    const made = await keysMade();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ signInProof: 'code' });
  }, 90_000);
});

// Passkeys as a person uses them, in headless Chromium with its virtual authenticator (the DevTools WebAuthn
// domain): add one on Settings, see it listed, sign out, sign in with it (no mail), remove it, and see sign-in
// with it refused. WebAuthn refuses an IP address as relying party, so the page is opened on the same stack's
// localhost address (an allowed origin), where the local pool's relying party is `localhost`. A person with a
// passkey whose sign-in is older than 10 minutes confirms an action that matters (step-up) with it.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { ageSignIn } from '../support/aged-sign-in.js';
import { launchBrowser } from '../support/browser.js';
import { ShellPage } from '../support/shell-page.js';
import { signInInBrowser } from '../support/sign-in.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const { appUrl, mailUrl } = stack;
const siteUrl = appUrl.replace('//127.0.0.1:', '//localhost:');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A platform authenticator with user verification, answering every dialog as the person would. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    setUserVerified: (isUserVerified: boolean) =>
      cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

async function signInWithPasskey(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

describe('passkeys in the browser', () => {
  it('adds a passkey on Settings, signs in with it without a mail, removes it, and is then refused', async () => {
    const { email } = await createTestUser({ displayName: 'Pat Passkey' });
    const { context, page } = await signInInBrowser(browser, { appUrl: siteUrl, mailUrl }, email);
    const authenticator = await virtualAuthenticator(context, page);
    const shell = new ShellPage(page);
    const passkeyRows = page.getByRole('table', { name: 'Passkeys' }).getByRole('row');

    await page.goto(`${siteUrl}/profile`);
    await expect.poll(() => page.getByText('No passkeys').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect
      .poll(() => page.getByRole('rowheader', { name: 'Passkey 1' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await passkeyRows.count()).toBe(2); // the header row and the passkey
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true, signCount: 1 });

    await shell.signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor({ timeout: 10_000 });
    await signInWithPasskey(page, email);
    await page.getByRole('button', { name: /, user menu$/ }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await authenticator.credentials())[0]?.signCount).toBe(2);

    await page.goto(`${siteUrl}/profile`);
    await page.getByRole('button', { name: 'Remove Passkey 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('No passkeys').isVisible(), { timeout: 10_000 }).toBe(true);

    await shell.signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor({ timeout: 10_000 });
    await signInWithPasskey(page, email);
    await expect
      .poll(() => page.getByTestId('passkey-sign-in-error').innerText(), { timeout: 20_000 })
      .toContain('This passkey was not accepted');
    expect(await page.getByRole('button', { name: /, user menu$/ }).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('says so when the passkey dialog ends without a passkey', async () => {
    const { email } = await createTestUser({ displayName: 'Cass Cancel' });
    const context = await browser.newContext();
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(context, page);
    // The person does not verify themselves: the browser's dialog ends with NotAllowedError, as when cancelled.
    await authenticator.setUserVerified(false);
    await page.goto(siteUrl);

    await signInWithPasskey(page, email);

    await expect
      .poll(() => page.getByTestId('passkey-sign-in-error').innerText(), { timeout: 20_000 })
      .toContain('The passkey dialog was closed before a passkey was chosen');
    await context.close();
  });

  it("confirms it's you with the passkey when a sign-in older than 10 minutes creates a DAST key", async () => {
    const slug = `passkey-step-up-${randomUUID().slice(0, 8)}`;
    await createCompanyAs(
      { uid: 'tests', email: 'tests@example.com' },
      { slug, companyName: `Passkey Step-up ${slug}`, flags: { enableDast: true, enableDastTriggering: true } },
    );
    const user = await createTestUser({ accessLevel: 3, companies: [slug], displayName: 'Sam Stepup' });
    const { context, page } = await signInInBrowser(browser, { appUrl: siteUrl, mailUrl }, user.email);
    await virtualAuthenticator(context, page);
    await page.goto(`${siteUrl}/profile`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('rowheader', { name: 'Passkey 1' }).waitFor({ timeout: 10_000 });

    await ageSignIn(page, stack, { email: user.email, ageSeconds: 20 * 60 });
    await page.goto(`${siteUrl}/admin/dast`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create DAST key' });
    const name = `Passkey step-up ${randomUUID().slice(0, 8)}`;
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Allowed targets' }).fill('https://app.acme.example/');
    await create.getByRole('button', { name: 'Create key' }).click();
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    await stepUp.getByRole('button', { name: 'Use a passkey' }).click();

    await page.getByRole('dialog', { name: `Key created: ${name}` }).waitFor({ timeout: 20_000 });
    const { events } = await listEventsCreatedBy(user.uid, { limit: 5, descending: true });
    expect(events.find((event) => event.type === 'dastKeyCreated')).toMatchObject({ signInProof: 'passkey' });
    await context.close();
  }, 90_000);
});

// Vault links in headless Chromium, in two browsers: an analyst signed in, and an anonymous recipient. A share
// link (text, then a file) is made on the analyst's page, encrypted there, opened and revealed in the other
// browser, which finds it gone on a second opening; a link sent without its key asks for the key; a damaged key
// says the link is broken. A request link is answered by the anonymous browser, sealed to the analyst's key,
// and collected and opened in the analyst's browser; a key swapped by the server is refused by the responder.
// The vault page carries no-store, no-referrer and the strict CSP, drops the fragment from the address bar,
// and passes axe.
import { randomUUID, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  const user = await createTestUser({ userType: 'analyst', accessLevel: 5, displayName: 'Vera Vault' });
  analyst = await openSignedIn(browser, stack, user.email);
  await analyst.page.emulateMedia({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser context with nobody signed in: the recipient. */
async function anonymous(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ acceptDownloads: true });
  return { context, page: await context.newPage() };
}

async function createShareLink(
  page: Page,
  secret: { text: string } | { file: { name: string; mimeType: string; buffer: Buffer } },
  options: { views?: number; label?: string } = {},
): Promise<string> {
  await page.goto(`${stack.appUrl}/analyst/vault/link`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'New share link' }).waitFor();
  if ('text' in secret) {
    await main.getByRole('textbox', { name: 'Secret' }).fill(secret.text);
  } else {
    // Cloudscape's segmented control: a group of toggle buttons.
    await main.getByRole('button', { name: 'File', exact: true }).click();
    await main.locator('input[type="file"]').setInputFiles(secret.file);
  }
  if (options.views) await main.getByRole('spinbutton', { name: 'Views' }).fill(String(options.views));
  if (options.label) await main.getByRole('textbox', { name: 'Label' }).fill(options.label);
  await main.getByRole('button', { name: 'Encrypt and create link' }).click();
  const link = main.getByRole('textbox', { name: 'Share link' });
  await link.waitFor();
  return link.inputValue();
}

describe('share links', () => {
  it('a text is encrypted by the analyst, revealed once by an anonymous recipient, then gone', async () => {
    const secret = `vpn-${randomUUID()}`;
    const url = await createShareLink(analyst.page, { text: secret }, { label: 'VPN for Acme' });
    expect(url).toMatch(new RegExp(`^${stack.appUrl}/vault/s/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}$`));

    const recipient = await anonymous();
    try {
      const { page } = recipient;
      const answer = await page.goto(url);
      expect(answer?.headers()['cache-control']).toBe('no-store');
      expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
      const reveal = page.getByRole('button', { name: 'Reveal secret' });
      await reveal.waitFor();
      // The key is out of the address bar once read, and the page loaded none of the signed-in app.
      expect(page.url()).toBe(url.split('#')[0]);
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
      expect(await page.getByText('It can be opened once').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      await reveal.click();
      const shown = page.getByRole('textbox', { name: 'Secret' });
      await shown.waitFor();
      expect(await shown.inputValue()).toBe(secret);
      expect(await page.getByText('This secret is now gone from the server').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      const second = await anonymous();
      await second.page.goto(url);
      await second.page.getByTestId('vault-problem').waitFor();
      expect(await second.page.getByTestId('vault-problem').textContent()).toMatch(/already opened/);
      await second.context.close();
    } finally {
      await recipient.context.close();
    }

    // The analyst's list says it was opened.
    const main = analyst.page.getByRole('main');
    await main.getByRole('button', { name: 'Refresh vault links' }).click();
    const row = main.getByRole('row').filter({ hasText: 'VPN for Acme' });
    await expect.poll(() => row.first().textContent()).toMatch(/Opened/);
  });

  it('a file round-trips byte for byte, with its name, over a link of two views', async () => {
    const bytes = Buffer.from(webcrypto.getRandomValues(new Uint8Array(50_000)));
    const url = await createShareLink(
      analyst.page,
      { file: { name: 'scope.bin', mimeType: 'application/octet-stream', buffer: bytes } },
      { views: 2 },
    );
    const recipient = await anonymous();
    try {
      const { page } = recipient;
      await page.goto(url);
      await page.getByRole('button', { name: 'Reveal secret' }).waitFor();
      expect(await page.getByText('It can be opened 2 more times').count()).toBe(1);
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await page.getByTestId('secret-file-name').waitFor();
      expect(await page.getByTestId('secret-file-name').textContent()).toBe('scope.bin');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Save file').click()]);
      expect(download.suggestedFilename()).toBe('scope.bin');
      expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);
      expect(await page.getByText('This link can be opened 1 more time.').count()).toBe(1);
    } finally {
      await recipient.context.close();
    }
  });

  it('a 3 MB file goes to the bucket sealed and comes back from it byte for byte, once', async () => {
    const bytes = Buffer.from(new Uint8Array(3 * 1024 * 1024).map((_, index) => (index * 7919) % 251));
    webcrypto.getRandomValues(bytes.subarray(0, 65_536));
    const url = await createShareLink(analyst.page, {
      file: { name: 'network-diagram.vsdx', mimeType: 'application/octet-stream', buffer: bytes },
    });
    const recipient = await anonymous();
    try {
      const { page } = recipient;
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(url);
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await page.getByTestId('secret-file-name').waitFor();
      expect(await page.getByTestId('secret-file-name').textContent()).toBe('network-diagram.vsdx');
      // The sealed file came from the bucket (the local origin's /s3/), not through the API.
      expect(fetched.some((path) => path.startsWith('/s3/') && path.includes('/vault/'))).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Save file').click()]);
      expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);
      expect(await page.getByText('This secret is now gone from the server').count()).toBe(1);
    } finally {
      await recipient.context.close();
    }
  });

  it('refuses a file over 10 MB on the form, before anything is sent', async () => {
    const page = analyst.page;
    await page.goto(`${stack.appUrl}/analyst/vault/link`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'File', exact: true }).click();
    await main.locator('input[type="file"]').setInputFiles({
      name: 'too-big.iso',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await main.getByRole('button', { name: 'Encrypt and create link' }).click();
    await main.getByText('The file is 10.0 MB: at most 10.0 MB can be sent.').waitFor();
    expect(await main.getByRole('textbox', { name: 'Share link' }).count()).toBe(0);
  });

  it('a link sent without its key asks for it; a damaged key says the link is broken and uses nothing up', async () => {
    const secret = `split-${randomUUID()}`;
    const url = await createShareLink(analyst.page, { text: secret });
    const [withoutKey, fragment] = url.split('#');
    const key = fragment!.slice(2);
    const recipient = await anonymous();
    try {
      const { page } = recipient;
      const damaged = `${key.slice(0, 10)}${key[10] === 'A' ? 'B' : 'A'}${key.slice(11)}`;
      await page.goto(`${withoutKey}#k=${damaged}`);
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await page.getByTestId('vault-problem').waitFor();
      expect(await page.getByTestId('vault-problem').textContent()).toMatch(/This link is broken/);

      await page.goto(withoutKey!);
      await page.getByRole('textbox', { name: 'Key' }).fill(key);
      await page.getByRole('button', { name: 'Use this key' }).click();
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      const shown = page.getByRole('textbox', { name: 'Secret' });
      await shown.waitFor();
      expect(await shown.inputValue()).toBe(secret);
    } finally {
      await recipient.context.close();
    }
  });
});

describe('request links', () => {
  async function createRequestLink(label: string): Promise<string> {
    const { page } = analyst;
    await page.goto(`${stack.appUrl}/analyst/vault/request`);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'What you need' }).fill(label);
    await main.getByRole('button', { name: 'Create request link' }).click();
    const link = main.getByRole('textbox', { name: 'Request link' });
    await link.waitFor({ timeout: 10_000 });
    expect(await main.getByRole('link', { name: 'Save key file' }).count()).toBe(1);
    return link.inputValue();
  }

  it('an anonymous person answers; the reply is collected and opened in the analyst’s browser only', async () => {
    const label = `VPN credentials ${randomUUID().slice(0, 8)}`;
    const url = await createRequestLink(label);
    expect(url).toMatch(/\/vault\/r\/[A-Za-z0-9_-]{22}#fp=[A-Za-z0-9_-]{22}$/);
    const secret = `acme-vpn-${randomUUID()}`;

    const responder = await anonymous();
    try {
      const { page } = responder;
      await page.goto(url);
      await page.getByTestId('vault-request-label').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('vault-request-label').textContent()).toBe(label);
      expect(page.url()).toBe(url.split('#')[0]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('textbox', { name: 'Secret' }).fill(secret);
      await page.getByRole('button', { name: 'Encrypt and send' }).click();
      await page.getByText('Only the analyst who asked can open it').waitFor({ timeout: 10_000 });

      // Once only: the link opened again (a new visit) cannot be answered twice.
      const again = await anonymous();
      await again.page.goto(url);
      await again.page.getByTestId('vault-problem').waitFor({ timeout: 10_000 });
      expect(await again.page.getByTestId('vault-problem').textContent()).toMatch(/already answered/);
      await again.context.close();
    } finally {
      await responder.context.close();
    }

    const main = analyst.page.getByRole('main');
    await main.getByRole('button', { name: 'Refresh vault links' }).click();
    await main.getByRole('radio', { name: `Select ${label}` }).click({ timeout: 10_000 });
    await main.getByRole('button', { name: 'Collect reply' }).click({ timeout: 10_000 });
    const dialog = analyst.page.getByRole('dialog', { name: label });
    const shown = dialog.getByRole('textbox', { name: 'Secret' });
    await shown.waitFor({ timeout: 10_000 });
    expect(await shown.inputValue()).toBe(secret);
  });

  it('the responder refuses a public key the server swapped, and sends nothing', async () => {
    const url = await createRequestLink(`Swapped ${randomUUID().slice(0, 8)}`);
    const other = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const swappedKey = Buffer.from(await webcrypto.subtle.exportKey('spki', other.publicKey)).toString('base64url');
    const responder = await anonymous();
    try {
      const { page } = responder;
      const replies: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/fulfilVaultRequest')) replies.push(request.url());
      });
      await page.route('**/api/calls/getVaultLink', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { result: { publicKey: string } };
        body.result.publicKey = swappedKey;
        await route.fulfill({ response: answer, json: body });
      });
      await page.goto(url);
      await page.getByRole('textbox', { name: 'Secret' }).fill('must not leave');
      await page.getByRole('button', { name: 'Encrypt and send' }).click();
      await page.getByText('does not match the link, so nothing was sent').waitFor();
      expect(replies).toEqual([]);
    } finally {
      await responder.context.close();
    }
  });
});

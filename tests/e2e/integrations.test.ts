// /admin/company/integrations in headless Chromium: a company administrator (level 3) is told on the field that a
// URL is refused, adds a webhook endpoint (its secret shown once), sends it a test message and reads the delivery in
// the endpoint's log, then deletes it; the page passes axe, the form and the secret included.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `hooks-e2e-${run}`;
let browser: Browser;
let manager: SignedInBrowser;
let receiver: Server;
const received: Array<{ headers: Record<string, string>; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Hooks E2E ${run}`, flags: { enableDast: true } },
  );
  browser = await launchBrowser();
  const user = await createTestUser({ accessLevel: 3, companies: [slug], displayName: 'Wendy Webhook' });
  manager = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhook endpoints', () => {
  it('refuses a bad URL on its field, adds an endpoint, tests it, reads the delivery and deletes it', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal`;
    const page = manager.page;
    await page.goto(`${stack.appUrl}/admin/company/integrations`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await main.getByText('No webhook endpoints').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill('https://10.0.0.7/hook');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText(/must not point at a private or internal address/i).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await secretDialog.getByText('Copy the secret now').waitFor();
    const secret = ((await secretDialog.textContent()) ?? '').match(/whsec_[A-Za-z0-9+/]{32}/)?.[0];
    expect(secret).toBeDefined();
    expect(await seriousViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const row = main.getByRole('row').filter({ hasText: url });
    await row.waitFor();
    expect(await row.textContent()).toContain('Signed JSON');
    await row.getByRole('radio').check();
    await main.getByText('No deliveries').waitFor();
    await main.getByRole('button', { name: 'Send test' }).click();
    for (let waited = 0; received.length === 0 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Webhook(secret!).verify(received[0]!.body, received[0]!.headers)).toMatchObject({
      type: 'webhook.test',
    });
    await main.getByRole('button', { name: 'Refresh deliveries' }).click();
    const delivery = main.getByRole('row').filter({ hasText: 'webhook.test' });
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('delivered');
    expect(await delivery.textContent()).toContain('204');
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the endpoint?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await main.getByText('No webhook endpoints').waitFor();
  }, 120_000);
});

// Exploit signals in headless Chromium, one signed-in administrator (level 9): on Threat feeds (/admin/feeds) they
// upload the demo's small KEV snapshot and see the import done; then on Acme's network findings (the demo's OpenVAS
// scan names CVE-2012-1823, PHP-CGI, in that catalogue) the Exploit filter narrows the list to known-exploited
// findings, each with its badge. Axe clean on both pages.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const kevSnapshot = path.resolve(
  import.meta.dirname,
  '../../infra/local/demo-feeds/known_exploited_vulnerabilities.json',
);
let browser: Browser;
let administrator: SignedInBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
  const user = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Fern Feeds' });
  expect((await signedInCaller(user)('setDefaultCompany', { slug: 'acme' })).statusCode).toBe(200);
  administrator = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('threat feeds and exploit signals', () => {
  it('an administrator uploads a KEV file and sees it done; the known-exploited filter shows badged findings', async () => {
    const page = administrator.page;
    await page.goto(`${stack.appUrl}/admin/feeds`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Threat feeds' }).waitFor();
    await main.locator('input[type="file"]').first().setInputFiles(kevSnapshot);
    await main.getByRole('button', { name: 'Upload Known Exploited Vulnerabilities (CISA)' }).click();
    await main.getByText('Done: 3 CVEs stored').waitFor({ timeout: 60_000 });
    expect(await main.getByText('2025.03.14').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    const service = new AnalystServicePage(page);
    await service.open(servicePaths.network);
    const table = page.getByRole('table', { name: 'Findings' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: /^Exploit filter/ }).click();
    await page.getByRole('option', { name: 'Known exploited' }).click();
    await expect
      .poll(async () => {
        const rows = await table.getByRole('row').count();
        const badges = await table.getByText('Known exploited', { exact: true }).count();
        return rows > 1 && badges === rows - 1;
      })
      .toBe(true);
    expect(await table.getByText('PHP-CGI', { exact: false }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});

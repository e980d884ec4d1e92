// The Scans table of /admin/dast in headless Chromium: a customer of level 3 of a company of its own sees the scan
// its pipeline triggered (queued), cancels it through the confirmation dialog, and the row shows it cancelled; the
// company's place under its limit is free again. The page passes axe with the dialog open.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { countActiveJobs } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { createDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { kernelAnalyst } from '../support/agent-fixtures.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { seedLocation } from '../support/location-fixtures.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `dast-scans-e2e-${run}`;
let browser: Browser;
let manager: SignedInBrowser;
let scanId: string;
const target = `https://app.acme.example/e2e-${run}`;

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: `DAST Scans E2E ${run}`, flags: { enableDast: true, enableDastTriggering: true } },
  );
  await seedLocation(slug, { name: 'Cloud scanners', domains: ['app.acme.example'], isDefault: true });
  const { key } = await createDastKeyAs(kernelAnalyst, slug, {
    name: 'Pipeline',
    allowedTargets: ['https://app.acme.example/'],
  });
  const triggered = await fetch(`${stack.appUrl}/api/dast/v1/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ target }),
  });
  expect(triggered.status).toBe(202);
  scanId = ((await triggered.json()) as { scanId: string }).scanId;
  browser = await launchBrowser();
  const user = await createTestUser({
    userType: 'customer',
    accessLevel: 3,
    companies: [slug],
    displayName: 'Sam Scans',
  });
  manager = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('DAST scans', () => {
  it('lists the triggered scan and cancels it after confirmation', async () => {
    const page = manager.page;
    await page.goto(`${stack.appUrl}/admin/dast`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: /^Scans/ }).waitFor();
    const row = main.getByRole('row').filter({ hasText: target });
    await row.filter({ hasText: 'Queued' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('radio').check();
    await main.getByRole('button', { name: 'Cancel scan' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Cancel the scan of ${target}?` });
    await confirm.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel scan' }).click();

    await main.getByRole('row').filter({ hasText: target }).filter({ hasText: 'Cancelled' }).waitFor();
    expect(await main.getByRole('row').filter({ hasText: target }).textContent()).toContain('Cancelled by');
    expect(await countActiveJobs(slug, 'dast')).toBe(0);
    expect(scanId).toMatch(/^[0-9a-z]+$/);
  }, 90_000);
});

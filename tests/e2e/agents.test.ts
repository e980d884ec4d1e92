// /analyst/agents in headless Chromium: an analyst of level 7 sees the company's agents with their status (one
// online, one stale), adds an agent with the wizard (location → one-time token and the commands that download the
// agent's file, check its SHA-256, enroll and run it), enrolls the reference agent with the token the page showed,
// unlinks the stale agent, and sees the counts on the locations table; each page passes axe.
import { createHash, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enrollAgent } from '../../agent/reference-agent.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { seedAgent } from '../support/agent-fixtures.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { seedLocation } from '../support/location-fixtures.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `agents-e2e-${run}`;
let browser: Browser;
let analyst: SignedInBrowser;

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: `Agents E2E ${run}`, flags: { enableDast: true } },
  );
  const location = await seedLocation(slug, { name: 'E2E site', isDefault: true });
  const now = Date.now();
  await seedAgent(slug, { locationId: location.locationId, name: 'online-scanner', lastHeartbeatAt: now - 60_000 });
  await seedAgent(slug, {
    locationId: location.locationId,
    name: 'stale-scanner',
    lastHeartbeatAt: now - 2 * 3600_000,
  });
  browser = await launchBrowser();
  const user = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ari Agents' });
  const chosen = await signedInCaller(user)('setDefaultCompany', { slug });
  expect(chosen.statusCode, JSON.stringify(chosen.body)).toBe(200);
  analyst = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('manage agents', () => {
  it('lists agents by status, adds one with the wizard, unlinks one, and counts them on the locations', async () => {
    const page = analyst.page;
    await page.goto(`${stack.appUrl}/analyst/agents`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Manage agents' }).waitFor();
    const online = main.getByRole('row').filter({ hasText: 'online-scanner' });
    await online.waitFor();
    expect(await online.textContent()).toContain('Online');
    expect(await main.getByRole('row').filter({ hasText: 'stale-scanner' }).textContent()).toContain('Stale');
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Add agent' }).click();
    await main.getByRole('heading', { name: 'Choose the location' }).first().waitFor();
    expect(await main.textContent()).toContain('E2E site');
    await main.getByRole('spinbutton', { name: 'Agents this token may enroll' }).fill('2');
    await main.getByRole('button', { name: 'Create token' }).click();
    await main.getByText('Shown once').waitFor();
    const shown = (await main.textContent()) ?? '';
    // The file the download command names is there, and the checksum the page shows is its own.
    expect(shown).toContain(`curl -fsSLO ${stack.appUrl}/agent/portal-agent.mjs`);
    const download = await fetch(`${stack.appUrl}/agent/portal-agent.mjs`);
    expect(download.status).toBe(200);
    const sha256 = createHash('sha256')
      .update(Buffer.from(await download.arrayBuffer()))
      .digest('hex');
    expect(shown).toContain(`SHA-256 of portal-agent.mjs${sha256}`);
    expect(shown).toContain(`echo "${sha256}  portal-agent.mjs" | sha256sum -c -`);
    expect(shown).toContain(`node portal-agent.mjs enroll --portal ${stack.appUrl} --token enr1.${slug}.`);
    expect(shown).toContain('node portal-agent.mjs run');
    expect(shown).not.toContain('npx tsx');
    const token = /enr1\.[a-z0-9-]+\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{43}/.exec(shown)?.[0];
    expect(token).toBeDefined();
    expect(await seriousViolations(page)).toEqual([]);

    const enrolled = await enrollAgent({ portal: stack.appUrl, token: token!, name: 'wizard-scanner' });
    expect(enrolled.slug).toBe(slug);
    await main.getByRole('button', { name: 'Done' }).click();
    const added = main.getByRole('row').filter({ hasText: 'wizard-scanner' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Pending');

    await main.getByRole('row').filter({ hasText: 'stale-scanner' }).getByRole('radio').check();
    await main.getByRole('button', { name: 'Unlink' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Unlink stale-scanner?' });
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect
      .poll(async () => main.getByRole('row').filter({ hasText: 'stale-scanner' }).textContent())
      .toContain('Unlinked');

    await page.goto(`${stack.appUrl}/analyst/locations`);
    const site = page.getByRole('main').getByRole('row').filter({ hasText: 'E2E site' });
    await site.waitFor();
    await expect.poll(async () => site.textContent()).toContain('1 / 2');
  }, 90_000);
});

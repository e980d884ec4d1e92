// /admin/company/sla in headless Chromium: a company administrator (level 3) sees the defaults, is told on the High
// field that -1 days is not allowed (the server's words), saves their own days and finds them after a reload; when
// someone else saved in between, the page says so and shows that policy instead of overwriting it. Axe clean.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getSlaPolicyRecord, putSlaPolicyRecord } from '../../lambdas/kernel/data/entities/sla-policies.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createDemoLookalike, createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `sla-e2e-${run}`;
let browser: Browser;
let manager: SignedInBrowser;

beforeAll(async () => {
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `SLA E2E ${run}`, flags: {} });
  browser = await launchBrowser();
  const user = await createTestUser({ accessLevel: 3, companies: [slug], displayName: 'Sally SLA' });
  manager = await openSignedIn(browser, stack, user.email);
});

afterAll(async () => {
  await browser?.close();
});

describe('the SLA policy page', () => {
  it('shows the defaults, names a bad day count on its field, saves days, and never overwrites another change', async () => {
    const page = manager.page;
    await page.goto(`${stack.appUrl}/admin/company/sla`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'SLA policy' }).waitFor();
    const field = (label: string) => main.getByRole('spinbutton', { name: label });
    await main.getByText('This company uses the defaults').waitFor();
    expect(await field('Critical').inputValue()).toBe('7');
    expect(await field('Low').inputValue()).toBe('180');
    expect(await seriousViolations(page)).toEqual([]);

    await field('High').fill('-1');
    await main.getByRole('button', { name: 'Save policy' }).click();
    await main.getByText('Must be 0 (due when published) or more days').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await getSlaPolicyRecord(slug)).version).toBe(0);

    await field('Critical').fill('3');
    await field('High').fill('14');
    await main.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('SLA policy saved').waitFor();
    expect(await getSlaPolicyRecord(slug)).toMatchObject({ days: { critical: 3, high: 14, medium: 90, low: 180 } });
    await page.reload();
    await main.getByText('Last saved by').waitFor();
    expect(await field('Critical').inputValue()).toBe('3');

    // Someone else saves meanwhile: this editor's save is refused and their policy shown.
    const current = await getSlaPolicyRecord(slug);
    await putSlaPolicyRecord(
      {
        ...current,
        days: { ...current.days, medium: 45 },
        version: current.version + 1,
        updatedBy: 'other@test.example',
      },
      current.version,
    );
    await field('Low').fill('100');
    await main.getByRole('button', { name: 'Save policy' }).click();
    await main.getByText('Someone else changed this policy').waitFor();
    expect((await getSlaPolicyRecord(slug)).days).toMatchObject({ medium: 45, low: 180 });
    await main.getByRole('button', { name: 'Show their policy' }).click();
    await main.getByText('Last saved by other@test.example').waitFor();
    expect(await field('Medium').inputValue()).toBe('45');
    expect(await field('Low').inputValue()).toBe('180');
  }, 90_000);
});

describe('due dates in the findings lists (the demo: a third of each service overdue, a third due soon)', () => {
  it('a customer narrows the report to overdue findings, then to those due within 7 days, from the SLA filter', async () => {
    const viewer = await createDemoLookalike('viewer@acme.example');
    const { context, page } = await openSignedIn(browser, stack, viewer.email);
    try {
      await page.goto(`${stack.appUrl}/reports/dast?sla=overdue`);
      const table = page.getByRole('table', { name: 'Findings' });
      await table.getByRole('row').nth(1).waitFor();
      expect(await table.getByRole('columnheader', { name: 'Due' }).count()).toBe(1);
      const dueCells = () =>
        table.getByRole('row').evaluateAll((rows, column) => {
          const headers = [...rows[0]!.querySelectorAll('th')].map((cell) => cell.textContent?.trim() ?? '');
          const index = headers.findIndex((text) => text.startsWith(column));
          return rows.slice(1).map((row) => row.querySelectorAll('th, td')[index]?.textContent?.trim() ?? '');
        }, 'Due');
      // The rows as read (the table's loading row is a row too, with no Due cell): every one overdue.
      await expect
        .poll(async () => {
          const overdue = await dueCells();
          return overdue.length > 0 && overdue.every((text) => /^Overdue since /.test(text));
        })
        .toBe(true);

      await page.getByRole('button', { name: /^SLA/ }).click();
      await page.getByRole('option', { name: 'Due within 7 days' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sla')).toBe('dueSoon');
      await expect.poll(async () => (await dueCells()).every((text) => /^Due /.test(text))).toBe(true);
      expect((await dueCells()).length).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an analyst narrows a service’s findings to the overdue ones', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Dana Due' });
    expect((await signedInCaller(user)('setDefaultCompany', { slug: 'acme' })).statusCode).toBe(200);
    const { context, page } = await openSignedIn(browser, stack, user.email);
    try {
      const service = new AnalystServicePage(page);
      await service.open(servicePaths.dast);
      const table = page.getByRole('table', { name: 'Findings' });
      await table.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: /^SLA/ }).click();
      await page.getByRole('option', { name: 'Overdue' }).click();
      await expect
        .poll(async () => {
          const texts = await table.locator('td').allInnerTexts();
          return texts.some((text) => text.startsWith('Overdue since')) && !texts.some((text) => /^Due \w/.test(text));
        })
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

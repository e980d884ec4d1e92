// The remediation loop in headless Chromium: a customer (level 3) opens a published finding of their DAST
// report, marks it fixed and asks for a retest; the analyst finds the request in the Review requests of every
// company (/analyst/reviews), where a second request is decided at once, and under "Review requests" on the DAST
// service page, and confirms the fix; the customer reads the answer in the finding's history. A company of its
// own, so the demo's figures stay as they are. Every page passes axe with the loop's parts shown.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { seedFindings } from '../support/seed-findings.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const slug = `loop-${randomUUID().slice(0, 8)}`;
let browser: Browser;
let customer: SignedInBrowser;
let analyst: SignedInBrowser;
let findingId: string;
let secondFindingId: string;
let customerCall: ReturnType<typeof signedInCaller>;
/** A finding whose scans no longer see one of its three URLs. */
let partlyFixedId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: 'Loop Co', flags: { enableDast: true } });
  [findingId, secondFindingId] = (await seedFindings({
    slug,
    count: 2,
    severity: 'high',
    published: true,
    host: 'loop.example',
  })) as [string, string];
  [partlyFixedId] = (await seedFindings({
    slug,
    count: 1,
    severity: 'medium',
    published: true,
    host: 'partial.example',
    fields: {
      title: 'Partly fixed finding',
      instances: [
        { uri: 'https://partial.example/a', method: 'GET' },
        { uri: 'https://partial.example/b', method: 'GET' },
        { uri: 'https://partial.example/c', method: 'GET', fixedAt: Date.UTC(2026, 0, 2, 12) },
      ],
      instanceCount: 2,
    },
  })) as [string];
  const customerUser = await createTestUser({
    userType: 'customer',
    accessLevel: 3,
    companies: [slug],
    displayName: 'Casey Customer',
  });
  customerCall = signedInCaller(customerUser);
  const analystUser = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ada Analyst' });
  // The analyst works on this company: it is their selected one.
  expect((await signedInCaller(analystUser)('setDefaultCompany', { slug })).statusCode).toBe(200);
  [customer, analyst] = await Promise.all([
    openSignedIn(browser, stack, customerUser.email),
    openSignedIn(browser, stack, analystUser.email),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the remediation loop', () => {
  // Two people in two browsers, each loading pages and waiting on the other's save: more than one page's 30 s.
  it(
    'a customer marks a finding fixed, the analyst confirms it, the customer reads the answer',
    { timeout: 90_000 },
    async () => {
      const { page } = customer;
      await page.goto(`${stack.appUrl}/reports/dast?finding=${findingId}`);
      const detail = page.locator('[aria-label="Finding detail"]');
      await detail.getByRole('button', { name: 'Mark fixed, request retest' }).click();
      const dialog = page.getByRole('dialog');
      // A request says what was fixed.
      await dialog.getByRole('button', { name: 'Request retest' }).click();
      await dialog.getByText('Say what was fixed').waitFor();
      await dialog.getByRole('textbox', { name: 'What was fixed' }).fill('Upgraded the web server');
      await dialog.getByRole('button', { name: 'Request retest' }).click();
      await detail.getByText('Retest requested').waitFor();
      await detail.getByText('Casey Customer marked it fixed and asked for a retest').waitFor();
      await expect.poll(() => detail.getByRole('button', { name: 'Mark fixed, request retest' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      const analystPage = analyst.page;
      // Every company's requests in one queue: the new one on top, with its company, service and who asked.
      await analystPage.goto(`${stack.appUrl}/analyst/reviews`);
      await analystPage.getByRole('heading', { name: 'Review requests', level: 1 }).waitFor();
      const requests = analystPage.getByRole('table', { name: 'Review requests' });
      const row = requests.getByRole('row').filter({ hasText: 'Upgraded the web server' });
      await row.waitFor({ timeout: 20_000 });
      for (const text of ['Loop Co', 'DAST', 'Retest', 'Casey Customer']) await row.getByText(text).first().waitFor();
      expect(await seriousViolations(analystPage)).toEqual([]);

      // A second request, decided right there: it leaves the queue.
      const asked = await customerCall('requestFindingReview', {
        slug,
        service: 'dast',
        findingId: secondFindingId,
        kind: 'retest',
        note: 'Rotated the keys',
      });
      expect(asked.statusCode, JSON.stringify(asked.body)).toBe(200);
      await analystPage.getByRole('button', { name: 'Refresh review requests' }).click();
      const second = requests.getByRole('row').filter({ hasText: 'Rotated the keys' });
      await second.waitFor({ timeout: 20_000 });
      await second.getByRole('radio').check();
      await analystPage.getByRole('button', { name: 'Decide', exact: true }).click();
      const inline = analystPage.getByRole('dialog');
      await inline.getByRole('radio', { name: /Still present/ }).check();
      await inline.getByRole('button', { name: 'Save decision' }).click();
      await analystPage.getByText('Decision saved').waitFor();
      await expect.poll(() => second.count()).toBe(0);
      expect(await seriousViolations(analystPage)).toEqual([]);

      await analystPage.goto(`${stack.appUrl}/analyst/services/dast`);
      const queue = analystPage.getByRole('table').filter({ hasText: 'Upgraded the web server' });
      await queue.waitFor({ timeout: 20_000 });
      await analystPage.getByRole('heading', { name: 'Review requests' }).waitFor();
      expect(await seriousViolations(analystPage)).toEqual([]);
      await queue.getByRole('button', { name: /^Decide / }).click();
      const decide = analystPage.getByRole('dialog');
      await decide.getByRole('radio', { name: /Fixed/ }).check();
      await decide.getByRole('textbox', { name: /Note for the customer/ }).fill('Retested: the banner is gone');
      await decide.getByRole('button', { name: 'Save decision' }).click();
      await expect.poll(() => analystPage.getByRole('heading', { name: 'Review requests' }).count()).toBe(0);

      await page.reload();
      await detail.getByText('Ada Analyst confirmed the fix').waitFor();
      await detail.getByText('“Retested: the banner is gone”').waitFor();
      await detail.getByText('Fixed', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it(
    'both views show "1 of 3 fixed" and the fixed instance; a customer asks for a retest of one instance',
    { timeout: 90_000 },
    async () => {
      const { page } = customer;
      await page.goto(`${stack.appUrl}/reports/dast?finding=${partlyFixedId}`);
      const row = page
        .getByRole('table', { name: 'Findings' })
        .getByRole('row')
        .filter({ hasText: 'Partly fixed finding' });
      await row.getByText('1 of 3 fixed').waitFor();
      const detail = page.locator('[aria-label="Finding detail"]');
      await detail.getByText('1 of 3 fixed').waitFor();
      const where = detail.getByRole('table', { name: 'Instances' });
      const fixedRow = where.getByRole('row').filter({ hasText: 'partial.example/c' });
      await fixedRow.getByText(/^Fixed \w+/).waitFor();
      expect(await where.getByRole('row').filter({ hasText: 'Open' }).count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);

      await detail.getByRole('button', { name: 'Mark fixed, request retest' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Instances fixed Every instance' }).click();
      // Only the open instances are offered.
      await expect.poll(() => page.getByRole('option', { name: /partial\.example\/c/ }).count()).toBe(0);
      await page.getByRole('option', { name: /partial\.example\/b/ }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: 'What was fixed' }).fill('Page b no longer reflects the input');
      await dialog.getByRole('button', { name: 'Request retest' }).click();
      await detail.getByText('Retest requested').waitFor();
      await detail.getByText('Casey Customer marked it fixed and asked for a retest (1 instance)').waitFor();

      const analystPage = analyst.page;
      await analystPage.goto(`${stack.appUrl}/analyst/services/dast?finding=${partlyFixedId}`);
      const analystRow = analystPage
        .getByRole('table', { name: 'Findings' })
        .getByRole('row')
        .filter({ hasText: 'Partly fixed finding' });
      await analystRow.getByText('1 of 3 fixed').waitFor({ timeout: 20_000 });
      const analystDetail = analystPage.locator('[aria-label="Finding detail"]');
      await analystDetail.getByText('1 of 3 fixed').waitFor();
      await analystDetail
        .getByRole('table', { name: 'Instances' })
        .getByRole('row')
        .filter({ hasText: 'partial.example/c' })
        .getByText(/^Fixed \w+/)
        .waitFor();
      expect(await seriousViolations(analystPage)).toEqual([]);
    },
  );
});

// CVSS vectors on the analyst service page and the customer's report in headless Chromium, against the local
// stack: an analyst opens a finding whose tool gave a CVSS 3.1 vector, opens the calculator, picks metrics (the
// vector follows, the live score and rating show), the field saves itself; a typed 4.0 vector sets the 4.0
// calculator's controls; a partial vector is not saved and says what it lacks. The customer's report detail then
// shows the analyst's vectors with their scores and ratings. No serious accessibility violation on either page.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { seedFindings } from '../support/seed-findings.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 6);
const slug = `cvss-ui-${run}`;
const toolVector = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N';
const vector40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';

let browser: Browser;
let analyst: SignedInBrowser;
let customer: SignedInBrowser;
let callAsAnalyst: ReturnType<typeof signedInCaller>;
let findingId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `CVSS UI ${run}`, flags: { enableDast: true } },
  );
  const [analystUser, customerUser] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Cora Scorer' }),
    createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }),
  ]);
  callAsAnalyst = signedInCaller(analystUser);
  expect((await callAsAnalyst('setDefaultCompany', { slug })).statusCode).toBe(200);
  [findingId] = (await seedFindings({
    slug,
    service: 'dast',
    count: 1,
    published: true,
    fields: { cvss: { score: 5.3, vector: toolVector, version: '3.1' } },
  })) as [string];
  [analyst, customer] = await Promise.all([
    openSignedIn(browser, stack, analystUser.email),
    openSignedIn(browser, stack, customerUser.email),
  ]);
  await analyst.page.emulateMedia({ reducedMotion: 'reduce' });
});

afterAll(async () => {
  await browser?.close();
});

/** The calculator's control of one metric, and the segment of one of its values. */
const segment = (field: Locator, metric: string, value: string) =>
  field.getByRole('toolbar', { name: metric }).getByRole('button', { name: value, exact: true });

describe('the CVSS calculator', () => {
  it('builds a 3.1 vector metric by metric, shows the live score, and saves it', async () => {
    const page = new AnalystServicePage(analyst.page);
    await page.openFinding(servicePaths.dast, findingId);
    const field = page.findingField('CVSS 3.1 vector');
    await field.getByText(`The tool's: 5.3 Medium, ${toolVector}`).waitFor();

    await field.getByRole('button', { name: 'CVSS 3.1 calculator' }).click();
    // Nothing of the analyst's yet: no metric picked.
    expect(await segment(field, 'Attack Vector (AV)', 'Network (N)').getAttribute('aria-pressed')).toBe('false');
    const picks: Array<[string, string]> = [
      ['Attack Vector (AV)', 'Network (N)'],
      ['Attack Complexity (AC)', 'Low (L)'],
      ['Privileges Required (PR)', 'None (N)'],
      ['User Interaction (UI)', 'None (N)'],
      ['Scope (S)', 'Unchanged (U)'],
      ['Confidentiality (C)', 'High (H)'],
      ['Integrity (I)', 'High (H)'],
    ];
    for (const [metric, value] of picks) await segment(field, metric, value).click();
    // Seven of eight metrics: the vector text follows, and is not saved.
    const input = field.getByRole('textbox', { name: 'CVSS 3.1 vector' });
    expect(await input.inputValue()).toBe('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H');
    await field.getByText('expected a CVSS 3.1 base vector, A is missing').waitFor();

    await segment(field, 'Availability (A)', 'High (H)').click();
    expect(await input.inputValue()).toBe('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    await field.getByText('Score 9.8 Critical').waitFor();
    await page.fieldStatus('CVSS 3.1 vector', 'Saved').waitFor();
    expect(await seriousViolations(page.page)).toEqual([]);

    const stored = (await callAsAnalyst('getFinding', { slug, service: 'dast', findingId })).body.result;
    expect(stored.cvss31).toEqual({
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      score: 9.8,
      source: 'analyst',
    });
    expect(stored.fieldVersions.cvss31).toBe(1);
  }, 60_000);

  it('sets the calculator from a typed 4.0 vector and saves it', async () => {
    const page = new AnalystServicePage(analyst.page);
    const field = page.findingField('CVSS 4.0 vector');
    await field.getByRole('textbox', { name: 'CVSS 4.0 vector' }).fill(vector40);
    await field.getByText('Score 9.3 Critical').waitFor();
    await page.fieldStatus('CVSS 4.0 vector', 'Saved').waitFor();
    await field.getByRole('button', { name: 'CVSS 4.0 calculator' }).click();
    expect(await segment(field, 'Attack Requirements (AT)', 'None (N)').getAttribute('aria-pressed')).toBe('true');
    expect(
      await segment(field, 'Confidentiality (subsequent system) (SC)', 'None (N)').getAttribute('aria-pressed'),
    ).toBe('true');
    // The detail below the curation shows both, with their scores.
    await page.findingDetail.getByText('9.3 Critical').first().waitFor();
    const stored = (await callAsAnalyst('getFinding', { slug, service: 'dast', findingId })).body.result;
    expect(stored.cvss40).toEqual({ vector: vector40, score: 9.3, source: 'analyst' });
  }, 60_000);

  it("shows the customer the analyst's vectors with their scores and ratings", async () => {
    const { page } = customer;
    await page.goto(`${stack.appUrl}/reports/dast?finding=${findingId}`);
    const detail = page.getByLabel('Finding detail');
    await detail.getByText('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H').waitFor({ timeout: 20_000 });
    expect(await detail.getByText('9.8 Critical').count()).toBe(1);
    expect(await detail.getByText(vector40).count()).toBe(1);
    expect(await detail.getByText('9.3 Critical').count()).toBe(1);
    // Whose vector it is stays the analysts' business.
    expect(await detail.getByText('set by an analyst').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);
});

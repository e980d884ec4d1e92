// A finding's conversation in headless Chromium: a customer asks a question on a published finding of their DAST
// report, the analyst reads it on the service page's finding detail and answers, and the customer reads the
// answer — each comment with its author's name and side, its line breaks kept, markup shown as text. A refused
// comment says why next to the box. A company of its own; both details pass axe with the conversation shown.
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
const slug = `chat-${randomUUID().slice(0, 8)}`;
let browser: Browser;
let customer: SignedInBrowser;
let analyst: SignedInBrowser;
let findingId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: 'Chat Co', flags: { enableDast: true } });
  [findingId] = (await seedFindings({ slug, count: 1, severity: 'high', published: true, host: 'chat.example' })) as [
    string,
  ];
  const customerUser = await createTestUser({
    userType: 'customer',
    accessLevel: 2,
    companies: [slug],
    displayName: 'Casey Customer',
  });
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

describe("a finding's conversation", () => {
  it('a customer asks, the analyst answers, both read the names', { timeout: 90_000 }, async () => {
    const { page } = customer;
    await page.goto(`${stack.appUrl}/reports/dast?finding=${findingId}`);
    const detail = page.locator('[aria-label="Finding detail"]');
    const talk = detail.getByRole('region', { name: 'Conversation' });
    await talk.getByText('No comments yet.').waitFor();
    const box = talk.getByRole('textbox', { name: 'Your comment' });

    // Too long: the server's refusal shows next to the box, and nothing is added.
    await box.fill('x'.repeat(10_001));
    await talk.getByRole('button', { name: 'Comment' }).click();
    await talk.getByText('must be at most 10,000 characters').waitFor();
    expect(await talk.getByRole('listitem').count()).toBe(0);

    await box.fill('Is this still open?\nWe patched <b>nginx</b> yesterday.');
    await talk.getByRole('button', { name: 'Comment' }).click();
    const comments = talk.getByRole('list', { name: 'Comments' });
    const question = comments.getByRole('listitem').filter({ hasText: 'Is this still open?' });
    await question.waitFor();
    await question.getByText('Casey Customer').waitFor();
    await question.getByText('Customer', { exact: true }).waitFor();
    // Plain text with its line break: the markup is shown, not applied.
    expect(await question.getByText(/We patched <b>nginx<\/b> yesterday\./).count()).toBe(1);
    expect(await question.locator('b').count()).toBe(0);
    expect(await question.innerText()).toContain('Is this still open?\nWe patched <b>nginx</b> yesterday.');
    expect(await box.inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);

    const analystPage = analyst.page;
    await analystPage.goto(`${stack.appUrl}/analyst/services/dast?finding=${findingId}`);
    const analystTalk = analystPage.getByRole('region', { name: 'Conversation' });
    await analystTalk.getByText('Is this still open?').waitFor({ timeout: 20_000 });
    await analystTalk.getByText('Casey Customer').waitFor();
    await analystTalk.getByRole('textbox', { name: 'Your comment' }).fill('It is. We will retest tomorrow.');
    await analystTalk.getByRole('button', { name: 'Comment' }).click();
    const answer = analystTalk.getByRole('listitem').filter({ hasText: 'We will retest tomorrow.' });
    await answer.getByText('Ada Analyst').waitFor();
    await answer.getByText('Analyst', { exact: true }).waitFor();
    expect(await seriousViolations(analystPage)).toEqual([]);

    await page.reload();
    const items = talk.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.nth(0).innerText()).toContain('Casey Customer');
    expect(await items.nth(1).innerText()).toContain('Ada Analyst');
    expect(await items.nth(1).innerText()).toContain('It is. We will retest tomorrow.');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

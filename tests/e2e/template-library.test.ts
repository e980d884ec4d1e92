// The finding-template library (issue 10) in headless Chromium: the search box (the unmodified Algolia
// lite client against the stack's search endpoint) finds a seeded template despite a typo and marks the
// matched word; a template is created from the dialog; and two browsers editing the same template: on the
// same field the second sees the lock with the first one's value, Keep mine stores theirs over it, and in
// another round Take theirs shows the stored value with the red cross; on different fields both save.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toast } from '../support/admin-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { signInInBrowser, type SignedInBrowser } from '../support/sign-in.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { TemplateLibraryPage } from '../support/template-pages.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
/** Letters only: the search splits words on anything else. */
const run = randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)
  .padEnd(6, 'q');

let browser: Browser;
let first: SignedInBrowser;
let second: SignedInBrowser;
let asFirst: ReturnType<typeof signedInCaller>;

beforeAll(async () => {
  browser = await launchBrowser();
  const [one, two] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Tia Templates' }),
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Tom Templates' }),
  ]);
  asFirst = signedInCaller(one);
  [first, second] = await Promise.all([
    signInInBrowser(browser, stack, one.email),
    signInInBrowser(browser, stack, two.email),
  ]);
  await Promise.all([first, second].map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
});

afterAll(async () => {
  await browser?.close();
});

async function createTemplate(title: string): Promise<string> {
  const created = await asFirst('createTemplate', {
    title,
    severity: 'medium',
    description: 'As created',
    remediation: 'Fix it',
  });
  expect(created.statusCode).toBe(200);
  return created.body.result.templateId as string;
}

async function storedTemplate(templateId: string) {
  const read = await asFirst('getTemplate', { templateId });
  expect(read.statusCode).toBe(200);
  return read.body.result as { title: string; description: string; remediation: string };
}

describe('finding template search', () => {
  it('finds a seeded template despite a typo and marks the matched word', async () => {
    const library = new TemplateLibraryPage(first.page);
    await library.openLibrary();
    // The seeded library holds ZAP's "Cross-Domain Misconfiguration"; the query misses a letter.
    await library.searchBox.fill('misconfiguraton');

    const row = library.row('Cross-Domain Misconfiguration');
    await row.waitFor();
    const marked = await row.locator('mark').allInnerTexts();
    expect(marked).toContain('Misconfiguration');
    await library.page.getByText(/^\d+ match(es)?$/).first().waitFor();

    // Clearing the box lists the library again, a page at a time.
    await library.searchBox.fill('');
    await expect.poll(() => library.library.locator('mark').count()).toBe(0);
    await expect.poll(() => library.library.getByRole('row').count()).toBeGreaterThan(10);
  });
});

describe('creating a template', () => {
  it('creates one from the dialog, opens it, and search finds it', async () => {
    const library = new TemplateLibraryPage(first.page);
    await library.openLibrary();
    const title = `Zorblax ${run} banner`;

    const dialog = await library.openCreateDialog();
    await dialog.getByRole('button', { name: 'Create template' }).click();
    expect(await dialog.getByText('Enter a title.').count()).toBe(1);
    expect(await dialog.getByText('Choose a severity.').count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: /^Severity/ }).click();
    await first.page.getByRole('option', { name: 'High' }).click();
    await dialog.getByRole('textbox', { name: 'CWE (optional)' }).fill('CWE-200');
    await dialog.getByRole('button', { name: 'Create template' }).click();

    await toast(first.page, 'Template created').waitFor();
    await library.template.getByRole('heading', { name: title }).waitFor();
    expect(new URL(first.page.url()).searchParams.get('template')).toMatch(/.+/);
    expect(await library.field('Title').control.inputValue()).toBe(title);
    expect(await library.field('CWE').control.inputValue()).toBe('CWE-200');

    await library.searchBox.fill(`zorblax ${run}`);
    await library.row(title).waitFor();
  });
});

describe('two browsers editing one template', () => {
  it('same field: the second sees the lock with the first one’s value; Keep mine stores theirs', async () => {
    const templateId = await createTemplate(`Quibblex ${run} conflict`);
    const mine = new TemplateLibraryPage(first.page);
    const theirs = new TemplateLibraryPage(second.page);
    await Promise.all([mine.openLibrary(templateId), theirs.openLibrary(templateId)]);
    await Promise.all([mine.field('Description').control.waitFor(), theirs.field('Description').control.waitFor()]);

    // The first saves.
    await mine.field('Description').control.fill('Alpha wording');
    await mine.field('Description').status('Saved').waitFor();
    expect((await storedTemplate(templateId)).description).toBe('Alpha wording');

    // The second, who opened the template before that save, edits the same field.
    const field = theirs.field('Description');
    await field.control.fill('Bravo wording');
    await field.status('Conflict').waitFor();
    expect(await field.conflictValue('Stored').innerText()).toContain('Alpha wording');
    expect(await field.conflictValue('Yours').innerText()).toContain('Bravo wording');
    expect(await field.control.inputValue()).toBe('Bravo wording');
    expect(await seriousViolations(second.page)).toEqual([]);

    await field.keepMine.click();
    await field.status('Saved').waitFor();
    expect(await field.keepMine.count()).toBe(0);
    expect((await storedTemplate(templateId)).description).toBe('Bravo wording');

    // Another round: the first edits again over a value that changed under them, and takes theirs.
    const again = mine.field('Description');
    await again.control.fill('Alpha again');
    await again.status('Conflict').waitFor();
    expect(await again.conflictValue('Stored').innerText()).toContain('Bravo wording');
    expect(await again.conflictValue('Yours').innerText()).toContain('Alpha again');
    await again.takeTheirs.click();
    await again.status('Rejected').waitFor();
    expect(await again.control.inputValue()).toBe('Bravo wording');
    expect((await storedTemplate(templateId)).description).toBe('Bravo wording');
  });

  it('different fields: both save, without a conflict', async () => {
    const templateId = await createTemplate(`Quibblex ${run} fields`);
    const mine = new TemplateLibraryPage(first.page);
    const theirs = new TemplateLibraryPage(second.page);
    await Promise.all([mine.openLibrary(templateId), theirs.openLibrary(templateId)]);
    await Promise.all([mine.field('Title').control.waitFor(), theirs.field('Remediation').control.waitFor()]);

    await Promise.all([
      mine.field('Title').control.fill(`Quibblex ${run} fields, renamed`),
      theirs.field('Remediation').control.fill('Patch the server'),
    ]);

    await Promise.all([
      mine.field('Title').status('Saved').waitFor(),
      theirs.field('Remediation').status('Saved').waitFor(),
    ]);
    expect(await mine.field('Title').status('Conflict').count()).toBe(0);
    expect(await theirs.field('Remediation').status('Conflict').count()).toBe(0);
    const stored = await storedTemplate(templateId);
    expect(stored.title).toBe(`Quibblex ${run} fields, renamed`);
    expect(stored.remediation).toBe('Patch the server');
  });
});

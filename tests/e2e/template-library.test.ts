// The finding-template library in headless Chromium: the search box (the unmodified Algolia
// lite client against the stack's search endpoint) finds a seeded template despite a typo and marks the
// matched word; a template is created from the dialog; and two browsers editing the same template: on the
// same field the second sees the lock with the first one's value, Keep mine stores theirs over it, and in
// another round Take theirs shows the stored value with the red cross; on different fields both save. After
// a template's change, the findings still on its older version (and not edited by hand) are updated from its
// page, and a finding's title leads to it on its service page.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { toast } from '../support/admin-pages.js';
import { seriousViolations } from '../support/axe.js';
import { seedFindings as seedFindingItems } from '../support/seed-findings.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
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
    openSignedIn(browser, stack, one.email),
    openSignedIn(browser, stack, two.email),
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
    await library.page
      .getByText(/^\d+ match(es)?$/)
      .first()
      .waitFor();

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

describe('retiring a template', () => {
  it('the Templates page leads to the library; a retired template is marked and left out of search until restored', async () => {
    const word = `Snorbleflux${run}`;
    const templateId = await createTemplate(`${word} exposure`);
    const library = new TemplateLibraryPage(first.page);
    await library.open('/templates');
    await first.page.getByRole('link', { name: 'Finding templates' }).first().click();
    await first.page.getByRole('heading', { level: 1, name: 'Finding templates' }).waitFor();

    await library.openLibrary(templateId);
    const details = library.template;
    await details.getByRole('heading', { name: `${word} exposure` }).waitFor();
    expect(await details.getByText('0 times', { exact: true }).count()).toBe(1);
    await details.getByRole('button', { name: 'Retire' }).click();
    await toast(first.page, 'Template retired').waitFor();
    await details.getByText('Retired', { exact: true }).waitFor();

    await library.searchBox.fill(word.toLowerCase());
    await first.page.getByText(`No templates match "${word.toLowerCase()}"`).waitFor();

    await details.getByRole('button', { name: 'Restore' }).click();
    await toast(first.page, 'Template restored').waitFor();
    await library.searchBox.fill('');
    await library.searchBox.fill(word.toLowerCase());
    await library.row(`${word} exposure`).waitFor();
    expect(await seriousViolations(first.page)).toEqual([]);
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

describe('findings using a template', () => {
  const slug = `tpl-${run}`;
  const service = 'dast';

  /** Findings straight in the table, as an import leaves them. */
  const seedFindings = (count: number) => seedFindingItems({ slug, service, count, host: 'templates.example' });

  async function findingOf(findingId: string) {
    const read = await asFirst('getFinding', { slug, service, findingId });
    expect(read.statusCode, JSON.stringify(read.body)).toBe(200);
    return read.body.result as { description: string; template?: { version: number } };
  }

  it('updates the findings on the older version, leaves those edited by hand, and links each finding', async () => {
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Templates ${run}`, flags: {} });
    const templateId = await createTemplate(`Quibblex ${run} lineage`);
    const ids = await seedFindings(3);
    for (const findingId of ids) {
      const applied = await asFirst('applyTemplate', { slug, service, findingId, templateId });
      expect(applied.statusCode, JSON.stringify(applied.body)).toBe(200);
    }
    // One finding's texts edited by hand: an update of the template leaves it.
    const edited = await findingOf(ids[2]!);
    const handEdit = await asFirst('updateFinding', {
      slug,
      service,
      findingId: ids[2],
      field: 'remediation',
      value: 'Our own fix.',
      expectedVersion: (edited as unknown as { fieldVersions: Record<string, number> }).fieldVersions.remediation,
    });
    expect(handEdit.statusCode, JSON.stringify(handEdit.body)).toBe(200);

    const library = new TemplateLibraryPage(first.page);
    await library.openLibrary(templateId);
    const findings = library.template.getByRole('table', { name: 'Findings using this template' });
    await expect.poll(() => findings.getByRole('row').count()).toBe(4);
    expect(await findings.getByText('edited by hand', { exact: true }).count()).toBe(1);
    expect(await library.template.getByText('3 times', { exact: true }).count()).toBe(1);

    // The template changes: two findings are now on the older version.
    await library.field('Description').control.fill('The server names itself in every answer.');
    await library.field('Description').status('Saved').waitFor();
    const update = library.template.getByRole('button', { name: 'Update 2 findings to version 2' });
    await update.waitFor();
    expect(await findings.getByText('older', { exact: true }).count()).toBe(3);

    await update.click();
    const result = library.template.getByRole('status').filter({ hasText: 'Findings updated' });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('2 changed, 0 unchanged, 0 conflicted.');
    await expect.poll(() => findings.getByText('older', { exact: true }).count()).toBe(1);
    expect(await findingOf(ids[0]!)).toMatchObject({
      description: 'The server names itself in every answer.',
      template: { version: 2 },
    });
    expect((await findingOf(ids[2]!)).template?.version).toBe(1);
    expect(await library.template.getByRole('button', { name: /^Update 0 findings/ }).isDisabled()).toBe(true);

    // A finding's title opens it on its service page, its company selected.
    await findings.getByRole('row').filter({ hasText: 'edited by hand' }).getByRole('link').click();
    await first.page.getByRole('heading', { level: 1, name: 'DAST service' }).waitFor();
    await first.page.getByRole('region', { name: 'Finding detail' }).waitFor();
    expect(new URL(first.page.url()).searchParams.get('finding')).toBe(ids[2]);
    expect(await first.page.getByText(`of Templates ${run}.`).count()).toBe(1);
  });
});

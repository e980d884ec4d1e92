// Curating findings on the analyst service page in headless Chromium, two analysts in two
// browser contexts against the local stack: the same field edited by both (the second sees the lock with
// the first's value; Keep mine saves it; in another round Take theirs shows the cross and the stored value),
// different fields of one finding both saved (versions are per field; the status with its expiry), the
// history with the analysts' edits, tags added with a suggestion of a tag in use and removed, a template
// applied to one finding (the import's suggestion, then one chosen in the library: the lineage; the analyst's own
// wording replaced only once they say so), a finding saved as a new template, a finding written by hand with a
// masked request and a screenshot as evidence (what customers see of it), and a bulk
// update of a selection (a template applied, then a status set) followed to its counts, and a description written in
// Markdown, previewed and shown drawn. The findings are a
// real ZAP report imported through the calls; every person, the company and the template are fresh.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogNamed } from '../support/admin-pages.js';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 6);
const company = { slug: `cur-${run}`, companyName: `Curation Co ${run}` };
const zapReport = 'tests/fixtures/scanners/dast/zap-results-first-scan.xml';
const templateTitle = `Curated wording ${run}`;

type Caller = ReturnType<typeof signedInCaller>;
interface FindingRow {
  id: string;
  title: string;
}

let browser: Browser;
let ann: { email: string; call: Caller; session: SignedInBrowser };
let ben: { email: string; call: Caller; session: SignedInBrowser };
let templateId: string;
/** The imported findings in the table's order (critical first), titles as the tool wrote them. */
let findings: FindingRow[];

/** createScanImport, the presigned POST, startScanImport, then getScanImport until the import ends. */
async function importZapReport(as: Caller): Promise<void> {
  const body = readFileSync(zapReport);
  const created = await as('createScanImport', {
    slug: company.slug,
    service: 'dast',
    files: [{ name: 'zap-results-first-scan.xml', contentLength: body.length }],
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const { importId, uploads } = created.body.result;
  const form = new FormData();
  for (const [name, value] of Object.entries(uploads[0].fields as Record<string, string>)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)]), 'zap-results-first-scan.xml');
  const posted = await fetch(new URL(uploads[0].url, stack.appUrl), { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  expect((await as('startScanImport', { importId })).statusCode).toBe(200);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const scan = (await as('getScanImport', { importId })).body.result;
    if (scan.status === 'done') return;
    expect(scan.status).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not end');
}

async function findingAs(as: Caller, findingId: string): Promise<any> {
  const answer = await as('getFinding', { slug: company.slug, service: 'dast', findingId });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

async function tagCount(tag: string): Promise<number | undefined> {
  const answer = await ann.call('listFindingTags', { prefix: tag, limit: 100 });
  expect(answer.statusCode).toBe(200);
  return (answer.body.result.tags as { tag: string; tagCount: number }[]).find((entry) => entry.tag === tag)?.tagCount;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A finding no other test of this file edits (counted from the end of the list; the bulk uses the start). */
const fromEnd = (index: number): FindingRow => findings[findings.length - 1 - index]!;

beforeAll(async () => {
  browser = await launchBrowser();
  const [annUser, benUser] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ann Curator' }),
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ben Curator' }),
  ]);
  const asAnn = signedInCaller(annUser);
  const asBen = signedInCaller(benUser);
  expect((await asAnn('createCompany', company)).statusCode).toBe(200);
  for (const as of [asAnn, asBen]) expect((await as('setDefaultCompany', { slug: company.slug })).statusCode).toBe(200);
  await importZapReport(asAnn);
  const listed = await asAnn('listFindings', { slug: company.slug, service: 'dast', limit: 100 });
  findings = listed.body.result.findings.map((row: FindingRow) => ({ id: row.id, title: row.title }));
  expect(findings.length).toBeGreaterThanOrEqual(9);
  const template = await asAnn('createTemplate', {
    title: templateTitle,
    severity: 'medium',
    description: `The description every finding of ${run} shares.`,
    remediation: 'Fix it the way the template says.',
  });
  expect(template.statusCode, JSON.stringify(template.body)).toBe(200);
  templateId = template.body.result.templateId;

  const sessions = await Promise.all([annUser, benUser].map((user) => openSignedIn(browser, stack, user.email)));
  await Promise.all(sessions.map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
  ann = { email: annUser.email, call: asAnn, session: sessions[0]! };
  ben = { email: benUser.email, call: asBen, session: sessions[1]! };
});

afterAll(async () => {
  await browser?.close();
});

describe('two analysts on one finding', () => {
  it('on the same field: the second sees the lock with the first one’s value; Keep mine saves it', async () => {
    const finding = fromEnd(0);
    const annPage = new AnalystServicePage(ann.session.page);
    const benPage = new AnalystServicePage(ben.session.page);
    await Promise.all([
      annPage.openFinding(servicePaths.dast, finding.id),
      benPage.openFinding(servicePaths.dast, finding.id),
    ]);
    const annTitle = `Ann's wording ${run}`;
    const benTitle = `Ben's wording ${run}`;

    await annPage.findingField('Title').getByRole('textbox').fill(annTitle);
    await annPage.fieldStatus('Title', 'Saved').waitFor();
    // Ann's page reads the finding again after her save (its history shows it), and not again after Ben's.
    const annHistory = annPage.findingDetail.getByRole('table', { name: 'History' });
    await annHistory.getByRole('row').filter({ hasText: 'Title edited' }).waitFor();
    // Ben read the finding before Ann's save: his edit is on the version he saw.
    await benPage.findingField('Title').getByRole('textbox').fill(benTitle);

    const benField = benPage.findingField('Title');
    await benPage.fieldStatus('Title', 'Conflict').waitFor();
    expect(await benField.getByText('Changed by someone else').count()).toBe(1);
    expect(await benField.getByText(annTitle, { exact: true }).count()).toBe(1);
    expect(await benField.getByText(benTitle, { exact: true }).count()).toBe(1);
    expect(await seriousViolations(benPage.page)).toEqual([]);
    await benField.getByRole('button', { name: 'Keep mine: Title' }).click();
    await benPage.fieldStatus('Title', 'Saved').waitFor();

    const stored = await findingAs(ann.call, finding.id);
    expect(stored.analystTitle).toBe(benTitle);
    expect(stored.title).toBe(benTitle);
    expect(stored.fieldVersions.title).toBe(2);
    expect(stored.edits.map((edit: any) => [edit.field, edit.by, edit.after])).toEqual([
      ['title', ann.email, annTitle],
      ['title', ben.email, benTitle],
    ]);
  }, 60_000);

  it('in another round, Take theirs shows the cross and the stored value, and writes nothing', async () => {
    const finding = fromEnd(0);
    const annPage = new AnalystServicePage(ann.session.page);
    const benTitle = `Ben's wording ${run}`;

    // Ann's page still holds the version of her own save.
    await annPage.findingField('Title').getByRole('textbox').fill(`Ann again ${run}`);
    await annPage.fieldStatus('Title', 'Conflict').waitFor();
    const annField = annPage.findingField('Title');
    expect(await annField.getByText(benTitle, { exact: true }).count()).toBe(1);
    await annField.getByRole('button', { name: 'Take theirs: Title' }).click();

    await annPage.fieldStatus('Title', 'Rejected').waitFor();
    expect(await annField.getByRole('textbox').inputValue()).toBe(benTitle);
    const stored = await findingAs(ann.call, finding.id);
    expect(stored.analystTitle).toBe(benTitle);
    expect(stored.fieldVersions.title).toBe(2);
  });

  it('the history shows the analysts’ edits with the scan’s, before → after and who', async () => {
    const finding = fromEnd(0);
    const annPage = new AnalystServicePage(ann.session.page);
    await annPage.openFinding(servicePaths.dast, finding.id);

    const history = annPage.findingDetail.getByRole('table', { name: 'History' });
    await history.getByRole('row').filter({ hasText: 'Title edited' }).first().waitFor();
    const benRow = history.getByRole('row').filter({ hasText: ben.email });
    expect(await benRow.count()).toBe(1);
    expect(await benRow.getByText(`Ben's wording ${run}`).count()).toBe(1);
    expect(await benRow.getByText(`Ann's wording ${run}`).count()).toBe(1);
    expect(await history.getByRole('row').filter({ hasText: ann.email }).count()).toBe(1);
    expect(await history.getByRole('row').filter({ hasText: 'New' }).count()).toBe(1);
  });

  it('on different fields: both save (a status with its expiry, and the remediation)', async () => {
    const finding = fromEnd(1);
    const annPage = new AnalystServicePage(ann.session.page);
    const benPage = new AnalystServicePage(ben.session.page);
    await Promise.all([
      annPage.openFinding(servicePaths.dast, finding.id),
      benPage.openFinding(servicePaths.dast, finding.id),
    ]);
    const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const day = `${inAMonth.getFullYear()}/${String(inAMonth.getMonth() + 1).padStart(2, '0')}/${String(inAMonth.getDate()).padStart(2, '0')}`;
    const remediation = `Ben's remediation ${run}`;

    const status = annPage.findingField('Status');
    await status.getByRole('button', { name: /^Status/ }).click();
    await annPage.page.getByRole('option', { name: 'Risk accepted' }).click();
    await status.getByText('Choose the day the acceptance ends: the status is saved then.').waitFor();
    await benPage.findingField('Remediation').getByRole('textbox').fill(remediation);
    await status.getByRole('textbox', { name: 'Accepted until' }).pressSequentially(day);
    await status.getByRole('textbox', { name: 'Reason' }).fill('The fix ships next quarter');

    await Promise.all([
      annPage.fieldStatus('Status', 'Saved').waitFor({ timeout: 15_000 }),
      benPage.fieldStatus('Remediation', 'Saved').waitFor(),
    ]);
    await expect
      .poll(async () => (await findingAs(ann.call, finding.id)).statusReason?.note, { timeout: 10_000 })
      .toBe('The fix ships next quarter');
    const stored = await findingAs(ann.call, finding.id);
    expect(stored.status).toBe('risk_accepted');
    expect(new Date(stored.statusReason.expiresAt).toDateString()).toBe(
      new Date(inAMonth.getFullYear(), inAMonth.getMonth(), inAMonth.getDate()).toDateString(),
    );
    expect(stored.analystRemediation).toBe(remediation);
    expect(stored.fieldVersions.remediation).toBe(1);
    expect(await annPage.findingField('Status').getByRole('img', { name: 'Conflict' }).count()).toBe(0);
    expect(await benPage.findingField('Remediation').getByRole('img', { name: 'Conflict' }).count()).toBe(0);
  });
});

describe('Markdown in the wording', () => {
  it('the description says Markdown works, previews it, and the detail shows a bold word and a list; axe clean', async () => {
    const finding = fromEnd(8);
    const page = new AnalystServicePage(ann.session.page);
    await page.openFinding(servicePaths.dast, finding.id);
    const field = page.findingField('Description');
    await field.getByText(/Markdown: \*\*bold\*\*/).waitFor();
    await field
      .getByRole('textbox')
      .fill(
        `Cookies are sent **without** the flag ${run}:\n\n- first cookie\n- second cookie\n\n<script>alert(1)</script>`,
      );
    await page.fieldStatus('Description', 'Saved').waitFor({ timeout: 15_000 });
    await field.getByRole('button', { name: 'Preview' }).click();
    await field.locator('strong', { hasText: 'without' }).waitFor();
    expect(await field.getByRole('listitem').allInnerTexts()).toEqual(['first cookie', 'second cookie']);

    // The detail reads the finding again after a save and shows the new wording drawn, the script as text.
    const shown = page.findingDetail
      .locator('section')
      .filter({ has: page.page.getByRole('heading', { name: 'Description', exact: true }) });
    await shown.getByText(`the flag ${run}:`).waitFor({ timeout: 15_000 });
    await shown.locator('strong', { hasText: 'without' }).waitFor();
    expect(await shown.getByRole('listitem').allInnerTexts()).toEqual(['first cookie', 'second cookie']);
    await shown.getByText('<script>alert(1)</script>').waitFor();
    expect(await page.findingDetail.locator('script').count()).toBe(0);
    expect(await seriousViolations(page.page)).toEqual([]);
  });
});

describe('where the page lands', () => {
  /** How far below the window's top the finding's detail starts, in CSS pixels. */
  const detailTop = (page: AnalystServicePage) =>
    page.findingDetail.evaluate((element) => Math.round(element.getBoundingClientRect().top));

  it('a shared link opens at the finding’s curation, not at the top of the list', async () => {
    const annPage = new AnalystServicePage(ann.session.page);
    await annPage.openFinding(servicePaths.dast, fromEnd(5).id);
    // Its top clear of the header (scroll-margin 96 px), not below the table nor centred in a tall detail.
    await expect.poll(() => detailTop(annPage)).toBeGreaterThanOrEqual(0);
    expect(await detailTop(annPage)).toBeLessThanOrEqual(120);
    expect(await annPage.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('a finding opened from the table lands on its curation, with the focus on it', async () => {
    const annPage = new AnalystServicePage(ann.session.page);
    await annPage.open(servicePaths.dast);
    const row = annPage.page.getByRole('table', { name: 'Findings' }).getByRole('link', { name: fromEnd(6).title });
    await row.first().click();
    await annPage.findingDetail.getByRole('group', { name: 'Title', exact: true }).waitFor();
    await expect.poll(() => detailTop(annPage)).toBeLessThanOrEqual(120);
    expect(await detailTop(annPage)).toBeGreaterThanOrEqual(0);
    expect(await annPage.findingDetail.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('tags', () => {
  it('adds a tag, suggests it on another finding with its count, and removes it', async () => {
    const tag = `pci-${run}`;
    const [first, second] = [fromEnd(2), fromEnd(3)];
    const page = new AnalystServicePage(ann.session.page);

    await page.openFinding(servicePaths.dast, first.id);
    const input = page.findingField('Tags').getByRole('combobox');
    await input.fill(tag);
    await input.press('Enter');
    await page.fieldStatus('Tags', 'Saved').waitFor();
    expect(
      await page
        .findingField('Tags')
        .getByRole('button', { name: `Remove tag ${tag}` })
        .count(),
    ).toBe(1);
    expect(await tagCount(tag)).toBe(1);

    await page.openFinding(servicePaths.dast, second.id);
    const secondInput = page.findingField('Tags').getByRole('combobox');
    await secondInput.fill(tag.slice(0, -2));
    const suggestion = page.page.getByRole('option', { name: new RegExp(`^${tag}.*On 1 finding`) });
    await suggestion.waitFor();
    await suggestion.click();
    await page.fieldStatus('Tags', 'Saved').waitFor();
    expect((await findingAs(ann.call, second.id)).tags).toEqual([tag]);
    expect(await tagCount(tag)).toBe(2);

    await page
      .findingField('Tags')
      .getByRole('button', { name: `Remove tag ${tag}` })
      .click();
    await page.fieldStatus('Tags', 'Saved').waitFor();
    await expect.poll(() => tagCount(tag)).toBe(1);
    expect((await findingAs(ann.call, second.id)).tags).toEqual([]);
    expect((await findingAs(ann.call, first.id)).tags).toEqual([tag]);
  }, 60_000);
});

describe('templates on one finding', () => {
  it('applies the template the import suggests, then one chosen in the library; the lineage says so, and a hand edit, which a template replaces only once the analyst says so', async () => {
    const finding = fromEnd(4);
    const suggested = (await findingAs(ann.call, finding.id)).suggestedTemplate;
    expect(suggested, 'the seeded library covers every ZAP alert').toBeDefined();
    const page = new AnalystServicePage(ann.session.page);
    await page.openFinding(servicePaths.dast, finding.id);
    const detail = page.findingDetail;

    await detail.getByText(`The import suggests template ${suggested.title}.`).waitFor();
    await detail.getByRole('button', { name: `Apply the template ${suggested.title}` }).click();
    await detail.getByText(new RegExp(`^From template ${escapeRegExp(suggested.title)}, version \\d+$`)).waitFor();
    expect((await findingAs(ann.call, finding.id)).template.templateId).toBe(suggested.templateId);

    await detail.getByRole('button', { name: 'Apply template…' }).click();
    const dialog = dialogNamed(page.page, 'Apply a template');
    await dialog.getByRole('combobox', { name: 'Template' }).fill(templateTitle);
    await page.page.getByRole('option', { name: new RegExp(`^${templateTitle}`) }).click();
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await detail.getByText(`From template ${templateTitle}, version 1`, { exact: true }).waitFor();
    expect(await page.findingField('Title').getByRole('textbox').inputValue()).toBe(templateTitle);

    await page.findingField('Title').getByRole('textbox').fill(`${templateTitle}, for this host`);
    await page.fieldStatus('Title', 'Saved').waitFor();
    await detail.getByText(`From template ${templateTitle}, version 1 · edited by hand`, { exact: true }).waitFor();
    const stored = await findingAs(ann.call, finding.id);
    expect(stored.template).toMatchObject({ templateId, version: 1 });
    expect(stored.templateTextsEdited).toBe(true);

    // A template now would replace the analyst's own wording: the page asks first, and Cancel keeps it. (Another
    // template than the bulk test's: that test counts the rows of its template's title.)
    const otherTitle = `Other wording ${run}`;
    const other = await ann.call('createTemplate', { title: otherTitle, severity: 'low', remediation: 'Another fix.' });
    expect(other.statusCode, JSON.stringify(other.body)).toBe(200);
    const applyChosen = async () => {
      await detail.getByRole('button', { name: 'Apply template…' }).click();
      const chooser = dialogNamed(page.page, 'Apply a template');
      await chooser.getByRole('combobox', { name: 'Template' }).fill(otherTitle);
      await page.page.getByRole('option', { name: new RegExp(`^${otherTitle}`) }).click();
      await chooser.getByRole('button', { name: 'Apply', exact: true }).click();
      const asked = dialogNamed(page.page, 'Replace your wording?');
      await asked
        .getByText(
          `The template ${otherTitle} replaces the title, description and remediation written for this finding.`,
          { exact: false },
        )
        .waitFor();
      expect(await chooser.count(), 'the question takes the chooser’s place').toBe(0);
      return asked;
    };
    const kept = await applyChosen();
    await kept.getByRole('button', { name: 'Cancel' }).click();
    await kept.waitFor({ state: 'hidden' });
    expect(await page.findingField('Title').getByRole('textbox').inputValue()).toBe(`${templateTitle}, for this host`);
    expect((await findingAs(ann.call, finding.id)).analystTitle).toBe(`${templateTitle}, for this host`);

    const replaced = await applyChosen();
    await replaced.getByRole('button', { name: 'Replace' }).click();
    await replaced.waitFor({ state: 'hidden' });
    await detail.getByText(`From template ${otherTitle}, version 1`, { exact: true }).waitFor();
    expect(await page.findingField('Title').getByRole('textbox').inputValue()).toBe(otherTitle);
    expect((await findingAs(ann.call, finding.id)).templateTextsEdited).not.toBe(true);
  }, 60_000);
});

describe('a finding saved as a template', () => {
  it('starts the form from the finding, creates the template with its rule, and the finding then comes from it', async () => {
    const finding = fromEnd(7);
    const stored = await findingAs(ann.call, finding.id);
    const page = new AnalystServicePage(ann.session.page);
    await page.openFinding(servicePaths.dast, finding.id);
    const detail = page.findingDetail;

    await detail.getByRole('button', { name: 'Save as template…' }).click();
    const form = dialogNamed(page.page, 'Save as template');
    const title = form.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(stored.title);
    expect(await form.getByRole('textbox', { name: /^Remediation/ }).inputValue()).toBe(stored.remediation ?? '');
    const savedTitle = `${stored.title} (saved ${run})`;
    await title.fill(savedTitle);
    await form.getByRole('button', { name: 'Create template' }).click();
    await form.waitFor({ state: 'hidden' });
    await detail.getByText(`From template ${savedTitle}, version 1`, { exact: true }).waitFor();

    const after = await findingAs(ann.call, finding.id);
    expect(after.template).toMatchObject({ title: savedTitle, version: 1 });
    const template = await ann.call('getTemplate', { templateId: after.template.templateId });
    expect(template.statusCode, JSON.stringify(template.body)).toBe(200);
    expect(template.body.result).toMatchObject({
      title: savedTitle,
      severity: stored.severity,
      remediation: stored.remediation ?? '',
      services: ['dast'],
      rules: [`zap:${stored.ruleId}`],
    });
  }, 60_000);
});

describe('a finding written by hand', () => {
  it('is written from the New finding form, gets a masked request and a screenshot as evidence, and customers see only what is theirs', async () => {
    const page = new AnalystServicePage(ann.session.page);
    await page.open(servicePaths.dast);
    await page.page.getByRole('main').getByRole('button', { name: 'New finding', exact: true }).click();
    const form = dialogNamed(page.page, `New finding for ${company.companyName}`);
    await form.waitFor();
    const title = `Login accepts any password ${run}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('button', { name: /^Severity/ }).click();
    await page.page.getByRole('option', { name: 'High' }).click();
    await form.getByRole('combobox', { name: 'Asset' }).fill(`https://manual-${run}.example`);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Any password signs in as admin.');
    await form
      .getByRole('textbox', { name: 'Instances (optional)' })
      .fill(`POST https://manual-${run}.example/login password`);
    expect(await seriousViolations(page.page)).toEqual([]);
    await form.getByRole('button', { name: 'Create finding' }).click();
    await form.waitFor({ state: 'hidden' });
    const detail = page.findingDetail;
    await detail.getByRole('group', { name: 'Title', exact: true }).waitFor();
    const findingId = new URL(page.page.url()).searchParams.get('finding')!;
    // Typed as a web address, the asset is the site (url:…).
    expect(await findingAs(ann.call, findingId)).toMatchObject({
      asset: { key: `url:https://manual-${run}.example` },
      title,
      severity: 'high',
      tool: 'manual',
      published: false,
    });

    // A request with a bearer token, masked before it is stored, shown to customers.
    const evidence = detail.getByRole('form', { name: 'Add evidence' });
    await evidence.getByRole('button', { name: 'HTTP request/response', exact: true }).click();
    const secret = `eyJhbGciOi.${run}secret.sig`;
    await evidence
      .getByRole('textbox', { name: 'Request and response' })
      .fill(`POST /login HTTP/1.1\nAuthorization: Bearer ${secret}\n\nHTTP/1.1 302 Found`);
    await evidence.getByRole('checkbox', { name: 'Bearer tokens' }).check();
    await evidence.getByRole('button', { name: 'Mask' }).click();
    await evidence.getByText('1 secret masked.').waitFor();
    expect(await evidence.getByRole('textbox', { name: 'Request and response' }).inputValue()).not.toContain(secret);
    await evidence.getByRole('textbox', { name: 'Caption (optional)' }).fill('The sign-in with a wrong password');
    await evidence.getByRole('checkbox', { name: 'Customers see it' }).check();
    await evidence.getByRole('button', { name: 'Add evidence' }).click();
    await detail.getByRole('region', { name: /The sign-in with a wrong password/ }).waitFor();

    // A screenshot (a real PNG, checked by the server), kept for the analysts.
    await evidence.getByRole('button', { name: 'Screenshot', exact: true }).click();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await evidence
      .locator('input[type="file"]')
      .setInputFiles({ name: 'admin-panel.png', mimeType: 'image/png', buffer: png });
    await evidence.getByRole('textbox', { name: 'Caption (optional)' }).fill('The admin panel after it');
    await evidence.getByRole('button', { name: 'Add evidence' }).click();
    await detail.getByRole('region', { name: /The admin panel after it/ }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page.page)).toEqual([]);

    const stored = await findingAs(ann.call, findingId);
    expect(stored.evidenceItems.map((piece: any) => [piece.kind, piece.customerVisible])).toEqual([
      ['http', true],
      ['image', false],
    ]);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const image = await fetch(new URL(stored.evidenceItems[1].url, stack.appUrl));
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    // Published, a customer of the company reads it with the request and not the screenshot.
    const published = await ann.call('updateFinding', {
      slug: company.slug,
      service: 'dast',
      findingId,
      field: 'published',
      value: true,
      expectedVersion: stored.fieldVersions.published,
    });
    expect(published.statusCode, JSON.stringify(published.body)).toBe(200);
    // The company has DAST on for its customers.
    const company_ = await ann.call('getCompany', { slug: company.slug });
    const flagsOn = await ann.call('updateCompany', {
      slug: company.slug,
      flags: { enableDast: true },
      version: company_.body.result.version,
    });
    expect(flagsOn.statusCode, JSON.stringify(flagsOn.body)).toBe(200);
    const customer = signedInCaller(
      await createTestUser({ userType: 'customer', accessLevel: 3, companies: [company.slug] }),
    );
    const seen = await customer('getFinding', { slug: company.slug, service: 'dast', findingId });
    expect(seen.statusCode, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.result.evidenceItems.map((piece: any) => piece.caption)).toEqual([
      'The sign-in with a wrong password',
    ]);
    expect(seen.body.result.evidenceItems[0].addedBy).toBeUndefined();
  }, 90_000);
});

describe('bulk actions on a selection', () => {
  it('applies a template to the selected findings, then sets their status, and says what changed', async () => {
    const chosen = findings.slice(0, 3);
    const page = new AnalystServicePage(ann.session.page);
    await page.open(servicePaths.dast);
    // By the keyboard: the table's sticky header may cover a row a pointer would click.
    const tick = async (checkbox: Locator) => {
      await checkbox.focus();
      await page.page.keyboard.press('Space');
      expect(await checkbox.isChecked()).toBe(true);
    };
    const select = async () => {
      for (const finding of chosen) {
        await tick(page.findings.table.getByRole('checkbox', { name: `Select ${finding.title}`, exact: true }));
      }
    };
    const bulkAction = async (item: string) => {
      await page.page.getByRole('button', { name: 'Bulk actions' }).click();
      await page.page.getByRole('menuitem', { name: item }).click();
    };

    await page.findings.waitForRow(chosen[0]!.title);
    await select();
    await bulkAction('Apply template…');
    const applyDialog = dialogNamed(page.page, 'Apply a template');
    await applyDialog.getByRole('combobox', { name: 'Template' }).fill(templateTitle);
    await page.page.getByRole('option', { name: new RegExp(`^${templateTitle}`) }).click();
    expect(await seriousViolations(page.page)).toEqual([]);
    await applyDialog.getByRole('button', { name: 'Apply to 3 findings' }).click();
    await applyDialog.waitFor({ state: 'hidden' });

    await page.bulkPanel.getByText('3 findings changed.').waitFor({ timeout: 30_000 });
    expect(await page.bulkPanel.getByText(`Apply the template "${templateTitle}" on 3 findings`).count()).toBe(1);
    for (const finding of chosen) {
      const stored = await findingAs(ann.call, finding.id);
      expect(stored.template).toMatchObject({ templateId, version: 1, title: templateTitle });
      expect(stored.title).toBe(templateTitle);
    }
    // The selection stays for the next action on the same findings (the table's counter says 3 selected).
    // (The table reads its rows again once the bulk update is done: the boxes show when the rows are back.)
    await expect.poll(() => page.findings.table.getByRole('checkbox', { checked: true }).count()).toBe(3);
    expect(await page.page.getByRole('heading', { name: /^Findings \(3\/\d+\+?\)$/ }).count()).toBe(1);
    // The result stays after a reload (the bulk update is remembered in this browser).
    await page.page.reload();
    await page.bulkPanel.getByText('3 findings changed.').waitFor();

    // Their titles are the template's now: the three rows of that title are the three findings.
    await page.findings.waitForRow(templateTitle);
    const boxes = page.findings.table.getByRole('checkbox', { name: `Select ${templateTitle}`, exact: true });
    // The table may still be reading its page again after the reload: wait for the three rows' boxes.
    await expect.poll(() => boxes.count(), { timeout: 15_000 }).toBe(3);
    for (let index = 0; index < 3; index += 1) await tick(boxes.nth(index));
    await bulkAction('Set status…');
    const statusDialog = dialogNamed(page.page, 'Set the status');
    await statusDialog.getByRole('button', { name: /^Status/ }).click();
    await page.page.getByRole('option', { name: 'False positive' }).click();
    await statusDialog.getByRole('textbox', { name: 'Reason' }).fill('Test servers only');
    await statusDialog.getByRole('button', { name: 'Apply to 3 findings' }).click();
    await statusDialog.waitFor({ state: 'hidden' });

    await page.bulkPanel
      .getByText('Set the status to False positive: Test servers only on 3 findings')
      .waitFor({ timeout: 30_000 });
    await page.bulkPanel.getByText('3 findings changed.').waitFor({ timeout: 30_000 });
    const counts = await page.bulkPanel.getByRole('definition').allInnerTexts();
    expect(counts.map((text) => text.trim())).toEqual(['3', '0', '0']);
    for (const finding of chosen) {
      const stored = await findingAs(ann.call, finding.id);
      expect(stored.status).toBe('false_positive');
      expect(stored.statusReason).toMatchObject({ status: 'false_positive', note: 'Test servers only' });
    }
    expect(await seriousViolations(page.page)).toEqual([]);
  }, 120_000);
});

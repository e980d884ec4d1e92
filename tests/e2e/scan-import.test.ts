// A scan file imported from the analyst service page, the whole way in headless Chromium against the local
// stack: the form, the upload with its presigned POST, the progress, the result summary with the
// server's counts, the findings by severity with their filters, a finding's detail with every field the
// tool gave (ZAP's markup and <script> shown as text, inert), a deep link to it, a second import of the
// same file (nothing new), the assets and scans tabs, a password audit of two files, and axe on the detail.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 6);
const company = { slug: `imp-${run}`, companyName: `Import Co ${run}` };
const fixtures = 'tests/fixtures/scanners';
const zapReport = `${fixtures}/dast/owasp_zap.json`;

let browser: Browser;
let session: SignedInBrowser;
let asAnalyst: ReturnType<typeof signedInCaller>;
/** Dialogs a script in scanner text would open (none may). */
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ian Importer' });
  asAnalyst = signedInCaller(analyst);
  expect((await asAnalyst('createCompany', company)).statusCode).toBe(200);
  expect((await asAnalyst('setDefaultCompany', { slug: company.slug })).statusCode).toBe(200);
  // The local stack's uploads bucket (its S3 stand-in) must be there, or nothing below can pass.
  const probe = await asAnalyst('createScanImport', {
    slug: company.slug,
    service: 'cloud',
    files: [{ name: 'probe.json', contentLength: 1 }],
  });
  expect(probe.statusCode, 'createScanImport needs the local stack to run its uploads bucket').toBe(200);
  session = await openSignedIn(browser, stack, analyst.email);
  await session.page.emulateMedia({ reducedMotion: 'reduce' });
  session.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
});

interface ScanCounts {
  new: number;
  unchanged: number;
  fixed: number;
  reopened: number;
  total: number;
  assets: number;
}

/** The newest scan of the service, as listScans answers it. */
async function latestScan(service: string): Promise<{ status: string; counts: ScanCounts }> {
  const answer = await asAnalyst('listScans', { slug: company.slug, service, limit: 1 });
  expect(answer.statusCode).toBe(200);
  return answer.body.result.scans[0];
}

/** Imports files through the page's form and waits for the panel to say it ended. */
async function importThroughForm(page: AnalystServicePage, files: Record<string, string>): Promise<void> {
  const form = await page.openImportForm();
  for (const [label, path] of Object.entries(files)) await form.getByLabel(label).setInputFiles(path);
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await form.waitFor({ state: 'hidden' });
  await page.importPanel.getByText(/^Imported /).waitFor({ timeout: 60_000 });
}

describe('a ZAP report imported from the DAST page', () => {
  it('uploads the file, then shows the counts the server recorded; the findings list them by severity', async () => {
    const page = new AnalystServicePage(session.page);
    await page.open(servicePaths.dast);

    await importThroughForm(page, { 'Scan file': zapReport });

    const scan = await latestScan('dast');
    expect(scan.status).toBe('done');
    expect(scan.counts.new).toBe(scan.counts.total);
    expect(scan.counts.total).toBeGreaterThan(0);
    await page.importPanel
      .getByText(
        `${scan.counts.total} findings in the file: ${scan.counts.new} new, 0 changed, 0 unchanged, 0 fixed, 0 reopened.`,
      )
      .waitFor();
    await page.findings.waitForRow('Cross-Domain Misconfiguration');
    // The list reads its rows again once the import ends: wait for all of them.
    await expect.poll(() => page.findings.rowCount()).toBe(scan.counts.total);
    const severities = await page.findings.table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    const rank = ['Info', 'Low', 'Medium', 'High', 'Critical'];
    expect(severities.map((severity) => rank.indexOf(severity))).toEqual(
      [...severities.map((severity) => rank.indexOf(severity))].sort((a, b) => b - a),
    );

    // The result stays after a reload (the import is remembered in this browser).
    await page.page.reload();
    await page.importPanel.getByText(`${scan.counts.new} new, 0 changed, 0 unchanged`, { exact: false }).waitFor();
  });

  it("a finding's detail shows every field, with the scanner's markup as text; its address opens it again", async () => {
    const page = new AnalystServicePage(session.page);
    await page.open(servicePaths.dast);

    await page.findings.table.getByRole('link', { name: 'Information Disclosure - Suspicious Comments' }).click();

    const detail = page.findingDetail;
    await detail.getByRole('heading', { name: 'Information Disclosure - Suspicious Comments' }).waitFor();
    expect(new URL(page.page.url()).searchParams.get('finding')).toMatch(/^[0-9a-f]{32}$/);
    for (const section of ['Description', 'Instances', 'Asset', 'Identity', 'History']) {
      expect(await detail.getByRole('heading', { name: section, exact: true }).count(), section).toBe(1);
    }
    const instances = detail.getByRole('table', { name: 'Instances' });
    expect(
      await instances
        .getByText('<script src="/django-static/admin/js/nav_sidebar.js" defer></script>', { exact: false })
        .count(),
    ).toBeGreaterThan(0);
    expect(await page.page.locator('main script').count()).toBe(0);
    expect(await detail.getByRole('table', { name: 'History' }).getByText('New').count()).toBe(1);
    expect(dialogs).toEqual([]);
    expect(await seriousViolations(page.page)).toEqual([]);

    const address = page.page.url();
    await page.page.goto('about:blank');
    await page.page.goto(address);
    await page.findingDetail.getByRole('heading', { name: 'Information Disclosure - Suspicious Comments' }).waitFor();
    await page.findingDetail.getByRole('button', { name: 'Close' }).click();
    await page.findingDetail.waitFor({ state: 'detached' });
    expect(new URL(page.page.url()).searchParams.get('finding')).toBeNull();
  });

  it('filters by severity, by asset, and to the findings new in the last scan', async () => {
    const page = new AnalystServicePage(session.page);
    await page.open(servicePaths.dast);
    const findings = page.findings;
    await findings.waitForRow('Cross-Domain Misconfiguration');
    /** The findings listed, by title (each row's link; the loading row has none). */
    const titles = async () => (await findings.table.getByRole('link').allInnerTexts()).sort();
    // The rows' links, once drawn (the row's text may show a moment before).
    await expect.poll(async () => (await titles()).length).toBeGreaterThan(0);
    const all = await titles();
    const chooseMedium = async () => {
      await page.page.getByRole('button', { name: /^Severity filter/ }).click();
      await page.page
        .getByRole('listbox')
        .getByRole('option', { name: /^Medium/ })
        .click();
      await page.page.keyboard.press('Escape');
    };

    await chooseMedium();
    await expect.poll(titles).toEqual(['Cross-Domain Misconfiguration']);
    await page.page.getByRole('checkbox', { name: 'New in the last scan' }).check();
    await expect.poll(titles).toEqual(['Cross-Domain Misconfiguration']);
    await chooseMedium();
    await expect.poll(titles).toEqual(all);
    await page.page.getByRole('checkbox', { name: 'New in the last scan' }).uncheck();

    await page.tab('Assets').click();
    const asset = await page.assets.waitForRow('https://');
    const assetName = (await asset.getByRole('radio').getAttribute('aria-label'))?.replace(/^Select /, '');
    await asset.getByRole('radio').check({ force: true });
    await page.page.getByRole('button', { name: 'Show its findings' }).click();
    await findings.waitForRow(assetName ?? 'https://');
    expect(await page.page.getByRole('searchbox', { name: 'Asset key' }).inputValue()).not.toBe('');
    for (const row of await findings.table.getByRole('row').all()) {
      const text = await row.innerText();
      // The header row starts with the selection column's empty cell, then 'Finding'.
      if (!text.trim().startsWith('Finding')) expect(text).toContain(assetName);
    }
  });

  it('the same file again changes nothing: no finding is new in that scan', async () => {
    const page = new AnalystServicePage(session.page);
    await page.open(servicePaths.dast);

    await importThroughForm(page, { 'Scan file': zapReport });

    const scan = await latestScan('dast');
    expect(scan.counts).toMatchObject({ new: 0, fixed: 0, reopened: 0, unchanged: scan.counts.total });
    await page.page.getByRole('checkbox', { name: 'New in the last scan' }).check();
    await page.findings.table.getByText('No findings match the filters').waitFor();
    await page.tab('Scans').click();
    await expect.poll(() => page.scans.row('Done').count()).toBe(2);
  });
});

describe('a password audit imported from the password-cracking page', () => {
  it('takes the NTDS file and the potfile, and shows no password', async () => {
    const page = new AnalystServicePage(session.page);
    await page.open(servicePaths.password_cracking);

    await importThroughForm(page, {
      'NTDS file': `${fixtures}/password_cracking/customer.ntds`,
      Potfile: `${fixtures}/password_cracking/hashcat.potfile`,
    });

    const scan = await latestScan('password_cracking');
    expect(scan.status).toBe('done');
    await page.findings.table.getByRole('link').first().click();
    await page.findingDetail.getByRole('heading', { name: 'Password', exact: true }).waitFor();
    const shown = await page.page.locator('main').innerText();
    const plains = readFileSync(`${fixtures}/password_cracking/hashcat.potfile`, 'utf8')
      .split('\n')
      .map((line) => line.slice(line.indexOf(':') + 1).trim())
      .filter((plain) => plain.length >= 6 && !plain.startsWith('$HEX['));
    for (const plain of plains) expect(shown, plain).not.toContain(plain);
  });
});

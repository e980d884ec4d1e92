// The analyst service pages in headless Chromium: who may open them (level 7 analysts, and for
// password cracking the people who manage it, whatever their level), the empty states that say what will
// appear, the import form, an import followed across reloads to its summary (the import record is the
// real one getScanImport reads; scan-import.test.ts uploads a real file through the whole pipeline), the
// scans table, and axe on each state. Every person and the company are fresh.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { putNewScanImport, updateScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { AnalystServicePage, servicePaths } from '../support/analyst-pages.js';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { toast } from '../support/admin-pages.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const run = randomUUID().slice(0, 6);
const company = { slug: `svc-${run}`, companyName: `Service Co ${run}` };
const product = 'Security Portal';

let browser: Browser;
let analyst: { uid: string; email: string; session: SignedInBrowser }; // like analyst@example.com: analyst 7
let junior: SignedInBrowser; // like junior@example.com: analyst 5
let manager: SignedInBrowser; // a customer of level 3 who manages password cracking for the company

beforeAll(async () => {
  browser = await launchBrowser();
  const [analystUser, juniorUser] = await Promise.all([
    createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Sam Service' }),
    createTestUser({ userType: 'analyst', accessLevel: 5, displayName: 'Jo Junior' }),
  ]);
  const asAnalyst = signedInCaller(analystUser);
  expect((await asAnalyst('createCompany', company)).statusCode).toBe(200);
  // The analyst sees every company; this one is theirs to start with.
  expect((await asAnalyst('setDefaultCompany', { slug: company.slug })).statusCode).toBe(200);
  const managerUser = await createTestUser({
    accessLevel: 3,
    companies: [company.slug],
    servicesManaged: ['password_cracking'],
    displayName: 'Pia Passwords',
  });
  const sessions = await Promise.all(
    [analystUser, juniorUser, managerUser].map((user) => openSignedIn(browser, stack, user.email)),
  );
  analyst = { ...analystUser, session: sessions[0]! };
  junior = sessions[1]!;
  manager = sessions[2]!;
  await Promise.all(sessions.map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
});

afterAll(async () => {
  await browser?.close();
});

/** An import record as the calls write it, for the company's DAST service. */
async function seedImport(status: 'running' | 'failed' | 'done', more: Record<string, unknown> = {}): Promise<string> {
  const importId = `e2e${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  await putNewScanImport({
    importId,
    slug: company.slug,
    service: 'dast',
    status,
    files: [{ name: 'owasp_zap.json', contentLength: 21_343, objectKey: `uploads/${company.slug}/dast/${importId}/0` }],
    format: 'zap-json',
    createdAt: Date.now(),
    createdByUid: analyst.uid,
    createdByEmail: analyst.email,
    createdByName: 'Sam Service',
    progress: { phase: 'reading', bytesRead: 8_192, bytesTotal: 21_343, findingsWritten: 0 },
    version: 1,
    ...more,
  });
  return importId;
}

const severities = (critical: number, high: number, medium: number, low: number, info: number) => ({
  critical,
  high,
  medium,
  low,
  info,
});

describe('who may open the analyst service pages', () => {
  it('a level 7 analyst opens each, titled and with breadcrumbs, on the company chosen in the header', async () => {
    const page = new AnalystServicePage(analyst.session.page);
    for (const [service, title] of [
      ['dast', 'DAST service'],
      ['projectmariana', 'ProjectMariana service'],
      ['network', 'Network scanning service'],
      ['cloud', 'Cloud scanning service'],
      ['password_cracking', 'Password cracking service'],
    ] as const) {
      await page.open(servicePaths[service]);
      await page.heading(title).waitFor();
      await expect.poll(() => page.page.title()).toBe(`${title} · ${product}`);
      expect(await page.breadcrumbTexts()).toEqual(['Home', title]);
      expect(await page.page.getByText(`of ${company.companyName}.`).count()).toBe(1);
      for (const tab of ['Findings', 'Scans', 'Assets'] as const) expect(await page.tab(tab).count()).toBe(1);
    }
    expect(await page.menuEntries()).toEqual(
      expect.arrayContaining([
        'Analyst/ProjectMariana',
        'Analyst/DAST',
        'Analyst/Network scanning',
        'Analyst/Cloud scanning',
        'Analyst/Password cracking',
      ]),
    );
  });

  it('a level 5 analyst is refused, and told the page is for level 7 and above', async () => {
    const page = new AnalystServicePage(junior.page);

    await page.open(servicePaths.network);

    await page.page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    expect(await page.accessDenied.count()).toBe(1);
    expect(await page.page.getByText('This page is for people with access level 7 and above.').count()).toBe(1);
    expect(await page.page.getByRole('table', { name: 'Findings' }).count()).toBe(0);
    expect(
      (await page.menuEntries()).filter((entry) => /Analyst\/(DAST|Network|Cloud|Password|Project)/.test(entry)),
    ).toEqual([]);
  });

  it('password cracking opens for the person who manages it, at level 3; the other services do not', async () => {
    const page = new AnalystServicePage(manager.page);

    await page.open(servicePaths.password_cracking);
    await page.heading('Password cracking service').waitFor();
    const form = await page.openImportForm();
    expect(await form.getByLabel('NTDS file').count()).toBe(1);
    expect(await form.getByLabel('Potfile').count()).toBe(1);
    expect(await form.getByRole('button', { name: /^Format/ }).count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect((await page.menuEntries()).filter((entry) => entry.startsWith('Analyst/'))).toEqual([
      'Analyst/Password cracking',
    ]);

    await page.open(servicePaths.dast);
    await page.page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    expect(await page.page.getByText('This page is for people with access level 7 and above.').count()).toBe(1);
  });
});

describe('a service page before any scan', () => {
  it('says what will appear in each tab, and offers the import', async () => {
    const page = new AnalystServicePage(analyst.session.page);
    await page.open(servicePaths.network);

    const findings = page.findings;
    await findings.table.getByText('No findings yet').waitFor();
    expect(
      await findings.table
        .getByText('Import a Nmap XML or Greenbone/OpenVAS XML file: its findings appear here.')
        .count(),
    ).toBe(1);
    expect(await page.page.getByRole('checkbox', { name: 'New in the last scan' }).isDisabled()).toBe(true);
    await page.tab('Scans').click();
    await page.scans.table.getByText('No scans yet').waitFor();
    expect(new URL(page.page.url()).search).toBe('?tab=scans');
    await page.tab('Assets').click();
    await page.assets.table.getByText('No assets yet').waitFor();
    expect(await page.assets.table.getByText(/hosts and their open ports appear here/).count()).toBe(1);

    await page.assets.table.getByRole('button', { name: 'Import scan' }).click();
    await page.page.getByRole('dialog', { name: 'Import a scan' }).waitFor();
    expect(await seriousViolations(page.page)).toEqual([]);
  });

  it("the import form asks for the file, and offers the service's formats", async () => {
    const page = new AnalystServicePage(analyst.session.page);
    await page.open(servicePaths.dast);
    const form = await page.openImportForm();

    await form.getByRole('button', { name: 'Import', exact: true }).click();

    await form.getByText('Choose the file to import.').waitFor();
    await form.getByRole('button', { name: /^Format/ }).click();
    const options = await page.page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(options.map((option) => option.split('\n')[0]!.trim())).toEqual([
      'Detect from the file',
      'nuclei JSONL',
      'ZAP JSON',
      'ZAP XML',
    ]);
    await page.page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });
});

describe('an import followed by the page', () => {
  it('shows its progress after a reload, then what it did; the scans table has it; Dismiss forgets it', async () => {
    const importId = await seedImport('running');
    const page = new AnalystServicePage(analyst.session.page);
    await page.open(servicePaths.dast);
    // What the import form leaves in this browser once the import is created.
    await page.page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      `portal.imports.${company.slug}.dast`,
      JSON.stringify({ importId, fileNames: ['owasp_zap.json'] }),
    ] as const);

    await page.page.reload();
    const panel = page.importPanel;
    await panel.getByText('Importing owasp_zap.json', { exact: true }).waitFor();
    await panel.getByText('8 KB of 20.8 KB read · 0 findings written').waitFor();
    expect(
      await panel.getByText(/The import runs on the server: you may leave this page or close the browser\./).count(),
    ).toBe(1);
    expect(await panel.getByRole('progressbar').getAttribute('value')).toBe('38');

    await updateScanImport(importId, {
      progress: { phase: 'writing', bytesRead: 21_343, bytesTotal: 21_343, findingsWritten: 3 },
    });
    await panel.getByText('20.8 KB of 20.8 KB read · 3 findings written').waitFor();
    await page.page.reload();
    await panel.getByText('3 findings written', { exact: false }).waitFor();

    await updateScanImport(importId, {
      status: 'done',
      finishedAt: Date.now(),
      tool: { name: 'zap', version: '2.12.0' },
      progress: { phase: 'writing', bytesRead: 21_343, bytesTotal: 21_343, findingsWritten: 5 },
      counts: {
        new: 4,
        unchanged: 1,
        fixed: 2,
        reopened: 1,
        changed: 1,
        total: 5,
        assets: 3,
        bySeverity: severities(0, 1, 2, 1, 1),
        newBySeverity: severities(0, 1, 2, 1, 0),
        fixedBySeverity: severities(0, 0, 1, 1, 0),
        reopenedBySeverity: severities(0, 0, 0, 0, 1),
      },
      warnings: ['Line 3: <script>alert(1)</script> was skipped'],
    });

    await toast(page.page, 'Scan imported').waitFor();
    await panel.getByText('5 findings in the file: 4 new, 1 changed, 1 unchanged, 2 fixed, 1 reopened.').waitFor();
    const bySeverity = panel.getByRole('table', { name: 'Findings by severity' });
    expect((await bySeverity.getByRole('row').filter({ hasText: 'Medium' }).innerText()).split(/\s+/)).toEqual([
      'Medium',
      '2',
      '2',
      '1',
      '0',
    ]);
    // The warning the file gave is text: no script ran, no element was made of it.
    expect(await panel.getByText('Line 3: <script>alert(1)</script> was skipped').count()).toBe(1);
    expect(await page.page.locator('main script').count()).toBe(0);
    // The page reads its report again once the import ends: the filter of what it brought is then offered.
    const newInLastScan = page.page.getByRole('checkbox', { name: 'New in the last scan' });
    await expect.poll(() => newInLastScan.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await seriousViolations(page.page)).toEqual([]);

    await page.page.reload();
    await panel.getByText('5 findings in the file: 4 new, 1 changed, 1 unchanged, 2 fixed, 1 reopened.').waitFor();
    await page.tab('Scans').click();
    const row = await page.scans.waitForRow('owasp_zap.json');
    expect(await row.innerText()).toMatch(
      /zap 2\.12\.0 \(ZAP JSON\)[\s\S]*Sam Service[\s\S]*Done[\s\S]*4\s+1\s+2\s+1\s+5/,
    );

    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.page.reload();
    await page.scans.waitForRow('owasp_zap.json');
    expect(await page.importPanel.count()).toBe(0);
  });

  it('an import that ended over an hour ago no longer greets the visit: this browser forgets it', async () => {
    const importId = await seedImport('done', {
      finishedAt: Date.now() - 2 * 60 * 60 * 1000,
      counts: {
        new: 1,
        unchanged: 0,
        fixed: 0,
        reopened: 0,
        changed: 0,
        total: 1,
        assets: 1,
        bySeverity: severities(0, 0, 1, 0, 0),
        newBySeverity: severities(0, 0, 1, 0, 0),
        fixedBySeverity: severities(0, 0, 0, 0, 0),
        reopenedBySeverity: severities(0, 0, 0, 0, 0),
      },
    });
    const page = new AnalystServicePage(analyst.session.page);
    const key = `portal.imports.${company.slug}.dast`;
    await page.open(servicePaths.dast);
    await page.page.evaluate(([name, value]) => localStorage.setItem(name, value), [
      key,
      JSON.stringify({ importId, fileNames: ['owasp_zap.json'] }),
    ] as const);
    await page.page.reload();
    // The page reads the import again after the reload's load: a second or more on a busy machine.
    await expect
      .poll(() => page.page.evaluate((name) => localStorage.getItem(name), key), { timeout: 15_000 })
      .toBeNull();
    expect(await page.importPanel.count()).toBe(0);
  });

  it('a failed import says why, with the line, when chosen in the scans table', async () => {
    await seedImport('failed', {
      files: [{ name: 'broken.json', contentLength: 10, objectKey: 'x' }],
      error: { message: 'The file is not a ZAP report: Unexpected token <', line: 1 },
    });
    const page = new AnalystServicePage(analyst.session.page);
    await page.open(`${servicePaths.dast}?tab=scans`);
    const row = await page.scans.waitForRow('broken.json');
    expect(await row.innerText()).toContain('Failed');

    await row.getByRole('radio').check({ force: true });

    await page.page.getByText('The file is not a ZAP report: Unexpected token < (line 1)').waitFor();
    expect(await seriousViolations(page.page)).toEqual([]);
  });
});

describe('the findings table at 1,440 px with the navigation open', () => {
  it('shows the curation columns (Published, Tags) on screen, and a CVE whole before the count of the others', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Wren Wide' });
    expect((await signedInCaller(user)('setDefaultCompany', { slug: 'acme' })).statusCode).toBe(200);
    const { context, page } = await openSignedIn(browser, stack, user.email);
    await page.setViewportSize({ width: 1440, height: 900 });
    const service = new AnalystServicePage(page);
    await service.open(servicePaths.network);
    const table = page.getByRole('table', { name: 'Findings' });
    // The rows read (the table's loading row is a row too): a CVE cell shows.
    await table.locator('td span[title^="CVE-"]').first().waitFor();
    for (const name of ['Finding', 'Severity', 'Status', 'Published', 'Tags']) {
      const box = await table.getByRole('columnheader', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(1440);
    }
    // A finding with many CVEs: the first one readable whole, then "+N more"; none cut by an ellipsis.
    const cveCells = await table
      .locator('td span[title^="CVE-"]')
      .evaluateAll((spans) =>
        spans.map((span) => ({ text: span.textContent ?? '', cut: span.scrollWidth > span.clientWidth + 1 })),
      );
    const many = cveCells.find((cell) => /\+\d+ more$/.test(cell.text));
    expect(many, JSON.stringify(cveCells.slice(0, 3))).toBeDefined();
    expect(many!.text).toMatch(/^CVE-\d{4}-\d{4,} \+\d+ more$/);
    expect(many!.cut).toBe(false);
    await context.close();
  });
});

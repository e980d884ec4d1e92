// The customer report pages in headless Chromium, as fresh lookalikes of the demo's customers: viewer@acme.example
// (level 1, DAST only) and manager@acme.example (level 3, every service Acme has on), then a customer of Acme
// and Globex switching companies (the overview and reports follow). Home and /reports show
// the overview's cards of the services each may view; /reports/{service} draws its charts and lists the
// published findings only (the informational ones the demo leaves unpublished never show); a finding opens
// its detail; every report page passes axe; the report page's own JavaScript stays within 150 KB gzipped.
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import type { SignedInBrowser } from '../support/sign-in.js';
import { openSignedIn } from '../support/signed-in-browser.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createDemoLookalike, createTestUser } from '../support/users.js';

const stack = inject('localStack');
let browser: Browser;
let viewer: SignedInBrowser;
let manager: SignedInBrowser;
/** A customer of Acme and Globex (level 2), fresh, so switching companies leaves the demo's accounts alone. */
let multi: SignedInBrowser;
/** Acme's DAST findings as the analysts see them. */
let dastFindings: Array<{ id: string; title: string; severity: string; published: boolean; firstImportId: string }>;
/** The import of Acme's last DAST scan. */
let lastDastImport: string;
/** Calls as the viewer (a customer of Acme, level 1). */
let viewerCall: ReturnType<typeof signedInCaller>;

beforeAll(async () => {
  browser = await launchBrowser();
  const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  const answer = await analyst('listFindings', { slug: 'acme', service: 'dast', limit: 100 });
  expect(answer.statusCode).toBe(200);
  dastFindings = answer.body.result.findings;
  lastDastImport = (await analyst('getServiceReport', { slug: 'acme', service: 'dast' })).body.result.lastScan.importId;
  const multiUser = await createTestUser({ userType: 'customer', accessLevel: 2, companies: ['acme', 'globex'] });
  const [viewerUser, managerUser] = await Promise.all(
    ['viewer@acme.example', 'manager@acme.example'].map(createDemoLookalike),
  );
  viewerCall = signedInCaller(viewerUser!);
  [viewer, manager, multi] = await Promise.all([
    openSignedIn(browser, stack, viewerUser!.email),
    openSignedIn(browser, stack, managerUser!.email),
    openSignedIn(browser, stack, multiUser.email),
  ]);
  await Promise.all([viewer, manager, multi].map(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' })));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Follows an in-app link and collects the JavaScript fetched meanwhile, gzipped (-9) as a CDN serves it. */
async function scriptsLoadedBy(page: Page, action: () => Promise<void>): Promise<{ url: string; gzip: number }[]> {
  const loaded: Promise<{ url: string; gzip: number }>[] = [];
  const onResponse = (response: Response) => {
    if (!response.url().endsWith('.js')) return;
    loaded.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })));
  };
  page.on('response', onResponse);
  await action();
  page.off('response', onResponse);
  return Promise.all(loaded);
}

/** The donut chart, drawn (an SVG named after the chart). */
const severityDonut = (page: Page) => page.locator('svg[aria-label="Open findings by severity"]');

describe('viewer@acme.example (level 1, DAST only)', () => {
  it('sees the DAST card only on Home and on /reports', async () => {
    const { page } = viewer;
    await page.getByRole('link', { name: 'DAST', exact: true }).first().waitFor();
    await expect(page.getByRole('heading', { name: /Welcome/ }).count()).resolves.toBe(1);
    await page.goto(`${stack.appUrl}/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const main = page.locator('main');
    await main.getByRole('link', { name: 'DAST', exact: true }).waitFor();
    for (const other of ['Network scanning', 'Cloud scanning', 'Password cracking', 'ProjectMariana']) {
      expect(await main.getByRole('link', { name: other, exact: true }).count(), other).toBe(0);
    }
    await expect(
      main
        .getByText(/^Updated /)
        .first()
        .textContent(),
    ).resolves.toMatch(/Updated \d+ (second|minute|hour)s? ago/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens the DAST report: charts, the published findings only, a finding, within 150 KB of its own JavaScript', async () => {
    const { page } = viewer;
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.locator('main').getByRole('link', { name: 'DAST', exact: true }).click();
      await severityDonut(page).waitFor({ timeout: 20_000 });
    });
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`report page's own JavaScript: ${(total / 1000).toFixed(1)} KB gzipped in ${scripts.length} files`);
    expect(total).toBeLessThanOrEqual(150_000);
    expect(new URL(page.url()).pathname).toBe('/reports/dast');
    await page.getByRole('heading', { name: 'Open findings over the scans' }).waitFor();
    await page.getByRole('heading', { name: 'Top assets' }).waitFor();

    const table = page.getByRole('table', { name: 'Findings' });
    await table.getByRole('row').nth(1).waitFor();
    const published = dastFindings.filter((finding) => finding.published);
    const unpublished = dastFindings.filter((finding) => !finding.published);
    expect(published.length).toBeGreaterThan(0);
    expect(unpublished.length).toBeGreaterThan(0);
    await expect.poll(async () => (await table.getByRole('row').count()) - 1).toBe(Math.min(published.length, 20));
    const text = await table.textContent();
    for (const finding of unpublished) {
      if (published.some((other) => other.title === finding.title)) continue;
      expect(text, finding.title).not.toContain(finding.title);
    }
    expect(text).not.toMatch(/\bInfo\b/);

    await table.getByRole('link').first().click();
    const detail = page
      .getByRole('group', { name: 'Finding detail' })
      .or(page.locator('[aria-label="Finding detail"]'));
    await detail.getByText('Severity').first().waitFor();
    const findingId = new URL(page.url()).searchParams.get('finding');
    expect(findingId).toMatch(/^[0-9a-f]{32}$/);
    // Where it is: each place the scanner saw it, its URL among them, as getFinding answers the customer.
    const opened = await viewerCall('getFinding', { slug: 'acme', service: 'dast', findingId });
    expect(opened.body.result.view).toBe('customer');
    const instances = opened.body.result.instances as Array<{ uri?: string }>;
    expect(instances.length).toBeGreaterThan(0);
    const where = detail.getByRole('table', { name: 'Instances' });
    await where.waitFor();
    expect(await where.getByRole('rowheader').first().innerText()).toBe(instances[0]!.uri);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the severity filter in the address', async () => {
    const { page } = viewer;
    await page.goto(`${stack.appUrl}/reports/dast?severity=high`);
    const table = page.getByRole('table', { name: 'Findings' });
    await table.getByRole('row').nth(1).waitFor();
    const highs = dastFindings.filter((finding) => finding.published && finding.severity === 'high').length;
    await expect.poll(async () => (await table.getByRole('row').count()) - 1).toBe(highs);

    // The text filter too: opened from the address, and typed into it.
    const title = dastFindings.find((finding) => finding.published)!.title;
    await page.goto(`${stack.appUrl}/reports/dast?q=${encodeURIComponent(title)}`);
    const search = page.getByRole('searchbox', { name: 'Find findings' });
    await expect.poll(() => search.inputValue()).toBe(title);
    // Every row below the header holds the title, once the search has answered (not its loading row).
    const rowsMatch = async () => {
      const rows = (await table.getByRole('row').allTextContents()).slice(1);
      return rows.length > 0 && rows.every((text) => text.includes(title));
    };
    await expect.poll(rowsMatch, { timeout: 15_000 }).toBe(true);
    await search.fill('zzz-nothing');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zzz-nothing');
  });

  it('shows only what the last scan found first, from the toggle and from the address', async () => {
    const { page } = viewer;
    await page.goto(`${stack.appUrl}/reports/dast`);
    const table = page.getByRole('table', { name: 'Findings' });
    await table.getByRole('row').nth(1).waitFor();
    const published = dastFindings.filter((finding) => finding.published);
    const fresh = published.filter((finding) => finding.firstImportId === lastDastImport);
    // The demo's second scan found some findings first, not all: the filter has something to leave out.
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length).toBeLessThan(published.length);
    // The toggle follows the address, a render later than the click (so click, not check).
    await page.getByRole('checkbox', { name: 'New in the last scan' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('new')).toBe('1');
    const titles = async () => (await table.getByRole('row').allTextContents()).slice(1).sort();
    const expected = fresh.map((finding) => finding.title);
    const shows = async () => {
      const rows = await titles();
      return rows.length === fresh.length && expected.every((title) => rows.some((row) => row.includes(title)));
    };
    await expect.poll(shows, { timeout: 15_000 }).toBe(true);
    await page.reload();
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(shows, { timeout: 15_000 }).toBe(true);
  });

  it('draws the report in dark mode too, with no serious accessibility violation', async () => {
    const { page } = viewer;
    await page.evaluate(() => localStorage.setItem('colorScheme', 'dark'));
    await page.goto(`${stack.appUrl}/reports/dast`);
    await severityDonut(page).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.body.classList.contains('awsui-dark-mode'))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('colorScheme', 'light'));
  });

  it('is refused the network report', async () => {
    const { page } = viewer;
    await page.goto(`${stack.appUrl}/reports/network`);
    await page
      .getByText(/access level|not available|needs/i)
      .first()
      .waitFor();
    expect(await severityDonut(page).count()).toBe(0);
  });
});

describe('manager@acme.example (level 3, every service)', () => {
  it("sees every service Acme has on, and the cloud report of its published findings (the scan's own figures are the analysts')", async () => {
    const { page } = manager;
    await page.goto(`${stack.appUrl}/reports`);
    const main = page.locator('main');
    for (const name of ['DAST', 'Network scanning', 'Cloud scanning', 'Password cracking', 'ProjectMariana']) {
      await main.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('link', { name: 'Cloud scanning', exact: true }).click();
    await page.getByRole('heading', { name: 'Open findings by severity' }).waitFor();
    await severityDonut(page).waitFor({ timeout: 20_000 });
    // Prowler's pass rate counts every check of the scan, published or not: customers are not shown it.
    // The cloud list's own columns (research file section 5): account, region and service of each check.
    const table = main.getByRole('table', { name: /findings/i });
    for (const header of ['Account', 'Region', 'Service']) {
      await table.getByRole('columnheader', { name: header }).first().waitFor();
    }
    await table
      .getByRole('cell', { name: /^(account|accessanalyzer)$/ })
      .first()
      .waitFor();
    expect(await page.getByText('Pass rate').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Prowler' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sees what is overdue on the overview and the report, follows it to those findings, and the monthly trend', async () => {
    const { page } = manager;
    await page.goto(`${stack.appUrl}/reports`);
    const main = page.locator('main');
    const monthly = 'svg[aria-label="Findings opened and fixed per month"]';
    // Every card draws its small monthly chart once its chunk is in.
    await expect.poll(() => main.locator(monthly).count(), { timeout: 20_000 }).toBe(5);
    const overdueLink = main.getByRole('link', { name: /^\d+ overdue$/ }).first();
    await overdueLink.waitFor({ timeout: 20_000 });
    const overdue = Number((await overdueLink.innerText()).split(' ')[0]);
    expect(overdue).toBeGreaterThan(0);
    await overdueLink.click();
    await page.waitForURL(/\/reports\/[a-z_]+\?sla=overdue$/);
    // The report's SLA figures say the same, and the list below holds those findings.
    const slaBox = main.locator('[data-testid="report-sla"]');
    await expect.poll(() => slaBox.getByRole('link', { name: `${overdue} overdue: show them` }).count()).toBe(1);
    const table = main.getByRole('table', { name: /findings/i });
    await expect.poll(async () => (await table.getByRole('row').count()) - 1, { timeout: 20_000 }).toBe(overdue);
    await main.locator(monthly).waitFor();
    await expect.poll(() => slaBox.getByText('Fixed within SLA (90 days)').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('narrows the network list by subnet, CVE and fix, as the server answers, and keeps them in the address', async () => {
    const { page } = manager;
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    /** The published titles the server lists for a filter (what the customer's table must show). */
    const expectedTitles = async (filter: object) => {
      const answer = await analyst('listFindings', { slug: 'acme', service: 'network', limit: 100, filter });
      expect(answer.statusCode).toBe(200);
      return (answer.body.result.findings as Array<{ title: string; published: boolean }>)
        .filter((finding) => finding.published)
        .map((finding) => finding.title)
        .sort();
    };
    await page.goto(`${stack.appUrl}/reports/network`);
    const table = page.locator('main').getByRole('table', { name: /findings/i });
    await table.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    /** The first page (20 rows) holds the server's answer: as many rows, each one of its findings. */
    const shows = async (expected: string[]) => {
      const rows = (await table.getByRole('row').allTextContents()).slice(1);
      return (
        rows.length === Math.min(20, expected.length) &&
        rows.every((row) => expected.some((title) => row.includes(title)))
      );
    };
    const withCve = await expectedTitles({ hasCve: true });
    const fixable = await expectedTitles({ hasCve: true, fixAvailable: true });
    // The demo's OpenVAS scan has both: the filters leave something out and keep something.
    expect(withCve.length).toBeGreaterThan(fixable.length);
    expect(fixable.length).toBeGreaterThan(0);
    // Two toggles clicked back to back both count (the second must not undo the first before a render).
    await page.getByRole('checkbox', { name: 'Has a CVE' }).click();
    await page.getByRole('checkbox', { name: 'Fix available' }).click();
    const address = () => new URL(page.url()).searchParams;
    await expect.poll(() => `${address().get('cve')} ${address().get('fix')}`).toBe('1 1');
    await expect.poll(() => shows(fixable), { timeout: 15_000 }).toBe(true);
    await page.getByRole('checkbox', { name: 'Fix available' }).click();
    await expect.poll(() => shows(withCve), { timeout: 15_000 }).toBe(true);
    await page.getByRole('checkbox', { name: 'Fix available' }).click();
    await expect.poll(() => shows(fixable), { timeout: 15_000 }).toBe(true);
    const subnet = page.getByRole('searchbox', { name: 'Subnet' });
    await subnet.fill('192.168.2.0/24');
    await subnet.press('Enter');
    await expect.poll(() => address().get('subnet')).toBe('192.168.2.0/24');
    expect(`${address().get('cve')} ${address().get('fix')}`).toBe('1 1');
    await page
      .getByText(/No findings match/i)
      .first()
      .waitFor({ timeout: 15_000 });
    await subnet.fill('192.168.1.0/24');
    await subnet.press('Enter');
    await expect.poll(() => shows(fixable), { timeout: 15_000 }).toBe(true);
    await subnet.fill('192.168.1');
    await page.getByText('Write a CIDR block, e.g. 10.0.0.0/24').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The address holds the view: a reload shows the same rows.
    await page.reload();
    await table.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    await expect.poll(() => shows(fixable), { timeout: 15_000 }).toBe(true);
  });

  it("reads the password audit report without the audit's own counts, which cover unpublished accounts too", async () => {
    const { page } = manager;
    await page.goto(`${stack.appUrl}/reports/password_cracking`);
    await page
      .locator('main')
      .getByRole('table', { name: /findings/i })
      .waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: /Password audit/ }).count()).toBe(0);
    expect(await page.getByText('Accounts cracked').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('a customer of Acme and Globex', () => {
  it('switches company: the overview and the reports follow', async () => {
    const { page } = multi;
    await page.goto(`${stack.appUrl}/reports`);
    const main = page.locator('main');
    await main.getByRole('link', { name: 'DAST', exact: true }).waitFor();
    await page.getByRole('button', { name: /^Current company: .*\. Switch company$/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Globex', exact: true }).click();
    await main.getByRole('link', { name: 'Network scanning', exact: true }).waitFor();
    await main.getByRole('link', { name: 'Cloud scanning', exact: true }).waitFor();
    await expect.poll(() => main.getByRole('link', { name: 'DAST', exact: true }).count()).toBe(0);
    await main.getByRole('link', { name: 'Network scanning', exact: true }).click();
    await severityDonut(page).waitFor({ timeout: 20_000 });
    await page.getByText(/findings published to Globex/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// The customer report pages, against a local stack: the JavaScript a report page fetches beyond the
// signed-in shell when a customer goes from Home to /reports/dast and to /reports (gzip -9; budget
// reportPageJsGzipKB, enforced); the dashboard calls (getServiceReport, getReportsOverview) of a company with
// 100,000 findings, their DynamoDB requests counted (enforced: dynamoDbRequestsPerCall) and their median timed
// against the same company at 100 findings (reportDashboardRatio, reported); navigation to the first chart drawn
// in Chromium, median of 10 (reported); and a PDF of 1,000 findings through the calls the web uses
// (startFindingExport, getFindingExport until done), time and size (reported).
// The 100,000 findings are those bench-findings-list.ts wrote (raw copies, no import): their service reports are
// counted here with refreshServiceReport, as an import counts them when it ends. The pages are read by a
// fresh customer of the demo's Acme (level 1, DAST), whose published findings draw the charts.
// Import only after startLocalStack has set the environment.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ShellPage } from '../tests/support/shell-page.js';
import type { StackAddresses } from '../tests/support/sign-in.js';
import { median, round } from './bench-stats.js';
import { recordFiles, summarise, type PageFiles } from './measure-web.js';

/** The severity donut, the report page's first chart (an SVG named after it). */
export const severityDonutSelector = 'svg[aria-label="Open findings by severity"]';

/** Where the customer goes from Home: a service's report (the DAST card) or the overview (the side navigation). */
export type ReportDestination = 'service' | 'overview';

/** A fresh customer of Acme (level 1, DAST), signed in once in Chromium; its state opens signed-in contexts. */
export async function signInReportCustomer(
  browser: Browser,
  stack: StackAddresses,
): Promise<{ email: string; storageState: Awaited<ReturnType<BrowserContext['storageState']>> }> {
  const { createTestUser } = await import('../tests/support/users.js');
  const { signInInBrowser } = await import('../tests/support/sign-in.js');
  const customer = await createTestUser({
    userType: 'customer',
    accessLevel: 1,
    companies: ['acme'],
    servicesEnabled: ['dast'],
    displayName: 'Bench Reader',
  });
  const { context } = await signInInBrowser(browser, stack, customer.email);
  try {
    return { email: customer.email, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Home, loaded: the overview's DAST card (a customer's Home shows the overview) and the events table. */
async function homeLoaded(page: Page): Promise<void> {
  await page.locator('main').getByRole('link', { name: 'DAST', exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('table', { name: 'Your events' }).waitFor({ timeout: 30_000 });
}

/** Goes from Home to the destination the way a person does: the DAST card, or Reports > All reports. */
async function followFromHome(page: Page, destination: ReportDestination): Promise<void> {
  if (destination === 'service') {
    await page.locator('main').getByRole('link', { name: 'DAST', exact: true }).click();
    await page.locator(severityDonutSelector).waitFor({ timeout: 30_000 });
    if (new URL(page.url()).pathname !== '/reports/dast') throw new Error(`The DAST card led to ${page.url()}`);
  } else {
    const shell = new ShellPage(page);
    await shell.openNavigation();
    await shell.navigation.getByRole('tab', { name: 'Reports', exact: true }).click();
    await shell.navigation.getByRole('link', { name: 'All reports', exact: true }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor({ timeout: 30_000 });
    await page.locator('main').getByRole('link', { name: 'DAST', exact: true }).waitFor({ timeout: 30_000 });
    if (new URL(page.url()).pathname !== '/reports') throw new Error(`All reports led to ${page.url()}`);
  }
}

/**
 * The JS and CSS fetched after Home had loaded (a fresh context, cold cache, signed in) until the destination
 * shows: the report page's own code, charts included, beyond the shell and Home.
 */
export async function measureReportPageFiles(
  browser: Browser,
  appUrl: string,
  storageState: StorageState,
  destination: ReportDestination,
): Promise<PageFiles> {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${appUrl}/`);
    await homeLoaded(page);
    const recording = recordFiles(page);
    await followFromHome(page, destination);
    return summarise(await recording.stop());
  } finally {
    await context.close();
  }
}

/** Polled on every animation frame: the time (page clock) at which the donut is laid out with a segment drawn. */
function firstChartDrawn(page: Page): Promise<number> {
  return page
    .waitForFunction(
      (selector) => {
        const chart = document.querySelector(selector);
        if (!chart || !chart.querySelector('path')) return false;
        const box = chart.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(chart).visibility !== 'hidden'
          ? performance.now()
          : false;
      },
      severityDonutSelector,
      { polling: 'raf', timeout: 30_000 },
    )
    .then(async (handle) => (await handle.jsonValue()) as number);
}

export interface FirstChartTimes {
  runs: number;
  /** Opening /reports/dast (fresh context, cold cache, signed in): navigation start to the donut drawn. */
  openedMedianMs: number;
  openedSamplesMs: number[];
  /** From Home (loaded, cold cache for the report's code): the DAST card clicked to the donut drawn. */
  fromHomeMedianMs: number;
  fromHomeSamplesMs: number[];
}

export async function measureFirstChart(
  browser: Browser,
  appUrl: string,
  storageState: StorageState,
  runs = 10,
): Promise<FirstChartTimes> {
  const opened: number[] = [];
  const fromHome: number[] = [];
  const inFreshPage = async <T>(work: (page: Page) => Promise<T>): Promise<T> => {
    const context = await browser.newContext({ storageState });
    try {
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      return await work(page);
    } finally {
      await context.close();
    }
  };
  const open = () =>
    inFreshPage(async (page) => {
      await page.goto('about:blank');
      await page.goto(`${appUrl}/reports/dast`, { waitUntil: 'commit' });
      return firstChartDrawn(page);
    });
  const followCard = () =>
    inFreshPage(async (page) => {
      await page.goto(`${appUrl}/`);
      await homeLoaded(page);
      const card = page.locator('main').getByRole('link', { name: 'DAST', exact: true });
      const clickedAt = await page.evaluate(() => performance.now());
      await card.click();
      return (await firstChartDrawn(page)) - clickedAt;
    });
  // One untimed run of each warms the browser process and the stack's handlers.
  await open();
  await followCard();
  for (let run = 0; run < runs; run += 1) {
    opened.push(await open());
    fromHome.push(await followCard());
  }
  return {
    runs,
    openedMedianMs: round(median(opened), 1),
    openedSamplesMs: opened.map((ms) => Math.round(ms)),
    fromHomeMedianMs: round(median(fromHome), 1),
    fromHomeSamplesMs: fromHome.map((ms) => Math.round(ms)),
  };
}

export interface CountedReport {
  seconds: number;
  attributes: number;
  /** The item as JSON, a stand-in for its size on the wire. */
  jsonBytes: number;
}

/**
 * Gives the two findings-list companies a company record (DAST on) and counts their DAST reports as an import
 * counts them when it ends (refreshServiceReport: every finding of the service, one projected Query a page at a
 * time). Answers the seconds each count took, and the size of the report item it wrote (what the dashboard
 * calls read: its counters; the top assets are an item of their own, of 30 assets per view at most).
 */
export async function countReports(slugs: readonly string[], service = 'dast'): Promise<Record<string, CountedReport>> {
  const { createCompanyAs } = await import('../lambdas/kernel/companies/company-admin.js');
  const { AlreadyExistsError } = await import('../lambdas/kernel/errors.js');
  const { refreshServiceReport } = await import('../lambdas/kernel/reports/service-reports.js');
  const { getServiceReportItem } = await import('../lambdas/kernel/data/entities/service-reports.js');
  const counted: Record<string, CountedReport> = {};
  for (const slug of slugs) {
    try {
      await createCompanyAs(
        { uid: 'bench', email: 'bench@example.com' },
        { slug, companyName: `Bench ${slug}`, flags: { enableDast: true } },
      );
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
    const started = performance.now();
    await refreshServiceReport(
      { importId: 'bench-reports-count', slug, service: service as 'dast' },
      { at: Date.now(), tool: 'nuclei', counts: { new: 0, fixed: 0, reopened: 0, changed: 1 }, wrote: true },
    );
    const seconds = round((performance.now() - started) / 1000, 1);
    const item = (await getServiceReportItem(slug, service)) ?? {};
    counted[slug] = {
      seconds,
      attributes: Object.keys(item).length,
      jsonBytes: Buffer.byteLength(JSON.stringify(item)),
    };
  }
  return counted;
}

export interface DashboardCall {
  call: 'getServiceReport' | 'getReportsOverview';
  requests: number;
  scans: number;
  commands: string[];
  /** Open findings the answer counts (the service's, or the overview's DAST card), at each size. */
  openFindings: { large: number; small: number };
  largeMedianMs: number;
  smallMedianMs: number;
  /** Large median over small median. */
  ratio: number;
}

/** Each dashboard call at both companies, through the handler: requests counted once, then timed in turn. */
export async function measureDashboardCalls(options: {
  claims: Record<string, string>;
  origin: string;
  largeSlug: string;
  smallSlug: string;
  service?: string;
  rounds?: number;
}): Promise<DashboardCall[]> {
  const { invokeDirectly } = await import('./bench-calls.js');
  const { dynamoDbRequestsOf } = await import('../tests/support/dynamodb-requests.js');
  const service = options.service ?? 'dast';
  const rounds = options.rounds ?? 30;
  const warmup = 5;
  type Open = { openTotal: number };
  const openOf = (name: DashboardCall['call'], result: unknown): number =>
    name === 'getServiceReport'
      ? (result as Open).openTotal
      : ((result as { services: Array<Open & { service: string }> }).services.find((entry) => entry.service === service)
          ?.openTotal ?? 0);
  const results: DashboardCall[] = [];
  for (const name of ['getServiceReport', 'getReportsOverview'] as const) {
    const input = (slug: string) => (name === 'getServiceReport' ? { slug, service } : { slug });
    const call = async (slug: string) => {
      const answer = await invokeDirectly(name, input(slug), options.claims, options.origin);
      if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}`);
      return (answer.body as { result: unknown }).result;
    };
    const { result, requests } = await dynamoDbRequestsOf(() => call(options.largeSlug));
    const small = await call(options.smallSlug);
    const times = { large: [] as number[], small: [] as number[] };
    for (let turn = 0; turn < warmup + rounds; turn += 1) {
      const order = turn % 2 === 0 ? (['large', 'small'] as const) : (['small', 'large'] as const);
      for (const size of order) {
        const started = performance.now();
        await call(size === 'large' ? options.largeSlug : options.smallSlug);
        if (turn >= warmup) times[size].push(performance.now() - started);
      }
    }
    const largeMedianMs = median(times.large);
    const smallMedianMs = median(times.small);
    results.push({
      call: name,
      requests: requests.length,
      scans: requests.filter((command) => /^Scan/.test(command)).length,
      commands: requests,
      openFindings: { large: openOf(name, result), small: openOf(name, small) },
      largeMedianMs: round(largeMedianMs),
      smallMedianMs: round(smallMedianMs),
      ratio: round(largeMedianMs / smallMedianMs),
    });
  }
  return results;
}

export interface PdfExportMeasures {
  findings: number;
  runs: number;
  /** startFindingExport sent to getFindingExport answering done (polled every 100 ms), median of the runs. */
  medianSeconds: number;
  samplesSeconds: number[];
  /** Of each run, by the export's own clock: queued (created to started) and the worker's run (started to done). */
  queuedSeconds: number[];
  workSeconds: number[];
  /** The file as downloaded from its link. */
  bytes: number;
  written: number;
}

/**
 * A PDF of the first `findings` findings of the company's service (the list's order), through the calls the web
 * uses: startFindingExport, then getFindingExport until done, then a GET of its download link.
 */
export async function measurePdfExport(options: {
  claims: Record<string, string>;
  origin: string;
  slug: string;
  service?: string;
  findings?: number;
  runs?: number;
}): Promise<PdfExportMeasures> {
  const { invokeDirectly } = await import('./bench-calls.js');
  const findings = options.findings ?? 1000;
  const runs = options.runs ?? 5;
  const call = async <T>(name: string, data: unknown): Promise<T> => {
    const answer = await invokeDirectly(name, data, options.claims, options.origin);
    if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}`);
    return (answer.body as { result: T }).result;
  };
  type Export = {
    status: string;
    written: number;
    downloadUrl?: string;
    error?: string;
    createdAt: number;
    startedAt?: number;
    finishedAt?: number;
  };
  const samples: number[] = [];
  const queued: number[] = [];
  const work: number[] = [];
  let last: Export | undefined;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const { exportId } = await call<{ exportId: string }>('startFindingExport', {
      slug: options.slug,
      service: options.service ?? 'dast',
      format: 'pdf',
      limit: findings,
    });
    for (;;) {
      last = await call<Export>('getFindingExport', { exportId });
      if (last.status === 'done' || last.status === 'failed') break;
      if (performance.now() - started > 600_000) throw new Error('The PDF export took over 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (last.status !== 'done') throw new Error(`The PDF export failed: ${last.error ?? 'no reason given'}`);
    samples.push((performance.now() - started) / 1000);
    queued.push(round(((last.startedAt ?? last.createdAt) - last.createdAt) / 1000, 2));
    work.push(round(((last.finishedAt ?? 0) - (last.startedAt ?? last.createdAt)) / 1000, 2));
  }
  const file = await fetch(new URL(last!.downloadUrl!, options.origin));
  if (!file.ok) throw new Error(`The PDF's link answered ${file.status}`);
  const body = new Uint8Array(await file.arrayBuffer());
  if (new TextDecoder().decode(body.subarray(0, 5)) !== '%PDF-') throw new Error('The export is not a PDF');
  return {
    findings,
    runs,
    medianSeconds: round(median(samples), 2),
    samplesSeconds: samples.map((seconds) => round(seconds, 2)),
    queuedSeconds: queued,
    workSeconds: work,
    bytes: body.byteLength,
    written: last!.written,
  };
}

export interface ReportMeasures {
  customer: string;
  pages: Record<ReportDestination, { jsGzipBytes: number; cssGzipBytes: number; jsRawBytes: number; files: string[] }>;
  firstChart: FirstChartTimes;
  reportCounts: Record<string, CountedReport>;
  dashboard: DashboardCall[];
  pdf: PdfExportMeasures;
}

/** The whole report part of the bench, on a stack whose findings-list companies are already seeded. */
export async function measureReports(options: {
  stack: StackAddresses;
  claims: Record<string, string>;
  largeSlug: string;
  smallSlug: string;
  log?: (message: string) => void;
}): Promise<ReportMeasures> {
  const log = options.log ?? (() => undefined);
  const { launchBrowser } = await import('../tests/support/browser.js');
  log(`reports: counting the DAST reports of ${options.largeSlug} and ${options.smallSlug}…`);
  const reportCounts = await countReports([options.largeSlug, options.smallSlug]);
  log('reports: getServiceReport and getReportsOverview at 100,000 and at 100 findings, through the handler…');
  const dashboard = await measureDashboardCalls({
    claims: options.claims,
    origin: options.stack.appUrl,
    largeSlug: options.largeSlug,
    smallSlug: options.smallSlug,
  });
  log('reports: a PDF of 1,000 findings (5 runs)…');
  const pdf = await measurePdfExport({ claims: options.claims, origin: options.stack.appUrl, slug: options.largeSlug });
  log('reports: the pages in Chromium (their JavaScript, then 10 runs to the first chart)…');
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  try {
    const { email, storageState } = await signInReportCustomer(browser, options.stack);
    const pages = {} as ReportMeasures['pages'];
    for (const destination of ['service', 'overview'] as const) {
      const files = await measureReportPageFiles(browser, options.stack.appUrl, storageState, destination);
      pages[destination] = {
        jsGzipBytes: files.jsGzipBytes,
        cssGzipBytes: files.cssGzipBytes,
        jsRawBytes: files.jsRawBytes,
        files: files.files.map((file) => file.path),
      };
    }
    const firstChart = await measureFirstChart(browser, options.stack.appUrl, storageState);
    return { customer: email, pages, firstChart, reportCounts, dashboard, pdf };
  } finally {
    await browser.close();
  }
}

// Run alone: `tsx scripts/bench-reports.ts [findings]` (100,000 by default), on a stack of its own with the demo
// data (the customer's Acme): the findings list's seeding (bench-findings-list.ts), then the measures above.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  const total = Number(process.argv[2] ?? 100_000);
  const report = await onOwnStack(
    'reports',
    async (stack) => {
      const { createTestUser } = await import('../tests/support/users.js');
      const { claimsOf } = await import('./bench-calls.js');
      const { seedFindingsListCompanies } = await import('./bench-findings-list.js');
      const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Bench Analyst' });
      const claims = claimsOf(analyst);
      const log = (message: string) =>
        console.error(`[bench-reports ${new Date().toISOString().slice(11, 19)}] ${message}`);
      log(`seeding ${total} findings as the findings-list bench does…`);
      const seeded = await seedFindingsListCompanies(stack, claims, total);
      return {
        findings: total,
        seedSeconds: seeded.seedSeconds,
        ...(await measureReports({ stack, claims, largeSlug: seeded.largeSlug, smallSlug: seeded.smallSlug, log })),
      };
    },
    { seed: true },
  );
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}

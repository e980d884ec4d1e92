// Measures what the web app costs: the sign-in page for a first-time visitor (the JS and CSS loaded
// until the Email field shows, raw and gzip -9 bytes, and the time to get there against a blank page),
// and the first signed-in page (Home, after opening a sign-in link, until its events table shows).
// Run: npx tsx scripts/measure-web.ts (after npm run build:web). The budget script imports
// measureSignInPage() and measureFirstSignedInPage(); the budgets are those of bench/budgets.json.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { startLocalStack } from '../infra/local/stack.js';
import { createStaticSite } from '../infra/local/static-site.js';
import { launchBrowser } from '../tests/support/browser.js';
import { freePort } from '../tests/support/free-port.js';
import { signInInBrowser } from '../tests/support/sign-in.js';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const defaultDistDir = join(repoRoot, 'web', 'dist');
const budgets = JSON.parse(readFileSync(join(repoRoot, 'bench', 'budgets.json'), 'utf8')) as {
  signInPageJsCssGzipKB: number;
  firstSignedInPageJsGzipKB: number;
  vaultPageJsGzipKB: number;
  reportPageJsGzipKB: number;
};
/** The sign-in page's budget for JavaScript and CSS together loaded before the form shows, gzipped. */
export const signInPageJsCssGzipBudgetBytes = budgets.signInPageJsCssGzipKB * 1000;
/** The first signed-in page's budget (Home, after sign-in) for JavaScript, gzipped. */
export const firstSignedInPageJsGzipBudgetBytes = budgets.firstSignedInPageJsGzipKB * 1000;
/** A vault link's page (/vault/*, vault.html): its JavaScript, gzipped, until Reveal (or the request form) shows. */
export const vaultPageJsGzipBudgetBytes = budgets.vaultPageJsGzipKB * 1000;
/** A report page's own JavaScript (charts included), gzipped: what it fetches beyond the shell and Home. */
export const reportPageJsGzipBudgetBytes = budgets.reportPageJsGzipKB * 1000;

/**
 * The chunk of each route's page (and of the signed-in shell), by the file name Vite gives it (the
 * module's name plus a hash): a page must load no other page's chunk.
 */
export const pageChunks = [
  'sign-in-page',
  'signed-out-notice',
  'auth-redirect-page',
  'signed-in-shell',
  'home-page',
  'page-unavailable',
  'not-found-page',
  'profile-page',
  'create-company-page',
  'manage-companies-page',
  'manage-users-page',
  'platform-users-page',
  'platform-services-page',
  'analyst-service-page',
  'reports-page',
  'service-report-page',
  'vault-share-page',
  'vault-request-page',
] as const;
export type PageChunk = (typeof pageChunks)[number];

/** Which page chunks the loaded files include. */
export function pageChunksIn(files: readonly LoadedFile[]): PageChunk[] {
  const loaded = new Set<PageChunk>();
  for (const file of files) {
    const name = file.path.split('/').pop() ?? '';
    for (const chunk of pageChunks) if (new RegExp(`^${chunk}-[\\w-]+\\.(js|css)$`).test(name)) loaded.add(chunk);
  }
  return pageChunks.filter((chunk) => loaded.has(chunk));
}

/** What the app reads at start; the user pool id only has to look like `region_id`. */
export const fakeRuntimeConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_local',
  userPoolClientId: 'measureclientid',
  apiUrl: '/api',
};

const blankPagePath = '/__blank.html';
const blankPageHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p id="blank">blank</p></body></html>';

export interface StaticServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  close: () => Promise<void>;
}

/**
 * Serves a built web/dist on 127.0.0.1 (ephemeral port) the way the local stack does (the same static
 * site module), plus a fake /runtime-config.json, a tiny blank page, and an API that answers 503.
 */
export async function serveWebDist(
  distDir = defaultDistDir,
  runtimeConfig: object = fakeRuntimeConfig,
): Promise<StaticServer> {
  const staticSite = createStaticSite(distDir);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/runtime-config.json') return send(200, 'application/json', JSON.stringify(runtimeConfig));
    if (path === blankPagePath) return send(200, 'text/html; charset=utf-8', blankPageHtml);
    if (path.startsWith('/api/')) {
      return send(
        503,
        'application/json',
        JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'No backend behind the measuring server.' } }),
      );
    }
    return staticSite(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface LoadedFile {
  /** Path on the server, e.g. /assets/index-abc.js */
  path: string;
  type: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
}

export interface SignInPageMeasurement {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsRawBytes: number;
  cssRawBytes: number;
  /** Navigation (from about:blank) to the Email field visible, median over the runs. */
  formVisibleMsMedian: number;
  /** Navigation (from about:blank) to a tiny static page visible, median over the runs. */
  blankPageMsMedian: number;
  files: LoadedFile[];
}

export interface MeasureOptions {
  distDir?: string;
  /** Timed runs of each page (default 10). */
  runs?: number;
}

function fileType(response: Response): 'js' | 'css' | undefined {
  const path = new URL(response.url()).pathname;
  const type = response.headers()['content-type'] ?? '';
  if (/\.m?js$/.test(path) || type.includes('javascript')) return 'js';
  if (path.endsWith('.css') || type.includes('text/css')) return 'css';
  return undefined;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const emailField = { role: 'textbox', name: 'Email' } as const;
/** The same field for in-page polling (recordSignInFiles checks it is the textbox named Email). */
const emailInputSelector = 'input[type="email"]';
const blankPageSelector = '#blank';

/** Loads the sign-in page once in a fresh context and returns the JS and CSS it loaded before the form showed. */
async function recordSignInFiles(browser: Browser, origin: string): Promise<LoadedFile[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const recording = recordFiles(page);
    await page.goto(`${origin}/`);
    await page.getByRole(emailField.role, { name: emailField.name }).waitFor({ state: 'visible' });
    const files = await recording.stop();
    if ((await page.locator(emailInputSelector).count()) !== 1) {
      throw new Error(`expected the Email textbox to be the page's one ${emailInputSelector}`);
    }
    return files;
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from the navigation's start (the new document's time origin) to the first animation
 * frame in which `selector` is laid out and visible: polled in the page on every frame, so the result
 * does not depend on Playwright's back-off between checks. Fresh context (cold cache), from about:blank.
 */
async function timeToVisible(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'commit' });
    const visibleAt = await page.waitForFunction(
      (css) => {
        const element = document.querySelector(css);
        if (!element) return false;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' ? performance.now() : false;
      },
      selector,
      { polling: 'raf' },
    );
    return (await visibleAt.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** The JS and CSS the sign-in page loads until its form shows (one load, cold cache), without timings. */
export async function measureSignInPageFiles(distDir = defaultDistDir): Promise<PageFiles> {
  const server = await serveWebDist(distDir);
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  try {
    return summarise(await recordSignInFiles(browser, server.origin));
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function measureSignInPage(options: MeasureOptions = {}): Promise<SignInPageMeasurement> {
  const runs = options.runs ?? 10;
  const server = await serveWebDist(options.distDir ?? defaultDistDir);
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  try {
    const files = await recordSignInFiles(browser, server.origin);
    const formTimes: number[] = [];
    const blankTimes: number[] = [];
    // Warm the browser process once so the first timed run is not an outlier of its own start.
    await timeToVisible(browser, server.origin + blankPagePath, blankPageSelector);
    for (let run = 0; run < runs; run += 1) {
      blankTimes.push(await timeToVisible(browser, server.origin + blankPagePath, blankPageSelector));
      formTimes.push(await timeToVisible(browser, `${server.origin}/`, emailInputSelector));
    }
    const sum = (type: 'js' | 'css', key: 'rawBytes' | 'gzipBytes') =>
      files.filter((file) => file.type === type).reduce((total, file) => total + file[key], 0);
    return {
      jsGzipBytes: sum('js', 'gzipBytes'),
      cssGzipBytes: sum('css', 'gzipBytes'),
      jsRawBytes: sum('js', 'rawBytes'),
      cssRawBytes: sum('css', 'rawBytes'),
      formVisibleMsMedian: median(formTimes),
      blankPageMsMedian: median(blankTimes),
      files,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Records the JS and CSS a page loads until `stop()` is called. */
export function recordFiles(page: Page): { stop: () => Promise<LoadedFile[]> } {
  const seen: Array<{ response: Response; type: 'js' | 'css' }> = [];
  let recording = true;
  page.on('response', (response) => {
    const type = fileType(response);
    if (type && recording && response.ok()) seen.push({ response, type });
  });
  return {
    async stop() {
      recording = false;
      const files: LoadedFile[] = [];
      for (const { response, type } of seen) {
        const body = await response.body();
        files.push({
          path: new URL(response.url()).pathname,
          type,
          rawBytes: body.byteLength,
          gzipBytes: gzipSync(body, { level: 9 }).byteLength,
        });
      }
      return files;
    },
  };
}

export interface PageFiles {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsRawBytes: number;
  cssRawBytes: number;
  /** The page chunks among the files (see pageChunks). */
  pageChunks: PageChunk[];
  files: LoadedFile[];
}

export function summarise(files: LoadedFile[]): PageFiles {
  const sum = (type: 'js' | 'css', key: 'rawBytes' | 'gzipBytes') =>
    files.filter((file) => file.type === type).reduce((total, file) => total + file[key], 0);
  return {
    jsGzipBytes: sum('js', 'gzipBytes'),
    cssGzipBytes: sum('css', 'gzipBytes'),
    jsRawBytes: sum('js', 'rawBytes'),
    cssRawBytes: sum('css', 'rawBytes'),
    pageChunks: pageChunksIn(files),
    files,
  };
}

export interface FirstSignedInPageMeasurement {
  email: string;
  /** Opening the sign-in link in a fresh browser (cold cache) until Home's events table shows. */
  viaSignInLink: PageFiles;
  /** A signed-in user opening / in a fresh browser (cold cache, tokens kept) until the table shows. */
  returningVisit: PageFiles;
}

/** The page chunks each measured load may contain; anything else is another page's code. */
export const allowedPageChunks = {
  signIn: ['sign-in-page'],
  viaSignInLink: ['auth-redirect-page', 'signed-in-shell', 'home-page'],
  returningVisit: ['signed-in-shell', 'home-page'],
} as const satisfies Record<string, readonly PageChunk[]>;

/**
 * Starts the local stack (free ports, a temporary data directory, the built web app), signs a demo
 * user in with an e-mailed link in Chromium, and records the JS and CSS loaded from the navigation to
 * the link until the Home page's events table is visible; then the same for a returning visit.
 */
export async function measureFirstSignedInPage(
  options: { distDir?: string; email?: string } = {},
): Promise<FirstSignedInPageMeasurement> {
  const email = options.email ?? 'admin@example.com';
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-measure-web-'));
  const stack = await startLocalStack({
    port: await freePort(),
    mailPort: await freePort(),
    dynamoDbPort: await freePort(),
    s3Port: await freePort(),
    sqsPort: await freePort(),
    dataDir,
    webRoot: options.distDir ?? defaultDistDir,
    settings: { SIGN_IN_IP_LIMIT: '100000' },
  });
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  try {
    const eventsTable = (page: Page) =>
      page.getByRole('table', { name: 'Your events' }).waitFor({ state: 'visible', timeout: 30_000 });

    let recorder: { stop: () => Promise<LoadedFile[]> } | undefined;
    const { context, page } = await signInInBrowser(browser, stack, email, {
      onPage: (signInPage) => {
        recorder = recordFiles(signInPage);
      },
    });
    await eventsTable(page);
    const viaSignInLink = summarise((await recorder?.stop()) ?? []);

    const returning = await browser.newContext({ storageState: await context.storageState() });
    const returningPage = await returning.newPage();
    const returningRecorder = recordFiles(returningPage);
    await returningPage.goto(`${stack.appUrl}/`);
    await eventsTable(returningPage);
    const returningVisit = summarise(await returningRecorder.stop());
    return { email, viaSignInLink, returningVisit };
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function printFiles(title: string, files: PageFiles): void {
  const rows = files.files.map((file) => [file.type, file.path, kb(file.rawBytes), kb(file.gzipBytes)]);
  rows.push(['js', 'TOTAL', kb(files.jsRawBytes), kb(files.jsGzipBytes)]);
  rows.push(['css', 'TOTAL', kb(files.cssRawBytes), kb(files.cssGzipBytes)]);
  const header = ['type', 'file', 'raw', 'gzip -9'];
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ');
  console.log(title);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`page chunks loaded: ${files.pageChunks.join(', ') || 'none'}`);
  console.log('');
}

/**
 * Reports a size (the JS, or the JS and CSS together) against its budget and the page chunks against the
 * allowed ones; false when either fails.
 */
function checkLoad(
  label: string,
  files: PageFiles,
  budget: { bytes: number; counts: 'js' | 'js+css' },
  allowed: readonly PageChunk[],
): boolean {
  const size = files.jsGzipBytes + (budget.counts === 'js+css' ? files.cssGzipBytes : 0);
  const within = size <= budget.bytes;
  const foreign = files.pageChunks.filter((chunk) => !allowed.includes(chunk));
  const what = budget.counts === 'js+css' ? 'JS + CSS' : 'JS';
  console.log(
    `${label}: ${what} gzipped ${kb(size)} / budget ${kb(budget.bytes)}: ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  console.log(`${label}: other pages' code loaded: ${foreign.length === 0 ? 'none' : `YES (${foreign.join(', ')})`}`);
  return within && foreign.length === 0;
}

function printReport(signIn: SignInPageMeasurement, signedIn: FirstSignedInPageMeasurement): void {
  const signInFiles = summarise(signIn.files);
  printFiles('Sign-in page: files loaded until the Email field is visible (KB = 1000 bytes)', signInFiles);
  console.log(`form visible (median): ${signIn.formVisibleMsMedian.toFixed(0)} ms`);
  console.log(`blank page   (median): ${signIn.blankPageMsMedian.toFixed(0)} ms`);
  console.log('');
  printFiles(
    `First signed-in page (${signedIn.email}): opening the sign-in link until Home's events table is visible`,
    signedIn.viaSignInLink,
  );
  printFiles(
    `Returning visit of / (${signedIn.email}, signed in, cold cache) until the events table is visible`,
    signedIn.returningVisit,
  );
  const ok = [
    checkLoad(
      'sign-in page',
      signInFiles,
      { bytes: signInPageJsCssGzipBudgetBytes, counts: 'js+css' },
      allowedPageChunks.signIn,
    ),
    checkLoad(
      'first signed-in page',
      signedIn.viaSignInLink,
      { bytes: firstSignedInPageJsGzipBudgetBytes, counts: 'js' },
      allowedPageChunks.viaSignInLink,
    ),
    checkLoad(
      'returning visit',
      signedIn.returningVisit,
      { bytes: firstSignedInPageJsGzipBudgetBytes, counts: 'js' },
      allowedPageChunks.returningVisit,
    ),
  ].every(Boolean);
  if (!ok) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  (async () => printReport(await measureSignInPage(), await measureFirstSignedInPage()))()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    // The local stack's clients may keep the event loop alive after stop().
    .finally(() => process.exit());
}

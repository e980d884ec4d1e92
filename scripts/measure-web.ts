// Measures what the sign-in page costs a first-time visitor: the JS and CSS loaded until the Email
// field shows (raw and gzip -9 bytes) and the time to get there, against a blank page.
// Run: npx tsx scripts/measure-web.ts (after npm run build:web). The budget script imports
// measureSignInPage().
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { createStaticSite } from '../infra/local/static-site.js';
import { launchBrowser } from '../tests/support/browser.js';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const defaultDistDir = join(repoRoot, 'web', 'dist');
/** The sign-in page's budget for JavaScript loaded before the form shows, gzipped. */
export const signInJsGzipBudgetBytes = 300 * 1000;

/** What the app reads at start; the user pool id only has to look like `region_id`. */
export const fakeRuntimeConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_local',
  userPoolClientId: 'measureclientid',
  apiUrl: '/api',
};

const blankPagePath = '/__blank.html';
const blankPageHtml = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p id="blank">blank</p></body></html>';


export interface StaticServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  close: () => Promise<void>;
}

/**
 * Serves a built web/dist on 127.0.0.1 (ephemeral port) the way the local stack does (the same static
 * site module), plus a fake /runtime-config.json, a tiny blank page, and an API that answers 503.
 */
export async function serveWebDist(distDir = defaultDistDir, runtimeConfig: object = fakeRuntimeConfig): Promise<StaticServer> {
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
      return send(503, 'application/json', JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'No backend behind the measuring server.' } }));
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

function median(values: number[]): number {
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
    const seen: Array<{ response: Response; type: 'js' | 'css' }> = [];
    let formVisible = false;
    page.on('response', (response) => {
      const type = fileType(response);
      if (type && !formVisible && response.ok()) seen.push({ response, type });
    });
    await page.goto(`${origin}/`);
    await page.getByRole(emailField.role, { name: emailField.name }).waitFor({ state: 'visible' });
    formVisible = true;
    if ((await page.locator(emailInputSelector).count()) !== 1) {
      throw new Error(`expected the Email textbox to be the page's one ${emailInputSelector}`);
    }
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

export async function measureSignInPage(options: MeasureOptions = {}): Promise<SignInPageMeasurement> {
  const runs = options.runs ?? 10;
  const server = await serveWebDist(options.distDir ?? defaultDistDir);
  const browser = await launchBrowser();
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

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function printReport(result: SignInPageMeasurement): void {
  const rows = result.files.map((file) => [file.type, file.path, kb(file.rawBytes), kb(file.gzipBytes)]);
  rows.push(['js', 'TOTAL', kb(result.jsRawBytes), kb(result.jsGzipBytes)]);
  rows.push(['css', 'TOTAL', kb(result.cssRawBytes), kb(result.cssGzipBytes)]);
  const header = ['type', 'file', 'raw', 'gzip -9'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log('Sign-in page: files loaded until the Email field is visible (KB = 1000 bytes)');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('');
  console.log(`form visible (median): ${result.formVisibleMsMedian.toFixed(0)} ms`);
  console.log(`blank page   (median): ${result.blankPageMsMedian.toFixed(0)} ms`);
  const within = result.jsGzipBytes <= signInJsGzipBudgetBytes;
  console.log(`JS gzipped ${kb(result.jsGzipBytes)} / budget ${kb(signInJsGzipBudgetBytes)}: ${within ? 'within budget' : 'OVER BUDGET'}`);
  if (!within) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  measureSignInPage()
    .then(printReport)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

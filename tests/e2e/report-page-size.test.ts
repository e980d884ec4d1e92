// What a customer's browser fetches for a report page beyond the signed-in shell and Home, which had loaded
// already: going from Home to /reports/dast (the DAST card) and to /reports (Reports > All reports), each in a
// fresh context (cold cache). Within the budget of bench/budgets.json (150 KB of JavaScript, gzipped, charts
// included; sizes are deterministic, so npm test checks it as `npm run bench` does), and only its own page's code.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { measureReportPageFiles, signInReportCustomer } from '../../scripts/bench-reports.js';
import { reportPageJsGzipBudgetBytes } from '../../scripts/measure-web.js';
import { launchBrowser } from '../support/browser.js';

const stack = inject('localStack');
let browser: Browser;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ storageState } = await signInReportCustomer(browser, stack));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the report pages for a customer coming from Home', () => {
  it('/reports/dast loads at most 150 KB of JavaScript, gzipped, charts included, and no other page', async () => {
    const files = await measureReportPageFiles(browser, stack.appUrl, storageState, 'service');

    expect(reportPageJsGzipBudgetBytes).toBe(150_000);
    expect(files.jsGzipBytes).toBeGreaterThan(0);
    expect(files.jsGzipBytes).toBeLessThanOrEqual(reportPageJsGzipBudgetBytes);
    expect(files.pageChunks).toEqual(['service-report-page']);
  }, 60_000);

  it('/reports loads at most 150 KB of JavaScript, gzipped, and no other page', async () => {
    const files = await measureReportPageFiles(browser, stack.appUrl, storageState, 'overview');

    expect(files.jsGzipBytes).toBeLessThanOrEqual(reportPageJsGzipBudgetBytes);
    expect(files.pageChunks).toEqual(['reports-page']);
  }, 60_000);
});

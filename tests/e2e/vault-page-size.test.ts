// What a share link's recipient downloads before Reveal shows (/vault/*, vault.html): within the budget of
// bench/budgets.json (120 KB of JavaScript, gzipped; sizes are deterministic, so npm test checks it too), and
// none of the signed-in app: no page chunk, not the app's own entry (which carries Amplify's configuration).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { benchShareLink, measureVaultPageFiles } from '../../scripts/bench-vault.js';
import { defaultDistDir, vaultPageJsGzipBudgetBytes } from '../../scripts/measure-web.js';
import { launchBrowser } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the vault page for a link’s recipient', () => {
  it('loads at most 120 KB of JavaScript, gzipped, and nothing of the signed-in app', async () => {
    const url = await benchShareLink(inject('localStack').appUrl, { kind: 'text', text: 'size' });
    const files = await measureVaultPageFiles(browser, url);

    expect(vaultPageJsGzipBudgetBytes).toBe(120_000);
    expect(files.jsGzipBytes).toBeLessThanOrEqual(vaultPageJsGzipBudgetBytes);
    expect(files.pageChunks).toEqual([]);
    const appEntry = /src="\/assets\/(index-[\w-]+\.js)"/.exec(
      readFileSync(join(defaultDistDir, 'index.html'), 'utf8'),
    )?.[1];
    expect(appEntry).toBeDefined();
    expect(files.files.map((file) => file.path)).not.toContain(`/assets/${appEntry}`);
    expect(files.files.filter((file) => /amplify|aws-amplify|signed-in-shell/i.test(file.path))).toEqual([]);
  });
});

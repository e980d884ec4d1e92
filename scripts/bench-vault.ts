// The vault's page and reveal, in Chromium against a local stack: the JavaScript (gzip -9) a share link's page
// loads until Reveal shows (budget: bench/budgets.json vaultPageJsGzipKB, enforced: it must not load the
// signed-in app), and the reveal round trip, from the landing loaded to the plaintext shown (Reveal clicked:
// the claim, the decryption, the render), median of 10 fresh links and browser contexts; reported, not enforced.
// Links are made in this process as createVaultLink makes them, encrypted with the page's own WebCrypto module.
// Run alone: npx tsx scripts/bench-vault.ts (after npm run build:web).
import type { Browser } from 'playwright-core';
import { demoAnalystCaller } from '../infra/local/demo-caller.js';
import { createShareLink } from '../lambdas/kernel/vault/vault-links.js';
import { launchBrowser } from '../tests/support/browser.js';
import { newShareKeys, sealShare, verifierHashOf, type SecretContent } from '../web/src/vault/vault-crypto.js';
import { maxInlineCiphertextBytes, maxShareFileBytes } from '../web/src/vault/secret-limits.js';
import { shareLinkUrl } from '../web/src/vault/vault-address.js';
import { median, recordFiles, summarise, type PageFiles } from './measure-web.js';

const benchCaller = demoAnalystCaller({ uid: 'bench-vault', email: 'bench-vault@example.com' }, 5);

/** A share link as the analyst's page makes it; answers its whole address (key in the fragment). */
export async function benchShareLink(appUrl: string, content: SecretContent): Promise<string> {
  const keys = await newShareKeys();
  const sealed = await sealShare(keys, content);
  const inline = sealed.byteLength <= maxInlineCiphertextBytes;
  const { linkId, upload } = await createShareLink(
    benchCaller,
    {
      ciphertext: inline ? { inline: sealed } : { objectSize: sealed.byteLength },
      verifierHash: await verifierHashOf(keys.verifier),
      expiresIn: '1h',
      maxViews: 1,
    },
    { requestId: 'bench', clientAddress: () => Promise.resolve('127.0.0.1') },
  );
  if (upload) {
    // As the share page sends it: the policy's fields, then the file.
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', new Blob([sealed as Uint8Array<ArrayBuffer>]), 'sealed.bin');
    const answer = await fetch(new URL(upload.url, appUrl), { method: 'POST', body: form });
    if (answer.status !== 204) throw new Error(`The sealed file was refused: HTTP ${answer.status}`);
  }
  return shareLinkUrl(appUrl, linkId, keys.secret);
}

/** The JS and CSS a share link's page loads (fresh context, cold cache) until its Reveal button shows. */
export async function measureVaultPageFiles(browser: Browser, url: string): Promise<PageFiles> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const recording = recordFiles(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Reveal secret' }).waitFor();
    return summarise(await recording.stop());
  } finally {
    await context.close();
  }
}

/** Milliseconds from the landing loaded (Reveal visible) to the plaintext shown, in a fresh context. */
async function revealRoundTrip(browser: Browser, url: string, shown: 'text' | 'file'): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    const reveal = page.getByRole('button', { name: 'Reveal secret' });
    await reveal.waitFor();
    const started = performance.now();
    await reveal.click();
    await (
      shown === 'text' ? page.getByRole('textbox', { name: 'Secret' }) : page.getByTestId('secret-file-name')
    ).waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

export interface VaultMeasures {
  page: { jsGzipBytes: number; cssGzipBytes: number; jsRawBytes: number; files: string[] };
  reveal: { runs: number; medianMs: number; samplesMs: number[] };
  /** The largest file a link carries (10 MB, through the bucket), revealed once. */
  largestFile: { bytes: number; revealMs: number };
}

export async function measureVault(appUrl: string, runs = 10): Promise<VaultMeasures> {
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  try {
    const files = await measureVaultPageFiles(browser, await benchShareLink(appUrl, { kind: 'text', text: 'bench' }));
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const url = await benchShareLink(appUrl, { kind: 'text', text: `bench secret ${run}` });
      samples.push(await revealRoundTrip(browser, url, 'text'));
    }
    const bytes = new Uint8Array(maxShareFileBytes);
    for (let offset = 0; offset < bytes.length; offset += 65_536) {
      globalThis.crypto.getRandomValues(bytes.subarray(offset, Math.min(bytes.length, offset + 65_536)));
    }
    const largest = await benchShareLink(appUrl, {
      kind: 'file',
      name: 'largest.bin',
      type: 'application/octet-stream',
      bytes,
    });
    const largestMs = await revealRoundTrip(browser, largest, 'file');
    return {
      page: {
        jsGzipBytes: files.jsGzipBytes,
        cssGzipBytes: files.cssGzipBytes,
        jsRawBytes: files.jsRawBytes,
        files: files.files.map((file) => file.path),
      },
      reveal: { runs, medianMs: Math.round(median(samples)), samplesMs: samples.map((ms) => Math.round(ms)) },
      largestFile: { bytes: maxShareFileBytes, revealMs: Math.round(largestMs) },
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  console.log(JSON.stringify(await onOwnStack('vault', (stack) => measureVault(stack.appUrl)), null, 2));
}

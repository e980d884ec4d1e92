// What a first-time visitor downloads before the sign-in form shows, on the built app (web/dist): within the
// budget of bench/budgets.json (sizes are deterministic, so npm test checks it too, not only npm run bench),
// and the Open Sans fonts as files of their own, cached for good, instead of base64 inside the CSS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  allowedPageChunks,
  defaultDistDir,
  measureSignInPageFiles,
  signInPageJsCssGzipBudgetBytes,
} from '../../scripts/measure-web.js';

const assetsDir = join(defaultDistDir, 'assets');
const builtFiles = (extension: string) => readdirSync(assetsDir).filter((name) => name.endsWith(extension));

describe('the sign-in page for a first-time visitor', () => {
  it('loads at most the budget of JS and CSS, gzipped, and no other page', async () => {
    const files = await measureSignInPageFiles();

    expect(signInPageJsCssGzipBudgetBytes).toBe(250_000);
    expect(files.jsGzipBytes + files.cssGzipBytes).toBeLessThanOrEqual(signInPageJsCssGzipBudgetBytes);
    expect(files.pageChunks).toEqual(allowedPageChunks.signIn);
  });

  it('has no font inside any CSS file; every @font-face names a woff2 file and swaps', () => {
    const css = builtFiles('.css').map((name) => readFileSync(join(assetsDir, name), 'utf8'));
    expect(css.filter((text) => /url\(\s*['"]?data:(font|application\/(x-)?font)/i.test(text))).toEqual([]);

    const fontFaces = css.flatMap((text) => text.match(/@font-face\s*{[^}]*}/g) ?? []);
    expect(fontFaces).toHaveLength(8);
    for (const fontFace of fontFaces) {
      expect(fontFace).toMatch(/src:\s*url\(['"]?\/assets\/open-sans-[\w-]+\.woff2['"]?\)/);
      expect(fontFace).toMatch(/font-display:\s*swap/);
    }
    expect(builtFiles('.woff2')).toHaveLength(8);
  });

  it('gets the fonts from the local origin as woff2, cached for a year and never revalidated', async () => {
    const { appUrl } = inject('localStack');
    for (const font of builtFiles('.woff2')) {
      const answer = await fetch(`${appUrl}/assets/${font}`);
      expect(answer.status, font).toBe(200);
      expect(answer.headers.get('content-type'), font).toBe('font/woff2');
      expect(answer.headers.get('cache-control'), font).toBe('public, max-age=31536000, immutable');
      expect(
        Buffer.from(await answer.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
        font,
      ).toBe('wOF2');
    }
  });
});

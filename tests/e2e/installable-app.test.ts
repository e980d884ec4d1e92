// The portal installed as an app, in headless Chromium: the manifest and its icons, Chromium's installability
// check, the service worker (controls the page, precaches the shell and hashed assets only, starts the shell
// offline and says so), the installed app's sign-in links (origin + /auth/redirect, and a link arriving as a
// launch of the app), and Reload to update when a new version's service worker waits.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appBackgroundColor, appIcons, appThemeColor } from '../../web/src/config/app-manifest.js';
import { defaultDistDir, serveWebDist } from '../../scripts/measure-web.js';
import { launchBrowser, launchBrowserWithProfile } from '../support/browser.js';
import { requestSignInLink, signInInBrowser } from '../support/sign-in.js';
import { createTestUser } from '../support/users.js';

const { appUrl, mailUrl } = inject('localStack');
const stack = { appUrl, mailUrl };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser?.close();
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active, then reloads: the page is now one it controls. */
async function controlledPage(context: BrowserContext, url = appUrl): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${new URL(url).origin}/sw.js`);
  return page;
}

/** Every URL held in the page's Cache Storage (the service worker's precache). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

describe('the installable app', () => {
  it('has a manifest naming the app, standalone, with PNG icons of their sizes, a maskable one among them', async () => {
    const html = await (await fetch(appUrl)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const answer = await fetch(`${appUrl}/manifest.webmanifest`);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await answer.json()) as Record<string, any>;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Security Portal',
      short_name: 'Security',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: appThemeColor,
      background_color: appBackgroundColor,
      launch_handler: { client_mode: ['focus-existing', 'auto'] },
    });
    expect(manifest.description).toEqual(expect.any(String));
    expect(manifest.icons).toEqual(appIcons);
    expect(manifest.icons.map((icon: any) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const image = await fetch(new URL(icon.src, answer.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // The vault's page is not the app.
    expect(await (await fetch(`${appUrl}/vault/anything`)).text()).not.toContain('rel="manifest"');
  });

  it('passes Chromium installability check, its service worker controls the page, and it precaches only the shell and hashed assets', async () => {
    // http://127.0.0.1 is a secure context (a potentially trustworthy origin), as https:// is on AWS.
    expect(new URL(appUrl).hostname).toBe('127.0.0.1');
    const { context, close } = await launchBrowserWithProfile();
    try {
      const page = await controlledPage(context);
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${appUrl}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
        .toEqual([]);

      const paths = (await cachedUrls(page)).map((url) => new URL(url).pathname);
      expect(paths).toContain('/index.html');
      expect(paths.filter((path) => path !== '/index.html' && !path.startsWith('/assets/'))).toEqual([]);
      const index = readFileSync(join(defaultDistDir, 'index.html'), 'utf8');
      for (const file of index.match(/\/assets\/[\w.-]+\.(js|css)/g) ?? []) expect(paths).toContain(file);
    } finally {
      await close();
    }
  });

  it('starts the shell offline and says so, with no API answer, configuration or vault page from a cache', async () => {
    const { email } = await createTestUser({ displayName: 'Olivia Offline' });
    const { context, page } = await signInInBrowser(browser, stack, email);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const offlineAlert = page.getByRole('status').filter({ hasText: 'You are offline' });

    // Going offline while the app runs: the shell stays and says so; back online, the message goes.
    await context.setOffline(true);
    await expect.poll(() => offlineAlert.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /, user menu$/ }).isVisible()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => offlineAlert.isVisible()).toBe(false);

    // Started offline: the shell from the precache says so, rather than the browser's error page.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => offlineAlert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Security Portal' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    // Nothing the server answers comes from a cache: the calls and the configuration fail.
    const offlineFetches = await page.evaluate(async () => {
      const attempt = (url: string, init?: RequestInit) =>
        fetch(url, init).then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        );
      return [
        await attempt('/api/calls/getSession', { method: 'POST', body: '{"data":{}}' }),
        await attempt('/runtime-config.json'),
      ];
    });
    expect(offlineFetches).toEqual(['failed', 'failed']);
    const urls = await cachedUrls(page);
    const paths = urls.map((url) => new URL(url)).map((url) => url.pathname + url.hash);
    expect(paths.filter((path) => /^\/(api|vault)\/|^\/runtime-config\.json|signin=/.test(path))).toEqual([]);
    // A vault page is never served by the service worker (it is no-store): offline it is the browser's error.
    await expect(page.goto(`${appUrl}/vault/share#key=abc`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

    // Back online, the app starts by itself, still signed in.
    await page.goto(appUrl).catch(() => undefined);
    await context.setOffline(false);
    await expect
      .poll(() => page.getByRole('button', { name: /, user menu$/ }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await context.close();
  }, 90_000);

  it('asks for links to origin + /auth/redirect in the installed app (display-mode standalone), to the origin in a tab', async () => {
    const sentUrls: string[] = [];
    for (const standalone of [true, false]) {
      const { email } = await createTestUser();
      const context = await browser.newContext();
      const page = await context.newPage();
      if (standalone) {
        // Chromium has no emulation of display-mode (CDP Emulation.setEmulatedMedia ignores it, and even an app
        // window launched headless reports display-mode: browser): the page is told it runs standalone through
        // the one media query the app reads.
        await page.addInitScript(() => {
          const matchMedia = window.matchMedia.bind(window);
          window.matchMedia = (query: string) =>
            query === '(display-mode: standalone)'
              ? { ...matchMedia('all'), matches: true, media: query }
              : matchMedia(query);
        });
      }
      await page.goto(appUrl);
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(standalone);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/calls/sendSignInLink'));
      await page.getByRole('button', { name: 'Login with Link' }).click();
      sentUrls.push((JSON.parse((await request).postData() ?? '{}') as { data: { url: string } }).data.url);
      await expect.poll(() => page.getByText('Check your inbox').isVisible()).toBe(true);
      await context.close();
    }
    expect(sentUrls).toEqual([`${appUrl}/auth/redirect`, appUrl]);
  });

  it('signs in with a sign-in link arriving as a launch of the installed app (window.launchQueue), the token never in an address bar', async () => {
    const { email } = await createTestUser({ displayName: 'Lena Launch' });
    const { context, close } = await launchBrowserWithProfile();
    try {
      // Install the app from its page (CDP PWA.install, as the browser's Install button), the person having asked
      // for a link in this browser (emailForSignIn); the portal's tab is open.
      const tab = await controlledPage(context);
      await tab.evaluate((address) => localStorage.setItem('emailForSignIn', address), email);
      const browserSession: CDPSession = await context.browser()!.newBrowserCDPSession();
      const manifestId = `${appUrl}/`;
      await browserSession.send('PWA.install', { manifestId, installUrlOrBundleUrl: `${appUrl}/` });
      const addresses: string[] = [];
      const watch = (page: Page) => page.on('framenavigated', (frame) => addresses.push(frame.url()));
      context.pages().forEach(watch);
      context.on('page', watch);

      // The link from the mail, opened as a launch of the app (CDP PWA.launch, as the OS does for a captured
      // link): Chromium hands it to the app's window (launch_handler focus-existing) as LaunchParams.
      const link = await requestSignInLink(stack, email, { landingPath: '/profile' });
      await browserSession.send('PWA.launch', { manifestId, url: link });
      const signedIn = async () => {
        for (const page of context.pages()) {
          if (await page.getByRole('button', { name: /, user menu$/ }).isVisible()) return page;
        }
        return undefined;
      };
      await expect.poll(signedIn, { timeout: 45_000 }).toBeDefined();
      const app = (await signedIn())!;
      await expect.poll(() => new URL(app.url()).pathname).toBe('/profile');
      expect(await app.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
      // No page ever loaded the link's address: the token stayed out of every address bar.
      expect([...addresses, ...context.pages().map((page) => page.url())].filter((a) => a.includes('signin='))).toEqual(
        [],
      );

      // The same link once more is spent: the window says so rather than sign in again.
      await browserSession.send('PWA.launch', { manifestId, url: link });
      await expect
        .poll(() => app.getByTestId('auth-redirect-error').textContent(), { timeout: 20_000 })
        .toContain('This link was previously used');
    } finally {
      await close();
    }
  }, 120_000);

  it('shows Reload to update when a new version waits, and the new shell after it', async () => {
    // A deploy, played on a copy of the built app behind the local origin's own static site: the new version
    // changes index.html and so the service worker's precache revision for it, as a build does.
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    cpSync(defaultDistDir, dist, { recursive: true });
    const server = await serveWebDist(dist);
    try {
      const context = await browser.newContext();
      const page = await controlledPage(context, `${server.origin}/`);
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      expect(await page.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);

      const index = readFileSync(join(dist, 'index.html'), 'utf8');
      writeFileSync(
        join(dist, 'index.html'),
        index.replace('<head>', '<head><meta name="portal-build" content="next">'),
      );
      const serviceWorker = readFileSync(join(dist, 'sw.js'), 'utf8');
      const revision = /\{url:"index\.html",revision:"(\w+)"\}/.exec(serviceWorker)?.[1];
      expect(revision).toBeDefined();
      writeFileSync(join(dist, 'sw.js'), serviceWorker.replace(revision!, 'next-version'));

      // What the app does every hour and whenever it is shown again: ask for a new service worker.
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
      );
      const reload = page.getByRole('button', { name: 'Reload to update' });
      await expect.poll(() => reload.isVisible(), { timeout: 20_000 }).toBe(true);
      // Until the person chooses, the open page keeps the version it started with.
      expect(await page.locator('meta[name="portal-build"]').count()).toBe(0);

      await reload.click();
      await expect.poll(() => page.locator('meta[name="portal-build"]').count(), { timeout: 20_000 }).toBe(1);
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      expect(await page.getByRole('button', { name: 'Reload to update' }).count()).toBe(0);
      await context.close();
    } finally {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

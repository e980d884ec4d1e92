// Renders the installable app's icons (web/public/icons/*.png) from the favicon (web/public/favicon.svg) with
// headless Chromium: run `npx tsx scripts/render-app-icons.ts` after the favicon changes, and commit the PNGs.
// "any" icons show the shield on a transparent background; the maskable one fills its square with the header's
// colour and keeps the shield inside the central 80 % circle that every platform mask leaves visible.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { appIcons, appThemeColor } from '../web/src/config/app-manifest.js';

const webPublic = fileURLToPath(new URL('../web/public/', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const favicon = readFileSync(join(webPublic, 'favicon.svg'), 'utf8');
const faviconDataUrl = `data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] });
try {
  mkdirSync(join(webPublic, 'icons'), { recursive: true });
  for (const icon of appIcons) {
    const size = Number(icon.sizes.split('x')[0]);
    const maskable = icon.purpose === 'maskable';
    // The shield's share of the square: the maskable safe zone is a circle of 80 % of it.
    const shield = Math.round(size * (maskable ? 0.6 : 0.9));
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;` +
        `justify-content:center;background:${maskable ? appThemeColor : 'transparent'}">` +
        `<img src="${faviconDataUrl}" width="${shield}" height="${shield}" alt=""></body></html>`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: join(webPublic, icon.src), omitBackground: !maskable });
    await page.close();
    console.log(`${icon.src}: ${icon.sizes}${maskable ? ', maskable' : ''}`);
  }
} finally {
  await browser.close();
}

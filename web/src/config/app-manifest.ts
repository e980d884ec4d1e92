// The installable app's web app manifest (built into manifest.webmanifest by vite-plugin-pwa, see vite.config.ts),
// defined once for the build, the icon script (scripts/render-app-icons.ts) and the tests.
import type { ManifestOptions } from 'vite-plugin-pwa';

/** The shell header's colour: the installed app's title bar matches it. */
export const appThemeColor = '#0f141a';
/** The page background of Cloudscape's light mode: the splash screen while the app starts. */
export const appBackgroundColor = '#ffffff';

export interface AppIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: 'image/png';
  readonly purpose: 'any' | 'maskable';
}

/** PNGs under web/public, rendered from favicon.svg by scripts/render-app-icons.ts. */
export const appIcons: readonly AppIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The manifest's members; the build adds nothing else (vite-plugin-pwa writes them as given). */
export function appManifest(productName: string): Partial<ManifestOptions> {
  return {
    id: '/',
    name: productName,
    short_name: productName.length <= 12 ? productName : productName.split(/\s+/)[0]!,
    description: 'Security assessment reports and their findings; sign in with a link sent by e-mail.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: appThemeColor,
    background_color: appBackgroundColor,
    icons: appIcons.map((icon) => ({ ...icon })),
    // A sign-in link (or any link of the portal) opened while the app runs goes to its window, which completes
    // it through window.launchQueue (web/src/auth/app-launch.ts) instead of opening a browser tab.
    launch_handler: { client_mode: ['focus-existing', 'auto'] },
    handle_links: 'preferred',
  };
}

// Builds the web app: root web/, output web/dist. Only the build settings of config/build-settings.ts
// come from VITE_* variables; the rest is read at run time from /runtime-config.json.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA, type VitePluginPWAAPI } from 'vite-plugin-pwa';
import type * as CloudscapeThemingModule from '@cloudscape-design/components/theming';
import { appManifest } from './src/config/app-manifest.js';
import { resolveBuildSettings } from './src/config/build-settings.js';
import { serviceWorkerFile, vaultPageFile } from '../infra/security-headers.js';
import { buildPortalAgent, portalAgentPath, type PortalAgentBundle } from '../agent/build-agent.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Spec 2: the page title is the product name. */
function productNameTitle(productName: string): Plugin {
  return {
    name: 'portal-product-name-title',
    transformIndexHtml: (html) => html.replaceAll('%PORTAL_PRODUCT_NAME%', escapeHtml(productName)),
  };
}

const themeModuleId = 'virtual:portal-theme.css';
const resolvedThemeModuleId = '/@portal/theme.css';

type CloudscapeTheming = typeof CloudscapeThemingModule;

/**
 * Cloudscape's ESM uses directory imports that Node refuses, so bundle its theming module once with
 * esbuild and import the result; it runs only when a primary colour is set.
 */
async function loadCloudscapeTheming(): Promise<CloudscapeTheming> {
  const bundled = await esbuild({
    stdin: { contents: "export * from '@cloudscape-design/components/theming';", resolveDir: webRoot },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const code = bundled.outputFiles[0]?.text ?? '';
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CloudscapeTheming;
}

/**
 * Spec 9's primary colour as a Cloudscape theme, turned into CSS at build time (no theming code in
 * the browser); main.tsx imports the module, which is empty when no colour is set.
 */
function primaryColorTheme(color: string): Plugin {
  return {
    name: 'portal-primary-color-theme',
    resolveId: (id) => (id === themeModuleId ? resolvedThemeModuleId : undefined),
    async load(id) {
      if (id !== resolvedThemeModuleId) return undefined;
      if (!color) return '/* no primary colour set (VITE_PRIMARY_COLOR) */\n';
      const { generateThemeStylesheet } = await loadCloudscapeTheming();
      return generateThemeStylesheet({
        theme: {
          tokens: {
            colorBackgroundButtonPrimaryDefault: color,
            colorBorderButtonNormalDefault: color,
            colorTextButtonNormalDefault: color,
            colorTextLinkDefault: color,
            colorTextAccent: color,
            colorBackgroundControlChecked: color,
            colorBorderItemFocused: color,
          },
        },
      });
    },
  };
}

const portalAgentModuleId = 'virtual:portal-agent';
const resolvedPortalAgentModuleId = '\0virtual:portal-agent';

/**
 * The reference agent as one file the portal serves (agent/build-agent.ts): emitted at /agent/portal-agent.mjs,
 * revalidated like every file outside assets/, and its SHA-256 given to the Add agent page through
 * virtual:portal-agent, so the page shows the checksum of the very file beside it.
 */
function portalAgentFile(): Plugin {
  let bundle: Promise<PortalAgentBundle> | undefined;
  const built = () => (bundle ??= buildPortalAgent());
  return {
    name: 'portal-agent-file',
    resolveId: (id) => (id === portalAgentModuleId ? resolvedPortalAgentModuleId : undefined),
    async load(id) {
      if (id !== resolvedPortalAgentModuleId) return undefined;
      const { sha256, bytes } = await built();
      return `export const portalAgent = ${JSON.stringify({ path: portalAgentPath, sha256, bytes })};\n`;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: portalAgentPath.slice(1), source: (await built()).code });
    },
    configureServer(server) {
      server.middlewares.use(portalAgentPath, (_req, res, next) => {
        built().then(({ code }) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(code);
        }, next);
      });
    },
  };
}

/** `open-sans-400-italic` from an @font-face rule (family, weight and style), for a readable file name. */
function fontFaceName(rule: string): string {
  const property = (name: string) => new RegExp(`${name}\\s*:\\s*['"]?([^;'"]+)`).exec(rule)?.[1]?.trim() ?? '';
  const name = [property('font-family'), property('font-weight'), property('font-style')].filter(Boolean).join('-');
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'font';
}

const inlineWoff2 = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/g;

/**
 * Cloudscape's global styles inline eight Open Sans woff2 files as base64 data: URLs: about 139 KB of the
 * gzipped CSS every page waits for, though a page uses one or two of them. Each becomes a file of its own:
 * written once to Vite's cache directory (under its content hash, so a new Cloudscape version gets new
 * files) and named by a relative url(), so Vite's own asset pipeline hashes it and emits it under assets/.
 * The browser then fetches a face only when a style uses it, and caches it for good. Every @font-face
 * also gets font-display: swap, so text shows in a fallback font until its file is there.
 */
function fontsAsFiles(): Plugin {
  let fontCache = '';
  return {
    name: 'portal-fonts-as-files',
    // Before Vite's CSS plugin, which resolves the url()s this writes.
    enforce: 'pre',
    configResolved: (config) => {
      fontCache = path.join(config.cacheDir, 'portal-fonts');
    },
    transform(css, id) {
      const cssFile = id.split('?')[0] ?? id;
      if (!cssFile.endsWith('.css') || !css.includes('data:font/woff2')) return undefined;
      const rewritten = css.replace(/@font-face\s*{[^}]*}/g, (rule) => {
        const withFiles = rule.replace(inlineWoff2, (_match, _quote, base64: string) => {
          const font = Buffer.from(base64, 'base64');
          const digest = createHash('sha256').update(font).digest('hex').slice(0, 16);
          const file = path.join(fontCache, digest, `${fontFaceName(rule)}.woff2`);
          if (!existsSync(file)) {
            mkdirSync(path.dirname(file), { recursive: true });
            // Written beside and renamed, so a build running at the same time never reads half a file.
            const partial = `${file}.${process.pid}.partial`;
            writeFileSync(partial, font);
            renameSync(partial, file);
          }
          const relative = path.relative(path.dirname(cssFile), file).split(path.sep).join('/');
          return `url('${relative.startsWith('.') ? relative : `./${relative}`}')`;
        });
        return /font-display\s*:/.test(withFiles) ? withFiles : withFiles.replace(/}$/, '  font-display: swap;\n}');
      });
      return { code: rewritten, map: null };
    },
  };
}

/**
 * The installable app: manifest.webmanifest (src/config/app-manifest.ts) and a Workbox service worker (sw.js)
 * that precaches the shell (index.html) and the hashed assets, nothing else, so the app starts offline. Every
 * navigation but /api/*, /vault/* and /agent/* gets the precached index.html; nothing is cached at run time, so API
 * answers, runtime-config.json (revalidated on each start), the vault's pages (no-store) and the icons go to
 * the network as without a service worker. A new version waits until the person chooses Reload to update
 * (registerType 'prompt'; web/src/components/app-status). The page registers it itself
 * (virtual:pwa-register/react), so no registerSW.js is emitted.
 */
function installableApp(productName: string): Plugin[] {
  const manifestFilename = 'manifest.webmanifest';
  const plugins = VitePWA({
    manifestFilename,
    filename: serviceWorkerFile,
    registerType: 'prompt',
    injectRegister: false,
    manifest: appManifest(productName),
    // The icons are fetched when the browser installs the app, not precached for every visitor.
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}'],
      // The vault's page is no-store and never part of the shell.
      globIgnores: [vaultPageFile],
      navigateFallback: '/index.html',
      // The agent's file (/agent/portal-agent.mjs) is a download, never the app.
      navigateFallbackDenylist: [/^\/api\//, /^\/vault\//, /^\/agent\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // One file: no workbox-<hash>.js beside it to keep in step.
      inlineWorkboxRuntime: true,
      // The largest chunk is well under this; a larger one would fail the build rather than go uncached.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
  const shellOnly: Plugin = {
    name: 'portal-installable-app-shell-only',
    enforce: 'post',
    // The plugin precaches the manifest too; it stays a file the browser revalidates (no-cache) instead.
    buildStart() {
      const pwa = plugins.find((plugin) => plugin.name === 'vite-plugin-pwa') as Plugin<VitePluginPWAAPI> | undefined;
      pwa?.api?.extendManifestEntries((entries) =>
        entries.filter((entry) => typeof entry === 'string' || entry.url !== manifestFilename),
      );
    },
    // The vault's page is not the app: no manifest link in it.
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) =>
        path.basename(filename) === vaultPageFile ? html.replace(/\s*<link rel="manifest"[^>]*>/, '') : html,
    },
  };
  return [...plugins, shellOnly];
}

export default defineConfig(({ mode }) => {
  const settings = resolveBuildSettings(loadEnv(mode, webRoot, 'VITE_'));
  // (loadEnv also takes VITE_* from the process environment.)
  // `npm start` serves the API and the config on one origin; the dev server forwards to it.
  const localStack = process.env.PORTAL_DEV_PROXY ?? 'http://127.0.0.1:8080';
  return {
    root: webRoot,
    envDir: webRoot,
    plugins: [
      react(),
      productNameTitle(settings.productName),
      primaryColorTheme(settings.primaryColor),
      fontsAsFiles(),
      installableApp(settings.productName),
      portalAgentFile(),
    ],
    resolve: {
      // Cloudscape's error-boundary fallback imports an ICU message parser the app never needs
      // (web/src/vendor/intl-messageformat-lite.ts says why; tests/unit checks what it keeps).
      alias: { 'intl-messageformat': path.join(webRoot, 'src', 'vendor', 'intl-messageformat-lite.ts') },
    },
    build: {
      outDir: 'dist',
      // Two entries: the app, and /vault/* on its own (vault.html), which must not load the signed-in app.
      rollupOptions: { input: { index: path.join(webRoot, 'index.html'), vault: path.join(webRoot, 'vault.html') } },
      emptyOutDir: true,
      // Fonts are files of their own whatever their size (see fontsAsFiles); other small assets may inline.
      assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    },
    server: {
      proxy: {
        '/api': localStack,
        '/runtime-config.json': localStack,
      },
    },
  };
});

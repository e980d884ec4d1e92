// Builds the web app: root web/, output web/dist. Only the build settings of config/build-settings.ts
// come from VITE_* variables; the rest is read at run time from /runtime-config.json.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import type * as CloudscapeThemingModule from '@cloudscape-design/components/theming';
import { resolveBuildSettings } from './src/config/build-settings.js';

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

export default defineConfig(({ mode }) => {
  const settings = resolveBuildSettings(loadEnv(mode, webRoot, 'VITE_'));
  // (loadEnv also takes VITE_* from the process environment.)
  // `npm start` serves the API and the config on one origin; the dev server forwards to it.
  const localStack = process.env.PORTAL_DEV_PROXY ?? 'http://127.0.0.1:8080';
  return {
    root: webRoot,
    envDir: webRoot,
    plugins: [react(), productNameTitle(settings.productName), primaryColorTheme(settings.primaryColor)],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
    },
    server: {
      proxy: {
        '/api': localStack,
        '/runtime-config.json': localStack,
      },
    },
  };
});

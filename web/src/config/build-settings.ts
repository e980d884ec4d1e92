// Build-time settings (spec section 9 and branding). Only these may come from `VITE_*` variables:
// everything that differs per environment is read at start from /runtime-config.json instead.

export interface BuildSettings {
  /** Shown as the page title, in the header and in mails' branding. */
  productName: string;
  /** The e-mail placeholder is `hello@` plus this domain. */
  productDomain: string;
  /** Spec 2: the header's logo (a path or URL); empty shows the product name instead. */
  headerLogo: string;
  /** Spec 9: flag to show the light/dark logos under the sign-in form. */
  showLoginFooterLogos: boolean;
  /** Spec 9: footer logo paths for light and dark mode (empty: no logo), on the sign-in screen and the shell's footer. */
  footerLogoLight: string;
  footerLogoDark: string;
  /** Spec 9: primary colour (a CSS colour); empty keeps Cloudscape's own. */
  primaryColor: string;
  /** Spec 2: the version label of the footer. */
  versionLabel: string;
}

export const buildSettingDefaults: BuildSettings = {
  productName: 'Security Portal',
  productDomain: 'example.com',
  headerLogo: '',
  showLoginFooterLogos: false,
  footerLogoLight: '',
  footerLogoDark: '',
  primaryColor: '',
  versionLabel: '2025.10.20.1449',
};

type Env = Readonly<Record<string, string | boolean | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** Reads the settings from `import.meta.env` (the app) or Vite's `loadEnv` (the build config). */
export function resolveBuildSettings(env: Env): BuildSettings {
  const d = buildSettingDefaults;
  return {
    productName: text(env, 'VITE_PRODUCT_NAME', d.productName),
    productDomain: text(env, 'VITE_PRODUCT_DOMAIN', d.productDomain),
    headerLogo: text(env, 'VITE_HEADER_LOGO', d.headerLogo),
    showLoginFooterLogos: flag(env, 'VITE_SHOW_LOGIN_FOOTER_LOGOS', d.showLoginFooterLogos),
    footerLogoLight: text(env, 'VITE_FOOTER_LOGO_LIGHT', d.footerLogoLight),
    footerLogoDark: text(env, 'VITE_FOOTER_LOGO_DARK', d.footerLogoDark),
    primaryColor: text(env, 'VITE_PRIMARY_COLOR', d.primaryColor),
    versionLabel: text(env, 'VITE_VERSION_LABEL', d.versionLabel),
  };
}

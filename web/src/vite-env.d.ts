/// <reference types="vite/client" />
// The service worker's registration (vite-plugin-pwa): `virtual:pwa-register/react`.
/// <reference types="vite-plugin-pwa/react" />

// The only build-time settings the app reads (see config/build-settings.ts).
interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_PRODUCT_DOMAIN?: string;
  readonly VITE_HEADER_LOGO?: string;
  readonly VITE_SHOW_LOGIN_FOOTER_LOGOS?: string;
  readonly VITE_FOOTER_LOGO_LIGHT?: string;
  readonly VITE_FOOTER_LOGO_DARK?: string;
  readonly VITE_PRIMARY_COLOR?: string;
  readonly VITE_VERSION_LABEL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The reference agent's file the build emits beside the app (web/vite.config.ts, agent/build-agent.ts).
declare module 'virtual:portal-agent' {
  export const portalAgent: { path: string; sha256: string; bytes: number };
}

// The build settings as the app sees them (resolved once from Vite's env, with the defaults).
import { resolveBuildSettings } from './build-settings';

export const branding = resolveBuildSettings(import.meta.env);

/** Placeholder of both sign-in e-mail fields (spec 2). */
export const emailPlaceholder = `hello@${branding.productDomain}`;

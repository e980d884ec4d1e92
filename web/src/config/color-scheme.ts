// The colour scheme preference of spec section 3 (auto, dark or light), kept in localStorage and
// applied with Cloudscape's global styles. Read at start (main.tsx) so no page flashes the wrong mode.
import { applyMode, Mode } from '@cloudscape-design/global-styles';

export type ColorScheme = 'auto' | 'dark' | 'light';

export const colorSchemeStorageKey = 'colorScheme';

const darkQuery = '(prefers-color-scheme: dark)';

function isColorScheme(value: unknown): value is ColorScheme {
  return value === 'auto' || value === 'dark' || value === 'light';
}

export function readColorScheme(): ColorScheme {
  try {
    const stored = window.localStorage.getItem(colorSchemeStorageKey);
    return isColorScheme(stored) ? stored : 'auto';
  } catch {
    return 'auto'; // storage blocked: follow the system
  }
}

export function saveColorScheme(scheme: ColorScheme): void {
  try {
    window.localStorage.setItem(colorSchemeStorageKey, scheme);
  } catch {
    // storage blocked: the choice lasts until the page is reloaded
  }
}

/** 'auto' follows the system setting. */
export function resolveColorScheme(scheme: ColorScheme): 'dark' | 'light' {
  if (scheme !== 'auto') return scheme;
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

export function applyColorScheme(scheme: ColorScheme): void {
  applyMode(resolveColorScheme(scheme) === 'dark' ? Mode.Dark : Mode.Light);
}

/** Calls `listener` when the system setting changes (only matters while the preference is 'auto'). */
export function onSystemColorSchemeChange(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

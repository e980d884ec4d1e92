// The application shell of spec 2 around every signed-in page: header (80 px), side navigation
// (300 px; on screens up to 768 px an overlay that closes after a link is followed), the page, the
// footer (60 px), toasts, and the hotkeys mod+H (help), mod+J (light/dark) and mod+M (navigation).
//
// The navigation starts closed on small screens (spec 4) and open on wide ones, where it is the way
// to every page and leaves the content enough room; the burger and mod+M toggle it on both.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  applyColorScheme,
  colorSchemeStorageKey,
  onSystemColorSchemeChange,
  readColorScheme,
  resolveColorScheme,
  saveColorScheme,
  type ColorScheme,
} from '../../config/color-scheme';
import { shellHotkeys } from '../hotkeys/hotkeys';
import { HotkeysHelpModal } from '../hotkeys/hotkeys-help-modal';
import { useHotkeys } from '../hotkeys/use-hotkeys';
import { PortalNavigation } from '../navigation/portal-navigation';
import { useMediaQuery } from '../navigation/use-media-query';
import { NotificationsProvider } from '../notifications/notifications-provider';
import { useSession } from '../session/session-context';
import { ColorSchemeContext, type ColorSchemeContextValue } from './color-scheme-context';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { RouteContent } from './route-content';

/** Spec 9: the mobile breakpoint. */
export const narrowScreenQuery = '(max-width: 768px)';

export function AppLayout() {
  const narrow = useMediaQuery(narrowScreenQuery);
  const [navigationOpen, setNavigationOpen] = useState(() => !window.matchMedia(narrowScreenQuery).matches);
  const [helpOpen, setHelpOpen] = useState(false);
  const [colorScheme, setColorScheme] = useState<ColorScheme>(readColorScheme);

  // While the preference is 'auto' the system setting decides; main.tsx applies it, this redraws the toggle.
  const [, setSystemChanges] = useState(0);
  useEffect(() => onSystemColorSchemeChange(() => setSystemChanges((count) => count + 1)), []);

  // Narrowing the window turns the navigation into an overlay: close it rather than cover the page.
  useEffect(() => {
    if (narrow) setNavigationOpen(false);
  }, [narrow]);

  const toggleNavigation = useCallback(() => setNavigationOpen((open) => !open), []);
  const toggleColorScheme = useCallback(() => {
    setColorScheme((current) => {
      const next: ColorScheme = resolveColorScheme(current) === 'dark' ? 'light' : 'dark';
      saveColorScheme(next);
      applyColorScheme(next);
      return next;
    });
  }, []);
  const chooseColorScheme = useCallback((next: ColorScheme) => {
    saveColorScheme(next);
    applyColorScheme(next);
    setColorScheme(next);
  }, []);
  const colorSchemeValue = useMemo<ColorSchemeContextValue>(
    () => ({ colorScheme, setColorScheme: chooseColorScheme }),
    [colorScheme, chooseColorScheme],
  );

  // A browser that has no scheme of its own yet takes the one saved with the profile (on another device).
  const savedScheme = useSession().userPreferences.colorScheme;
  useEffect(() => {
    let storedHere: string | null = null;
    try {
      storedHere = window.localStorage.getItem(colorSchemeStorageKey);
    } catch {
      return; // storage blocked: keep following the system
    }
    if (savedScheme && storedHere === null) chooseColorScheme(savedScheme);
  }, [savedScheme, chooseColorScheme]);

  useHotkeys([
    [shellHotkeys.help.hotkey, () => setHelpOpen(true)],
    [shellHotkeys.colorScheme.hotkey, toggleColorScheme],
    [shellHotkeys.navigation.hotkey, toggleNavigation],
  ]);

  return (
    <ColorSchemeContext.Provider value={colorSchemeValue}>
      <NotificationsProvider>
        <div className="portal-shell">
          <a className="portal-skip-link" href="#portal-main">
            Skip to content
          </a>
          <AppHeader
            navigationOpen={navigationOpen}
            onToggleNavigation={toggleNavigation}
            darkMode={resolveColorScheme(colorScheme) === 'dark'}
            onToggleDarkMode={toggleColorScheme}
          />
          <div className="portal-body">
            <nav
              id="portal-navigation"
              className="portal-navigation"
              aria-label="Main navigation"
              hidden={!navigationOpen}
            >
              <PortalNavigation onLinkFollowed={() => narrow && setNavigationOpen(false)} />
            </nav>
            <main id="portal-main" className="portal-main" tabIndex={-1}>
              <RouteContent />
            </main>
          </div>
          <AppFooter />
        </div>
        <HotkeysHelpModal visible={helpOpen} onDismiss={() => setHelpOpen(false)} />
      </NotificationsProvider>
    </ColorSchemeContext.Provider>
  );
}

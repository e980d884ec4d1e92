// The application shell of spec 2 around every signed-in page: header (80 px), side navigation
// (300 px; on screens up to 768 px an overlay that closes after a link is followed), the page, the
// footer (60 px), and the hotkeys mod+H (help), mod+J (light/dark) and mod+M (navigation).
//
// Every page has the same frame (the slots of Cloudscape's AppLayout, as cloudscape-design/demos fills
// them): the document title and breadcrumbs from the route table, notifications in one Flashbar at the
// top of the content, and the page's help in the tools area beside it, opened by its Info links. The
// frame itself is the portal's own: Cloudscape's AppLayout would add about 62 KB (gzipped) of
// JavaScript to the first signed-in page, a fifth of its budget, for slots this file fills in a few
// lines, and its navigation drawer does not fit spec 2's rail and header burger.
//
// The navigation starts closed (spec 4); on wide screens it then stays as the person last left it
// (remembered in this browser), on narrow ones it starts closed every time, as an overlay would cover
// the page. The burger and mod+M toggle it on both.
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
import { HelpDrawer } from '../help-panel/help-drawer';
import { HelpPanelContext } from '../help-panel/help-panel-context';
import { useHelpPanelState } from '../help-panel/use-help-panel-state';
import { shellHotkeys } from '../hotkeys/hotkeys';
import { HotkeysHelpModal } from '../hotkeys/hotkeys-help-modal';
import { useHotkeys } from '../hotkeys/use-hotkeys';
import { readNavigationOpen, saveNavigationOpen } from '../navigation/navigation-state';
import { PortalNavigation } from '../navigation/portal-navigation';
import { useCurrentPage } from '../navigation/use-current-page';
import { useMediaQuery } from '../navigation/use-media-query';
import { NotificationsFlashbar, NotificationsProvider } from '../notifications/notifications-provider';
import { useSession } from '../session/session-context';
import { ColorSchemeContext, type ColorSchemeContextValue } from './color-scheme-context';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { PortalBreadcrumbs } from './breadcrumbs';
import { RouteContent } from './route-content';
import { useDocumentTitle } from './use-document-title';

/** Spec 9: the mobile breakpoint. */
export const narrowScreenQuery = '(max-width: 768px)';

export function PortalAppLayout() {
  const narrow = useMediaQuery(narrowScreenQuery);
  // The person's choice on wide screens (remembered), and the overlay's state on narrow ones.
  const [wideNavigationOpen, setWideNavigationOpen] = useState(readNavigationOpen);
  const [narrowNavigationOpen, setNarrowNavigationOpen] = useState(false);
  const navigationOpen = narrow ? narrowNavigationOpen : wideNavigationOpen;
  const [helpOpen, setHelpOpen] = useState(false);
  const [colorScheme, setColorScheme] = useState<ColorScheme>(readColorScheme);

  // While the preference is 'auto' the system setting decides; main.tsx applies it, this redraws the toggle.
  const [, setSystemChanges] = useState(0);
  useEffect(() => onSystemColorSchemeChange(() => setSystemChanges((count) => count + 1)), []);

  useEffect(() => saveNavigationOpen(wideNavigationOpen), [wideNavigationOpen]);
  // Narrowing the window again starts the overlay closed rather than cover the page.
  useEffect(() => {
    if (!narrow) setNarrowNavigationOpen(false);
  }, [narrow]);
  const toggleNavigation = useCallback(() => {
    if (narrow) setNarrowNavigationOpen((open) => !open);
    else setWideNavigationOpen((open) => !open);
  }, [narrow]);

  const page = useCurrentPage();
  // No page: the route table's catch-all (not found).
  useDocumentTitle(page ? (page.path === '/' ? undefined : page.title) : 'Page not found');

  const help = useHelpPanelState();
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
        <HelpPanelContext.Provider value={help.context}>
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
                <PortalNavigation onLinkFollowed={() => setNarrowNavigationOpen(false)} />
              </nav>
              <main id="portal-main" className="portal-main" tabIndex={-1}>
                {page ? <PortalBreadcrumbs page={page} /> : null}
                <div role="region" aria-label="Notifications" className="portal-notifications">
                  <NotificationsFlashbar />
                </div>
                <RouteContent />
              </main>
              {help.shownTopic ? (
                <HelpDrawer topic={help.shownTopic} focusRequest={help.focusRequest} onClose={help.close} />
              ) : null}
            </div>
            <AppFooter />
          </div>
        </HelpPanelContext.Provider>
        <HotkeysHelpModal visible={helpOpen} onDismiss={() => setHelpOpen(false)} />
      </NotificationsProvider>
    </ColorSchemeContext.Provider>
  );
}

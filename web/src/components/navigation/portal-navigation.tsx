// The side navigation of spec 2: a rail of the main sections the user may open, and beside it the
// sub-menu of the active section (a Cloudscape SideNavigation). The active section follows the route;
// choosing another on the rail only shows its sub-menu. Links appear only when the route table's gate
// passes, so every link opens a page the user may see.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { navSections, shellPages, type NavSection, type SectionId, type ShellPage } from '../../shell-pages';
import { canOpenPage, useAccessContext } from './page-access';

interface VisibleSection {
  section: NavSection;
  pages: ShellPage[];
}

function menuItems(pages: readonly ShellPage[]): SideNavigationProps.Item[] {
  const items: SideNavigationProps.Item[] = [];
  for (const page of pages) {
    const link: SideNavigationProps.Link = { type: 'link', text: page.navLabel, href: page.path };
    const last = items.at(-1);
    if (!page.group) items.push(link);
    else if (last?.type === 'section-group' && last.title === page.group)
      (last.items as SideNavigationProps.Item[]).push(link);
    else items.push({ type: 'section-group', title: page.group, items: [link] });
  }
  return items;
}

export interface PortalNavigationProps {
  /** Called after a sub-menu link was followed (the layout closes the navigation on narrow screens). */
  onLinkFollowed: () => void;
}

export function PortalNavigation({ onLinkFollowed }: PortalNavigationProps) {
  const context = useAccessContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useRef(new Map<SectionId, HTMLButtonElement>());

  const visible = useMemo<VisibleSection[]>(
    () =>
      navSections
        .map((section) => ({
          section,
          pages: shellPages.filter((page) => page.section === section.id && canOpenPage(page, context)),
        }))
        .filter(({ pages }) => pages.length > 0),
    [context],
  );

  const routeSection = shellPages.find((page) => page.path === pathname)?.section ?? 'home';
  const [chosen, setChosen] = useState<SectionId | undefined>(undefined);
  useEffect(() => setChosen(undefined), [routeSection]);

  const active = visible.find(({ section }) => section.id === (chosen ?? routeSection)) ?? visible[0];

  const onRailKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    const target =
      step !== undefined
        ? visible[(index + step + visible.length) % visible.length]
        : event.key === 'Home'
          ? visible[0]
          : event.key === 'End'
            ? visible.at(-1)
            : undefined;
    if (!target) return;
    event.preventDefault();
    setChosen(target.section.id);
    tabs.current.get(target.section.id)?.focus();
  };

  return (
    <div className="portal-nav__columns">
      <div className="portal-nav__rail" role="tablist" aria-label="Sections" aria-orientation="vertical">
        {visible.map(({ section }, index) => {
          const selected = section.id === active?.section.id;
          return (
            <button
              key={section.id}
              ref={(element) => {
                if (element) tabs.current.set(section.id, element);
                else tabs.current.delete(section.id);
              }}
              type="button"
              role="tab"
              id={`portal-nav-tab-${section.id}`}
              aria-selected={selected}
              aria-controls="portal-nav-menu"
              tabIndex={selected ? 0 : -1}
              className={`portal-nav__rail-button${selected ? ' portal-nav__rail-button--active' : ''}`}
              onClick={() => setChosen(section.id)}
              onKeyDown={(event) => onRailKeyDown(event, index)}
            >
              <Icon name={section.iconName} size="medium" />
              <span className="portal-nav__rail-label">{section.title}</span>
            </button>
          );
        })}
      </div>
      {active ? (
        <div
          className="portal-nav__menu"
          role="tabpanel"
          id="portal-nav-menu"
          aria-labelledby={`portal-nav-tab-${active.section.id}`}
        >
          <h2 className="portal-nav__menu-title">{active.section.title}</h2>
          <SideNavigation
            activeHref={pathname}
            items={menuItems(active.pages)}
            onFollow={(event) => {
              if (event.detail.external) return;
              event.preventDefault();
              void navigate(event.detail.href);
              onLinkFollowed();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

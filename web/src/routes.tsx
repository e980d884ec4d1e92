// The one route table of the app; it mirrors spec section 2. Each page inside the shell names the rule
// of spec 6 that opens it (a key of menuRules in lambdas/kernel/access/rules.ts): the same entry gates
// its menu link and its route. Every page is code-split (React.lazy via lazyPage), so the sign-in
// screen loads none of the signed-in pages, nor the session provider, nor the rules themselves.
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { IconProps } from '@cloudscape-design/components/icon';
import type { MenuEntry, ServiceName } from '../../lambdas/kernel/access/rules';
import { AuthGate } from './components/layout/auth-gate';
import { lazyPage, type LazyPage } from './components/layout/lazy-page';
import { PageLoading } from './components/layout/page-loading';
import { SignedOutRoute } from './components/layout/signed-out-route';
import type { AnalystServicePageProps } from './pages/analyst/services/analyst-service-page';
import type { ServiceReportPageProps } from './pages/reports/service-report-page';

const SignedInShell = lazyPage(() => import('./components/layout/signed-in-shell'));
const AuthRedirectPage = lazyPage(() => import('./pages/auth-redirect/auth-redirect-page'));
const HomePage = lazyPage(() => import('./pages/home/home-page'));
const PageUnavailable = lazyPage(() => import('./pages/page-unavailable/page-unavailable'));
const NotFoundPage = lazyPage(() => import('./pages/not-found/not-found-page'));
const ProfilePage = lazyPage(() => import('./pages/profile/profile-page'));
const CreateCompanyPage = lazyPage(() => import('./pages/admin/company/create-company/create-company-page'));
const ManageCompaniesPage = lazyPage(() => import('./pages/admin/company/manage-companies-page'));
const ManageUsersPage = lazyPage(() => import('./pages/admin/company/manage-users/manage-users-page'));
const PlatformUsersPage = lazyPage(() => import('./pages/admin/app/users/platform-users-page'));
const PlatformServicesPage = lazyPage(() => import('./pages/admin/app/services/platform-services-page'));
const TemplatesPage = lazyPage(() => import('./pages/templates/templates-page'));
const FindingTemplatesPage = lazyPage(() => import('./pages/templates/finding-templates-page'));
const VaultSharePage = lazyPage(() => import('./pages/analyst/vault/vault-share-page'));
const VaultRequestPage = lazyPage(() => import('./pages/analyst/vault/vault-request-page'));
const LocationsPage = lazyPage(() => import('./pages/analyst/locations/locations-page'));
const NotificationsPage = lazyPage(() => import('./pages/admin/company/notifications/notifications-page'));
const AgentsPage = lazyPage(() => import('./pages/analyst/agents/agents-page'));
const DastKeysPage = lazyPage(() => import('./pages/admin/dast/dast-keys-page'));
const MailIdentitiesPage = lazyPage(() => import('./pages/admin/keys-email/mail-identities-page'));
const AnalystServicePage = lazyPage<AnalystServicePageProps>(
  () => import('./pages/analyst/services/analyst-service-page'),
);
const ReportsPage = lazyPage(() => import('./pages/reports/reports-page'));
const ServiceReportPage = lazyPage<ServiceReportPageProps>(() => import('./pages/reports/service-report-page'));

/** The pages built so far, by route (and the analyst service pages below); every other shell route shows PageUnavailable. */
const builtPages: Record<string, LazyPage<object>> = {
  '/profile': ProfilePage,
  '/reports': ReportsPage,
  '/admin/company/create-company': CreateCompanyPage,
  '/admin/company': ManageCompaniesPage,
  '/admin/company/manage-users': ManageUsersPage,
  '/admin/app/users': PlatformUsersPage,
  '/admin/app/services': PlatformServicesPage,
  '/templates': TemplatesPage,
  '/templates/finding': FindingTemplatesPage,
  '/analyst/vault/link': VaultSharePage,
  '/analyst/vault/request': VaultRequestPage,
  '/analyst/locations': LocationsPage,
  '/admin/company/notifications': NotificationsPage,
  '/analyst/agents': AgentsPage,
  '/admin/dast': DastKeysPage,
  '/admin/keys_email': MailIdentitiesPage,
};

/** A rule of spec 6 by its name in menuRules; the two per-service rules carry their service. */
export type AccessGate =
  | { rule: 'report' | 'analystServicePage'; service: ServiceName }
  | { rule: Exclude<MenuEntry, 'report' | 'analystServicePage'> };

export type SectionId = 'home' | 'reports' | 'templates' | 'analyst' | 'administration';

/** A main section: one button of the navigation rail, its pages in the sub-menu beside it. */
export interface NavSection {
  id: SectionId;
  title: string;
  iconName: IconProps.Name;
  /** The section's own rule of spec 6; every page in it needs it too. */
  gate?: AccessGate;
}

export const navSections: readonly NavSection[] = [
  { id: 'home', title: 'Home', iconName: 'grid-view' },
  { id: 'reports', title: 'Reports', iconName: 'file', gate: { rule: 'reports' } },
  { id: 'templates', title: 'Templates', iconName: 'script', gate: { rule: 'templates' } },
  { id: 'analyst', title: 'Analyst', iconName: 'security', gate: { rule: 'analystSection' } },
  { id: 'administration', title: 'Administration', iconName: 'settings', gate: { rule: 'administration' } },
];

/** A page inside the shell (spec 2's routes table). */
export interface ShellPage {
  path: string;
  /** The page's title (spec 2's purpose column). */
  title: string;
  /** Its link text in the section's sub-menu. */
  navLabel: string;
  section: SectionId;
  /** A heading the link sits under in the sub-menu. */
  group?: string;
  /** The rule of spec 6 that opens it (besides its section's); none: every signed-in user. */
  gate?: AccessGate;
  /**
   * Its own gate alone opens it, without its section's: the analyst service pages, as spec 6 opens the
   * password-cracking page to the people who manage that service, whatever their level (the section needs 5).
   */
  ownGateOnly?: true;
}

export const shellPages: readonly ShellPage[] = [
  { path: '/', title: 'Home', navLabel: 'Home', section: 'home' },
  { path: '/profile', title: 'Settings', navLabel: 'Settings', section: 'home' },

  { path: '/reports', title: 'Reports', navLabel: 'All reports', section: 'reports', gate: { rule: 'reports' } },
  ...(
    [
      ['projectmariana', '/reports/projectmariana', 'ProjectMariana'],
      ['password_cracking', '/reports/password_cracking', 'Password cracking'],
      ['dast', '/reports/dast', 'DAST'],
      ['network', '/reports/network', 'Network scanning'],
      ['cloud', '/reports/cloud', 'Cloud scanning'],
    ] as const
  ).map(([service, path, name]): ShellPage => ({
    path,
    title: `${name} reports`,
    navLabel: name,
    section: 'reports',
    gate: { rule: 'report', service },
  })),

  {
    path: '/templates',
    title: 'Templates',
    navLabel: 'All templates',
    section: 'templates',
    gate: { rule: 'templates' },
  },
  {
    path: '/templates/finding',
    title: 'Finding templates',
    navLabel: 'Finding templates',
    section: 'templates',
    gate: { rule: 'templates' },
  },

  ...(
    [
      ['projectmariana', '/analyst/services/projectmariana', 'ProjectMariana'],
      ['dast', '/analyst/services/dast', 'DAST'],
      ['network', '/analyst/services/network', 'Network scanning'],
      ['cloud', '/analyst/services/cloud', 'Cloud scanning'],
      ['password_cracking', '/analyst/services/password-cracking', 'Password cracking'],
    ] as const
  ).map(([service, path, name]): ShellPage => ({
    path,
    title: `${name} service`,
    navLabel: name,
    section: 'analyst',
    group: 'Services',
    gate: { rule: 'analystServicePage', service },
    ownGateOnly: true,
  })),
  {
    path: '/analyst/vault/link',
    title: 'Generate vault share link',
    navLabel: 'Vault share link',
    section: 'analyst',
    group: 'Vault',
    gate: { rule: 'vaultLinks' },
  },
  {
    path: '/analyst/vault/request',
    title: 'Generate vault request link',
    navLabel: 'Vault request link',
    section: 'analyst',
    group: 'Vault',
    gate: { rule: 'vaultLinks' },
  },
  { path: '/analyst/agents', title: 'Manage agents', navLabel: 'Agents', section: 'analyst', gate: { rule: 'agents' } },
  {
    path: '/analyst/locations',
    title: 'Manage locations',
    navLabel: 'Locations',
    section: 'analyst',
    gate: { rule: 'locations' },
  },

  {
    path: '/admin/company/create-company',
    title: 'Create company',
    navLabel: 'Create company',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'createCompany' },
  },
  {
    path: '/admin/company',
    title: 'Manage companies',
    navLabel: 'Manage companies',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageCompanies' },
  },
  {
    path: '/admin/company/manage-users',
    title: 'Manage company users',
    navLabel: 'Manage users',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/company/notifications',
    title: 'Notifications',
    navLabel: 'Notifications',
    section: 'administration',
    group: 'Companies',
    gate: { rule: 'manageUsers' },
  },
  {
    path: '/admin/app/users',
    title: 'Platform users',
    navLabel: 'Platform users',
    section: 'administration',
    group: 'Platform',
    gate: { rule: 'platformUsers' },
  },
  {
    path: '/admin/app/services',
    title: 'Platform services',
    navLabel: 'Platform services',
    section: 'administration',
    group: 'Platform',
    gate: { rule: 'platformServices' },
  },
  {
    path: '/admin/keys_email',
    title: 'E-mail keys',
    navLabel: 'E-mail keys',
    section: 'administration',
    group: 'Keys',
    gate: { rule: 'emailKeys' },
  },
  {
    path: '/admin/dast',
    title: 'DAST keys',
    navLabel: 'DAST keys',
    section: 'administration',
    group: 'Keys',
    gate: { rule: 'dastKeys' },
  },
];

/** Route `handle`: how to fetch the route's page chunk ahead of rendering it, and which page it is. */
export interface RouteHandle {
  preload: () => Promise<void>;
  /** True for routes shown without sign-in (their chunk may load before the auth state is known). */
  public?: boolean;
  /** The shell page the route shows (its title and its gate). */
  page?: ShellPage;
}

function withoutShell(page: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

/** The page element of a shell route; pages not built yet say so plainly. */
function shellRoute(page: ShellPage): RouteObject {
  const handle = (preload: () => Promise<void>): RouteHandle => ({ preload, page });
  if (page.path === '/') return { index: true, element: <HomePage />, handle: handle(HomePage.preload) };
  const Page = builtPages[page.path];
  if (Page) return { path: page.path, element: <Page />, handle: handle(Page.preload) };
  if (page.gate?.rule === 'report') {
    // One page for the five reports; keyed, so nothing carries over from one service to the next.
    const { service } = page.gate;
    return {
      path: page.path,
      element: <ServiceReportPage key={service} service={service} title={page.title} />,
      handle: handle(ServiceReportPage.preload),
    };
  }
  if (page.gate?.rule === 'analystServicePage') {
    // One page for the five services; keyed, so nothing carries over from one service to the next.
    const { service } = page.gate;
    return {
      path: page.path,
      element: <AnalystServicePage key={service} service={service} title={page.title} />,
      handle: handle(AnalystServicePage.preload),
    };
  }
  return {
    path: page.path,
    element: <PageUnavailable title={page.title} />,
    handle: handle(PageUnavailable.preload),
  };
}

export const routes: RouteObject[] = [
  // Shown without the shell and without sign-in. (/vault/* is a page of its own, vault.html: see web/src/vault/.)
  {
    path: '/auth/redirect',
    element: withoutShell(<AuthRedirectPage />),
    handle: { preload: AuthRedirectPage.preload, public: true } satisfies RouteHandle,
  },
  // Everything else sits behind the auth gate: signed out, the sign-in screen on '/' and a link to it
  // elsewhere; signed in, the shell, whose route guard applies each page's gate.
  {
    path: '/',
    element: <AuthGate signedOut={<SignedOutRoute />} signedIn={<SignedInShell />} />,
    children: [
      ...shellPages.map(shellRoute),
      { path: '*', element: <NotFoundPage />, handle: { preload: NotFoundPage.preload } satisfies RouteHandle },
    ],
  },
];

/** Loads the page chunks of the routes matching `pathname`; `publicOnly` skips pages behind sign-in. */
export async function preloadRoutePages(pathname: string, { publicOnly }: { publicOnly: boolean }): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle as RouteHandle | undefined)
    .filter((handle): handle is RouteHandle => handle !== undefined && (!publicOnly || handle.public === true));
  // A failed preload is not fatal: rendering the page tries again and shows the error if it persists.
  await Promise.all(handles.map((handle) => handle.preload().catch(() => undefined)));
}

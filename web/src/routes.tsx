// The routes of the app, from the one route table (shell-pages.ts, spec section 2): each shell page with its
// page element, behind the auth gate. Every page is code-split (React.lazy via lazyPage), so the sign-in
// screen loads none of the signed-in pages, nor the session provider, nor the rules themselves.
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { AuthGate } from './components/layout/auth-gate';
import { lazyPage, type LazyPage } from './components/layout/lazy-page';
import { PageLoading } from './components/layout/page-loading';
import { SignedOutRoute } from './components/layout/signed-out-route';
import type { AnalystServicePageProps } from './pages/analyst/services/analyst-service-page';
import type { ServiceReportPageProps } from './pages/reports/service-report-page';
import { shellPages, type RouteHandle, type ShellPage } from './shell-pages';

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
const ReviewRequestsPage = lazyPage(() => import('./pages/analyst/reviews/review-requests-page'));
const NotificationsPage = lazyPage(() => import('./pages/admin/company/notifications/notifications-page'));
const IntegrationsPage = lazyPage(() => import('./pages/admin/company/integrations/integrations-page'));
const SlaPolicyPage = lazyPage(() => import('./pages/admin/company/sla-policy/sla-policy-page'));
const AgentsPage = lazyPage(() => import('./pages/analyst/agents/agents-page'));
const DastKeysPage = lazyPage(() => import('./pages/admin/dast/dast-keys-page'));
const MailIdentitiesPage = lazyPage(() => import('./pages/admin/keys-email/mail-identities-page'));
const ThreatFeedsPage = lazyPage(() => import('./pages/admin/feeds/threat-feeds-page'));
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
  '/analyst/reviews': ReviewRequestsPage,
  '/admin/company/notifications': NotificationsPage,
  '/admin/company/integrations': IntegrationsPage,
  '/admin/company/sla': SlaPolicyPage,
  '/analyst/agents': AgentsPage,
  '/admin/dast': DastKeysPage,
  '/admin/keys_email': MailIdentitiesPage,
  '/admin/feeds': ThreatFeedsPage,
};

/** Each arrival of a link starts the page afresh, over an earlier one too (a launch of the installed app). */
function AuthRedirectRoute() {
  return <AuthRedirectPage key={useLocation().key} />;
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
    element: withoutShell(<AuthRedirectRoute />),
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

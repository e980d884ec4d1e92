// The one route table of the app; it mirrors spec section 2. Every page is code-split (React.lazy via
// lazyPage), so the sign-in screen loads none of the signed-in pages, nor the session provider.
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { AuthGate } from './components/layout/auth-gate';
import { lazyPage } from './components/layout/lazy-page';
import { PageLoading } from './components/layout/page-loading';

const SignInPage = lazyPage(() => import('./pages/sign-in/sign-in-page'));
const SignedInShell = lazyPage(() => import('./components/layout/signed-in-shell'));
const AuthRedirectPage = lazyPage(() => import('./pages/auth-redirect/auth-redirect-page'));
const VaultPage = lazyPage(() => import('./pages/vault/vault-page'));
const HomePage = lazyPage(() => import('./pages/home/home-page'));
const PageUnavailable = lazyPage(() => import('./pages/page-unavailable/page-unavailable'));
const NotFoundPage = lazyPage(() => import('./pages/not-found/not-found-page'));

/** Route `handle`: how to fetch the route's page chunk ahead of rendering it. */
export interface RouteHandle {
  preload: () => Promise<void>;
  /** True for routes shown without sign-in (their chunk may load before the auth state is known). */
  public?: boolean;
}

export interface ShellPage {
  path: string;
  /** The page's title (spec 2's purpose column). */
  title: string;
}

/** Spec 2's routes inside the shell whose pages are not built yet; each shows PageUnavailable. */
export const pagesNotBuiltYet: readonly ShellPage[] = [
  { path: '/reports', title: 'Reports' },
  { path: '/reports/projectmariana', title: 'ProjectMariana reports' },
  { path: '/reports/password_cracking', title: 'Password cracking reports' },
  { path: '/reports/dast', title: 'DAST reports' },
  { path: '/reports/network', title: 'Network scanning reports' },
  { path: '/reports/cloud', title: 'Cloud scanning reports' },
  { path: '/templates', title: 'Templates' },
  { path: '/templates/finding', title: 'Finding templates' },
  { path: '/analyst/services/projectmariana', title: 'ProjectMariana service' },
  { path: '/analyst/services/dast', title: 'DAST service' },
  { path: '/analyst/services/network', title: 'Network scanning service' },
  { path: '/analyst/services/cloud', title: 'Cloud scanning service' },
  { path: '/analyst/services/password-cracking', title: 'Password cracking service' },
  { path: '/analyst/vault/link', title: 'Generate vault share link' },
  { path: '/analyst/vault/request', title: 'Generate vault request link' },
  { path: '/analyst/agents', title: 'Manage agents' },
  { path: '/analyst/locations', title: 'Manage locations' },
  { path: '/admin/company/create-company', title: 'Create company' },
  { path: '/admin/company', title: 'Manage companies' },
  { path: '/admin/company/manage-users', title: 'Manage company users' },
  { path: '/admin/app/users', title: 'Platform users' },
  { path: '/admin/app/services', title: 'Platform services' },
  { path: '/admin/keys_email', title: 'E-mail keys' },
  { path: '/admin/dast', title: 'DAST keys' },
  { path: '/profile', title: 'Settings' },
];

function withoutShell(page: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

export const routes: RouteObject[] = [
  // Shown without the shell and without sign-in.
  {
    path: '/auth/redirect',
    element: withoutShell(<AuthRedirectPage />),
    handle: { preload: AuthRedirectPage.preload, public: true } satisfies RouteHandle,
  },
  {
    path: '/vault/*',
    element: withoutShell(<VaultPage />),
    handle: { preload: VaultPage.preload, public: true } satisfies RouteHandle,
  },
  // Everything else sits behind the auth gate: signed out, the sign-in screen; signed in, the shell.
  {
    path: '/',
    element: <AuthGate signedOut={<SignInPage />} signedIn={<SignedInShell />} />,
    children: [
      { index: true, element: <HomePage />, handle: { preload: HomePage.preload } satisfies RouteHandle },
      ...pagesNotBuiltYet.map(({ path, title }) => ({
        path,
        element: <PageUnavailable title={title} />,
        handle: { preload: PageUnavailable.preload } satisfies RouteHandle,
      })),
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

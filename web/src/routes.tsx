// The one route table of the app; it mirrors spec section 2. Every page is code-split (React.lazy),
// so the sign-in screen loads none of the signed-in pages, nor the session provider.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AuthGate } from './components/layout/auth-gate';
import { PageLoading } from './components/layout/page-loading';

const SignInPage = lazy(() => import('./pages/sign-in/sign-in-page'));
const SignedInShell = lazy(() => import('./components/layout/signed-in-shell'));
const AuthRedirectPage = lazy(() => import('./pages/auth-redirect/auth-redirect-page'));
const VaultPage = lazy(() => import('./pages/vault/vault-page'));
const HomePage = lazy(() => import('./pages/home/home-page'));
const PageUnavailable = lazy(() => import('./pages/page-unavailable/page-unavailable'));
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'));

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
  { path: '/auth/redirect', element: withoutShell(<AuthRedirectPage />) },
  { path: '/vault/*', element: withoutShell(<VaultPage />) },
  // Everything else sits behind the auth gate: signed out, the sign-in screen; signed in, the shell.
  {
    path: '/',
    element: <AuthGate signedOut={<SignInPage />} signedIn={<SignedInShell />} />,
    children: [
      { index: true, element: <HomePage /> },
      ...pagesNotBuiltYet.map(({ path, title }) => ({ path, element: <PageUnavailable title={title} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// Spec 2: every page of the shell sits behind the authentication provider's fallback sign-in screen.
// The route table hands in both sides as lazy elements, so each is loaded only when shown.
import { Suspense, type ReactNode } from 'react';
import { useAuth } from '../auth/auth-context';
import { PageLoading } from './page-loading';

export interface AuthGateProps {
  /** Shown while nobody is signed in (the sign-in screen). */
  signedOut: ReactNode;
  /** Shown once signed in (the shell with the route's page inside). */
  signedIn: ReactNode;
}

export function AuthGate({ signedOut, signedIn }: AuthGateProps) {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageLoading />;
  return <Suspense fallback={<PageLoading />}>{state.status === 'signedIn' ? signedIn : signedOut}</Suspense>;
}

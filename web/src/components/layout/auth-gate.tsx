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
  // One boundary from the first render on: the auth state changes in a transition (AuthProvider), so
  // React keeps the spinner up while the next side's chunk loads instead of committing a fallback
  // (which React 19 would then hold for at least 300 ms).
  return (
    <Suspense fallback={<PageLoading />}>
      {state.status === 'loading' ? <PageLoading /> : state.status === 'signedIn' ? signedIn : signedOut}
    </Suspense>
  );
}

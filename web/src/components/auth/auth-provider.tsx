// Holds the Amplify sign-in state for the whole app and follows Amplify's auth events, so signing in
// on /auth/redirect or signing out anywhere changes what every route shows.
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';

async function readAuthState(): Promise<AuthState> {
  try {
    const { tokens } = await fetchAuthSession();
    const payload = tokens?.idToken?.payload;
    if (!payload || typeof payload.sub !== 'string') return { status: 'signedOut' };
    const email = typeof payload.email === 'string' ? payload.email : '';
    return { status: 'signedIn', identity: { uid: payload.sub, email } };
  } catch {
    return { status: 'signedOut' };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const refresh = useCallback(async () => {
    const next = await readAuthState();
    // A transition: the screen for the new state (a lazy chunk) replaces the old one once it is ready.
    startTransition(() => setState((previous) => (sameState(previous, next) ? previous : next)));
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedIn' || payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
        void refresh();
      }
    });
  }, [refresh]);

  const value = useMemo<AuthContextValue>(() => ({ state, refresh }), [state, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function sameState(a: AuthState, b: AuthState): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'signedIn' && b.status === 'signedIn') {
    return a.identity.uid === b.identity.uid && a.identity.email === b.identity.email;
  }
  return true;
}

// Who is signed in, as far as Amplify's stored tokens say (the session details come later, from
// getSession, in the SessionProvider). Kept tiny: it is part of the sign-in screen's first load.
import { createContext, useContext } from 'react';

export interface SignedInIdentity {
  /** Cognito `sub`: the user's uid. */
  uid: string;
  email: string;
}

export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; identity: SignedInIdentity };

export interface AuthContextValue {
  state: AuthState;
  /** Re-reads the stored tokens; resolves with the new state once the app shows it. */
  refresh: () => Promise<AuthState>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

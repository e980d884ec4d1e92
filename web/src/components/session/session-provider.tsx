// Loads the caller's session (getSession) once signed in and provides it to the signed-in pages.
// Lives in the signed-in shell's chunk, so the sign-in screen never loads it.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CallError, callFunction, type CallOutput } from '../../api/call-client';
import { PageLoading } from '../layout/page-loading';
import { SessionContext, selectCompany, type SessionContextValue } from './session-context';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; session: CallOutput<'getSession'> }
  | { status: 'failed'; message: string };

/** Spec 4: a token older than _revoked is signed out; one issued before _synced is refreshed. */
async function tokenFreshness(
  claims: CallOutput<'getSession'>['userAccess']['claims'],
): Promise<'fresh' | 'stale' | 'revoked'> {
  const { tokens } = await fetchAuthSession();
  const payload = tokens?.idToken?.payload;
  const authTimeMs = typeof payload?.auth_time === 'number' ? payload.auth_time * 1000 : undefined;
  const issuedAtMs = typeof payload?.iat === 'number' ? payload.iat * 1000 : undefined;
  if (claims._revoked !== undefined && authTimeMs !== undefined && authTimeMs < claims._revoked) return 'revoked';
  if (claims._synced !== undefined && issuedAtMs !== undefined && issuedAtMs < claims._synced) return 'stale';
  return 'fresh';
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [chosenCompany, setChosenCompany] = useState<string | undefined>(undefined);
  const subscriptions = useRef(new Set<() => void>());

  const signOut = useCallback(async () => {
    for (const cancel of subscriptions.current) {
      try {
        cancel();
      } catch {
        // a failing cancel must not keep the user signed in
      }
    }
    subscriptions.current.clear();
    await amplifySignOut();
  }, []);

  const reload = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      let session = await callFunction('getSession', {});
      let freshness = await tokenFreshness(session.userAccess.claims);
      if (freshness === 'stale') {
        // New claims were synced after this token was issued: refresh once to pick them up.
        await fetchAuthSession({ forceRefresh: true });
        session = await callFunction('getSession', {});
        freshness = (await tokenFreshness(session.userAccess.claims)) === 'revoked' ? 'revoked' : 'fresh';
      }
      if (freshness === 'revoked') {
        await signOut();
        return;
      }
      setLoad({ status: 'ready', session });
    } catch (error) {
      if (error instanceof CallError && error.code === 'unauthenticated') {
        await signOut(); // the server refused the token (expired or revoked)
        return;
      }
      const message = error instanceof CallError && error.fromServer ? error.message : 'Your session could not be loaded.';
      setLoad({ status: 'failed', message });
    }
  }, [signOut]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo<SessionContextValue | undefined>(() => {
    if (load.status !== 'ready') return undefined;
    const { user, userAccess, userPreferences } = load.session;
    const companyList = userAccess.companies;
    const company =
      chosenCompany !== undefined && companyList.includes(chosenCompany)
        ? chosenCompany
        : selectCompany(companyList, userPreferences.defaultCompany);
    return {
      user,
      userAccess,
      userPreferences,
      company,
      setCompany: setChosenCompany,
      companyList,
      registerSubscription: (cancel) => {
        subscriptions.current.add(cancel);
        return () => subscriptions.current.delete(cancel);
      },
      signOut,
      reload,
    };
  }, [load, chosenCompany, signOut, reload]);

  if (load.status === 'loading') return <PageLoading label="Loading your session" />;
  if (load.status === 'failed' || !value) {
    return (
      <Box padding="xl">
        <div role="alert">
          <Alert
            type="error"
            header="Cannot load your session"
            statusIconAriaLabel="Error"
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => void reload()}>Try again</Button>
                <Button onClick={() => void signOut()}>Sign out</Button>
              </SpaceBetween>
            }
          >
            {load.status === 'failed' ? load.message : 'Your session could not be loaded.'}
          </Alert>
        </div>
      </Box>
    );
  }
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

// Loads the caller's session (getSession: the server selects the company) once signed in, keeps it
// current, and provides it to the signed-in pages. Lives in the signed-in shell's chunk, so the
// sign-in screen never loads it.
//
// Keeping it current (spec 4): watchSession is polled every 10 s while signed in, and when the window
// regains focus. A changed access version or preferences stamp re-reads getSession; a token signed in
// before _revoked cancels every live subscription (the poll among them) and signs out; a token issued
// before _synced is refreshed, then getSession is re-read. The selected company's record is re-read on
// the same beat. A 401 from any call signs out. The user's own Sign out ends the session on the server too.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isAnalyst } from '../../../../lambdas/kernel/access/rules';
import { noteSignOut } from '../../auth/sign-out-moment';
import { CallError, callFunction, onUnauthenticated, type CallOutput } from '../../api/call-client';
import { PageLoading } from '../layout/page-loading';
import { SessionContext, type SessionContextValue } from './session-context';
import { readTokenTimes, tokenFreshness } from './session-freshness';

type Session = CallOutput<'getSession'>;
type WatchAnswer = CallOutput<'watchSession'>;

type LoadState = { status: 'loading' } | { status: 'ready'; session: Session } | { status: 'failed'; message: string };

/** How often the session is checked; spec: a change must show within 15 s. */
export const sessionWatchIntervalMs = 10_000;
/** A focus right after a check does not check again. */
const focusCheckMinGapMs = 2_000;
/** Sign-out does not wait for an unreachable server as long as other calls do: the browser signs out regardless. */
const signOutCallTimeoutMs = 10_000;

function isCode(error: unknown, code: CallError['code']): boolean {
  return error instanceof CallError && error.code === code;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const subscriptions = useRef(new Set<() => void>());
  const signingOut = useRef(false);
  const sessionRef = useRef<Session | undefined>(undefined);
  sessionRef.current = load.status === 'ready' ? load.session : undefined;

  const cancelSubscriptions = useCallback(() => {
    for (const cancel of [...subscriptions.current]) {
      try {
        cancel();
      } catch (error) {
        console.error('A live subscription failed to cancel', error); // it must not keep anyone signed in
      }
    }
    subscriptions.current.clear();
  }, []);

  /**
   * Cancels every live subscription, then signs out. Asked for by the person (`everywhere`), the server first
   * ends their sessions (signOut: a copied token is refused at once), then Amplify's global sign-out revokes
   * every refresh token. For a token the server already refuses (a 401, _revoked) this browser only forgets
   * its session; Amplify still revokes its refresh token.
   */
  const endSession = useCallback(
    async ({ everywhere }: { everywhere: boolean }) => {
      if (signingOut.current) return;
      signingOut.current = true;
      cancelSubscriptions();
      try {
        if (everywhere) {
          try {
            await callFunction('signOut', {}, { timeoutMs: signOutCallTimeoutMs });
          } catch (error) {
            // The browser signs out all the same; a 401 means the server refuses the token already.
            if (!isCode(error, 'unauthenticated')) console.warn('Ending the session on the server failed', error);
          }
          noteSignOut();
        }
        await amplifySignOut(everywhere ? { global: true } : undefined);
      } finally {
        signingOut.current = false;
      }
    },
    [cancelSubscriptions],
  );
  const signOut = useCallback(() => endSession({ everywhere: true }), [endSession]);
  const forgetSession = useCallback(() => endSession({ everywhere: false }), [endSession]);

  const registerSubscription = useCallback((cancel: () => void) => {
    subscriptions.current.add(cancel);
    return () => {
      subscriptions.current.delete(cancel);
    };
  }, []);

  // Spec 8 (401 → unauthenticated): the token is expired or revoked, wherever the call was made.
  useEffect(() => onUnauthenticated(() => void forgetSession()), [forgetSession]);

  /** getSession, with spec 4's token checks; undefined when the user was signed out instead. */
  const fetchSession = useCallback(async (): Promise<Session | undefined> => {
    let session = await callFunction('getSession', {});
    let freshness = tokenFreshness(session.userAccess.claims, await readTokenTimes());
    if (freshness === 'stale') {
      await fetchAuthSession({ forceRefresh: true });
      session = await callFunction('getSession', {});
      freshness = tokenFreshness(session.userAccess.claims, await readTokenTimes());
    }
    if (freshness === 'revoked') {
      await forgetSession();
      return undefined;
    }
    return session;
  }, [forgetSession]);

  const loadSession = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      const session = await fetchSession();
      if (session) setLoad({ status: 'ready', session });
    } catch (error) {
      if (isCode(error, 'unauthenticated')) return; // the 401 listener signs out
      const message =
        error instanceof CallError && error.fromServer ? error.message : 'Your session could not be loaded.';
      setLoad({ status: 'failed', message });
    }
  }, [fetchSession]);

  /** Re-reads getSession without showing the loading state. */
  const refreshSession = useCallback(async () => {
    const session = await fetchSession();
    if (session) setLoad({ status: 'ready', session });
  }, [fetchSession]);

  useEffect(() => {
    void loadSession();
  }, [loadSession]);

  const updateSession = useCallback((change: (session: Session) => Session) => {
    setLoad((previous) =>
      previous.status === 'ready' ? { status: 'ready', session: change(previous.session) } : previous,
    );
  }, []);

  /** Spec 4: reading the selected company was denied. Analysts lose the selection; others are signed out. */
  const companyDenied = useCallback(
    async (slug: string) => {
      const session = sessionRef.current;
      if (session && isAnalyst(session.userAccess)) {
        console.warn(`Reading company '${slug}' was denied: the company selection is cleared.`);
        updateSession((current) => ({ ...current, company: null, companyDoc: null }));
        return;
      }
      await forgetSession();
    },
    [forgetSession, updateSession],
  );

  const setCompany = useCallback(
    async (slug: string) => {
      try {
        const answer = await callFunction('setDefaultCompany', { slug });
        updateSession((current) => ({
          ...current,
          company: answer.defaultCompany,
          companyDoc: answer.companyDoc,
          userAccess: answer.userAccess,
          userPreferences: { ...current.userPreferences, defaultCompany: answer.defaultCompany },
        }));
      } catch (error) {
        if (isCode(error, 'permission-denied')) {
          await companyDenied(slug);
          return;
        }
        throw error;
      }
    },
    [companyDenied, updateSession],
  );

  /**
   * Follows the selected company as watchSession saw it: denied (or gone) → spec 4's reaction; a newer
   * record (its service flags gate menus and pages) → read it. Unchanged costs nothing more.
   */
  const checkCompany = useCallback(
    async (watched: WatchAnswer['company']) => {
      const slug = sessionRef.current?.company;
      if (!slug || watched?.slug !== slug) return;
      if (!watched.accessible) {
        await companyDenied(slug);
        return;
      }
      if (watched.version === sessionRef.current?.companyDoc?.version) return;
      try {
        const companyDoc = await callFunction('getCompany', { slug });
        updateSession((current) =>
          current.company === slug && current.companyDoc?.version !== companyDoc.version
            ? { ...current, companyDoc }
            : current,
        );
      } catch (error) {
        if (isCode(error, 'permission-denied') && sessionRef.current?.company === slug) await companyDenied(slug);
        else throw error;
      }
    },
    [companyDenied, updateSession],
  );

  const ready = load.status === 'ready';
  useEffect(() => {
    if (!ready) return undefined;
    let stopped = false;
    let running = false;
    let lastCheck = 0;
    let baseline: WatchAnswer | undefined;

    const check = async () => {
      if (stopped || running) return;
      running = true;
      lastCheck = Date.now();
      try {
        const company = sessionRef.current?.company;
        const watch = await callFunction('watchSession', company ? { company } : {});
        const session = sessionRef.current;
        if (stopped || !session) return;
        const freshness = tokenFreshness(watch, await readTokenTimes());
        if (freshness === 'revoked') {
          await forgetSession(); // cancels this poll first
          return;
        }
        const changed = baseline
          ? watch.accessVersion !== baseline.accessVersion ||
            watch.preferencesUpdatedAt !== baseline.preferencesUpdatedAt ||
            watch.servicesUpdatedAt !== baseline.servicesUpdatedAt
          : watch.accessVersion !== session.userAccess.version ||
            (watch.defaultCompany ?? undefined) !== session.userPreferences.defaultCompany;
        baseline = watch;
        if (freshness === 'stale') {
          await fetchAuthSession({ forceRefresh: true });
          await refreshSession();
        } else if (changed) {
          await refreshSession();
        } else {
          await checkCompany(watch.company);
        }
      } catch (error) {
        // A 401 is handled by the listener (sign-out); anything else is tried again on the next beat.
        if (!isCode(error, 'unauthenticated')) console.warn('Checking the session failed', error);
      } finally {
        running = false;
      }
    };

    const interval = window.setInterval(() => void check(), sessionWatchIntervalMs);
    const onFocus = () => {
      if (Date.now() - lastCheck >= focusCheckMinGapMs) void check();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const cancel = () => {
      stopped = true;
      window.clearInterval(interval);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
    const unregister = registerSubscription(cancel);
    void check();
    return () => {
      cancel();
      unregister();
    };
  }, [ready, forgetSession, refreshSession, checkCompany, registerSubscription]);

  const value = useMemo<SessionContextValue | undefined>(() => {
    if (load.status !== 'ready') return undefined;
    const { user, userAccess, userPreferences, company, companyDoc, companyList, offeredServices, invitations } =
      load.session;
    return {
      user,
      userAccess,
      userPreferences,
      company,
      companyDoc,
      companyList,
      offeredServices,
      invitations,
      refreshSession,
      setCompany,
      registerSubscription,
      signOut,
    };
  }, [load, refreshSession, setCompany, registerSubscription, signOut]);

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
                <Button onClick={() => void loadSession()}>Try again</Button>
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

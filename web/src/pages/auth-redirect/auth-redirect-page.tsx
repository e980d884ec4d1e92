// /auth/redirect: where the e-mailed sign-in link lands (spec 2 and 4, "Link arrival"); no shell.
// The token leaves the address bar at once; sign-in completes with the stored or typed e-mail, then the
// person lands on the link's `next` path (a deep link that asked for sign-in) if it is a path on this
// site, else on Home. The page keeps the token until it signs someone in: an address typed wrong in the
// Welcome dialog for a link that still works is said so in the dialog, which stays open for the right one
// (the server bounds how many wrong ones a link takes); a link that works no more (used, expired, replaced)
// gets spec 8's words whatever the address. A link refused for the stored address can be tried with a typed
// one too.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { landingPathOf } from '../../../../lambdas/kernel/sign-in/landing-path';
import { isLinkForAnotherAddress } from '../../../../lambdas/kernel/sign-in/link-refusal';
import { emailForSignIn, forgetSignInToken, takeSignInToken } from '../../auth/email-link';
import { useAuth } from '../../components/auth/auth-context';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { LiveMessage } from '../../components/sign-in/live-message';
import {
  completeSignInWithLink,
  invalidLinkMessage,
  messageForSignInError,
  wrongEmailMessage,
} from './complete-sign-in';
import { WelcomeModal } from './welcome-modal';

type Phase = 'starting' | 'signing-in' | 'needs-email' | 'dismissed' | 'failed';

export default function AuthRedirectPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const { refresh } = useAuth();
  // Taken (and removed from the address bar) during the first render; main.tsx usually did it already.
  const [token] = useState(takeSignInToken);
  const { search } = useLocation();
  const [landingPath] = useState(() => landingPathOf(search) ?? '/');
  const [phase, setPhase] = useState<Phase>('starting');
  const [error, setError] = useState<string | undefined>();
  /** The Welcome dialog's own error: the typed address did not go with the link. */
  const [welcomeError, setWelcomeError] = useState<string | undefined>();
  const [emailTyped, setEmailTyped] = useState(false);
  const started = useRef(false);

  const complete = useCallback(
    async (email: string, typed: boolean) => {
      setPhase('signing-in');
      setError(undefined);
      setWelcomeError(undefined);
      try {
        await completeSignInWithLink(email, token);
        emailForSignIn.remove();
        await refresh();
        await navigate(landingPath, { replace: true });
      } catch (caught) {
        if (typed && isLinkForAnotherAddress(caught)) {
          // Back to the dialog, the typed address still in it: a typo must not end the sign-in.
          setWelcomeError(wrongEmailMessage);
          setPhase('needs-email');
          return;
        }
        // A link that works no more (used, expired, replaced, worn out): spec 8's words, whatever the address.
        setError(messageForSignInError(caught));
        setPhase('failed');
      }
    },
    [token, refresh, navigate, landingPath],
  );

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    forgetSignInToken(); // the page's state holds it now
    if (!token) {
      // Nothing to complete: say so rather than ask for an e-mail first.
      setError(invalidLinkMessage);
      setPhase('failed');
      return;
    }
    const email = emailForSignIn.read();
    if (email) void complete(email, false);
    else setPhase('needs-email');
  }, [complete, token]);

  const backToSignIn = (
    <Link
      href="/"
      onFollow={(event) => {
        event.preventDefault();
        void navigate('/', { replace: true });
      }}
    >
      Back to sign in
    </Link>
  );

  return (
    <main className="portal-sign-in">
      <div className="portal-sign-in__panel">
        <Container header={<Header variant="h1">Sign in</Header>}>
          <SpaceBetween size="l">
            {phase === 'starting' || phase === 'signing-in' ? (
              <div role="status" aria-live="polite">
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Spinner />
                  <Box>Signing you in…</Box>
                </SpaceBetween>
              </div>
            ) : null}
            {phase === 'failed' && token && error === invalidLinkMessage ? (
              <SpaceBetween direction="horizontal" size="s" alignItems="center">
                <Box>Was the link sent to another address?</Box>
                <Button
                  onClick={() => {
                    setError(undefined);
                    setPhase('needs-email');
                  }}
                >
                  Enter email
                </Button>
              </SpaceBetween>
            ) : null}
            {phase === 'dismissed' ? (
              <SpaceBetween size="s">
                <Box>Sign-in needs the e-mail address this link was sent to.</Box>
                <SpaceBetween direction="horizontal" size="s" alignItems="center">
                  <Button onClick={() => setPhase('needs-email')}>Enter email</Button>
                  {backToSignIn}
                </SpaceBetween>
              </SpaceBetween>
            ) : null}
          </SpaceBetween>
          <LiveMessage
            type="error"
            message={error}
            testId="auth-redirect-error"
            action={phase === 'failed' ? backToSignIn : undefined}
          />
        </Container>
      </div>
      <WelcomeModal
        visible={phase === 'needs-email' || (phase === 'signing-in' && emailTyped)}
        loading={phase === 'signing-in'}
        error={welcomeError}
        onSubmit={(email) => {
          setEmailTyped(true);
          void complete(email, true);
        }}
        onDismiss={() => setPhase('dismissed')}
      />
    </main>
  );
}

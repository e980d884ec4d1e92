// The signed-in side of the route table's gate: the session provider around the app layout, and the step-up
// dialog any call that needs a fresh sign-in proof opens.
// Loaded lazily, so none of it (nor getSession) is part of the sign-in screen.
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../../shell-pages';
import { SessionProvider } from '../session/session-provider';
import { StepUpDialog } from '../step-up/step-up-dialog';
import { PortalAppLayout } from './app-layout';

export default function SignedInShell() {
  const matches = useMatches();
  useEffect(() => {
    // Fetch the page's chunk while the session loads, so the page shows as soon as the session does.
    for (const match of matches) void (match.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
  }, [matches]);

  return (
    <SessionProvider>
      <PortalAppLayout />
      <StepUpDialog />
    </SessionProvider>
  );
}

// The signed-in side of the route table's gate: the session provider around the app layout.
// Loaded lazily, so none of it (nor getSession) is part of the sign-in screen.
import { SessionProvider } from '../session/session-provider';
import { AppLayout } from './app-layout';

export default function SignedInShell() {
  return (
    <SessionProvider>
      <AppLayout />
    </SessionProvider>
  );
}

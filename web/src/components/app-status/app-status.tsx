// The installable app's state, above every page of the app (the sign-in screen and the shell alike), as
// Cloudscape alerts (Alert, already part of the sign-in screen; a Flashbar would add about 10 KB gzipped to it):
// "You are offline" while the browser has no connection (the shell keeps working from the
// service worker's precache, but nothing can be read or saved), and "Reload to update" once a new version's
// service worker is installed and waiting (vite.config.ts registers it with registerType 'prompt': a deploy
// never swaps the code under an open page; the person chooses when).
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOnline } from './use-online';

/** How often an open page asks for a new version besides at start (browsers check at each navigation). */
export const updateCheckIntervalMs = 60 * 60 * 1000;

export const offlineMessage = {
  header: 'You are offline',
  content: 'The portal needs a connection to read or save anything. It carries on when the connection is back.',
};

/** Asks the server for a new service worker every hour and whenever the page is shown again. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) void registration.update().catch(() => undefined);
  };
  window.setInterval(check, updateCheckIntervalMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

export function AppStatus() {
  const online = useOnline();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
  });

  if (online && !needRefresh) return null;
  return (
    <div className="portal-app-status" data-testid="app-status">
      {online ? null : <OfflineAlert content={offlineMessage.content} />}
      {needRefresh ? (
        <div role="status">
          <Alert
            type="info"
            statusIconAriaLabel="Info"
            header="A new version of the portal is available"
            action={<Button onClick={() => void updateServiceWorker(true)}>Reload to update</Button>}
          >
            Reload to use it; anything not yet saved on this page is lost.
          </Alert>
        </div>
      ) : null}
    </div>
  );
}

/** "You are offline", announced politely. */
export function OfflineAlert({ content }: { content: string }) {
  return (
    <div role="status">
      <Alert type="warning" statusIconAriaLabel="Warning" header={offlineMessage.header}>
        {content}
      </Alert>
    </div>
  );
}

// The installed app started without a connection: the service worker gave the shell (index.html and its
// scripts from the precache), but runtime-config.json is never cached (it must revalidate), so the app cannot
// configure sign-in or its calls. Instead of the browser's error page the shell says so, and starts by itself
// once the connection is back.
import { useEffect } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { branding } from '../../config/branding';
import { OfflineAlert } from './app-status';

export function OfflineStart() {
  useEffect(() => {
    const start = () => window.location.reload();
    window.addEventListener('online', start);
    return () => window.removeEventListener('online', start);
  }, []);

  return (
    <>
      <div className="portal-app-status" data-testid="app-status">
        <OfflineAlert content="The portal needs a connection to start. It starts by itself when the connection is back." />
      </div>
      <main className="portal-sign-in">
        <div className="portal-sign-in__panel">
          <Container header={<Header variant="h1">{branding.productName}</Header>}>
            <SpaceBetween size="m" alignItems="start">
              <span>Nothing can be shown without a connection.</span>
              <Button onClick={() => window.location.reload()}>Try again</Button>
            </SpaceBetween>
          </Container>
        </div>
      </main>
    </>
  );
}

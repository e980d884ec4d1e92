// The entry of /vault/* (vault.html): shown without the shell, without Amplify or any page of the signed-in
// app, with no third-party script. First thing, the link's fragment (its key or fingerprint) is read and
// dropped from the address bar, so it is in no history entry, bookmark or screenshot of the address.
import '@cloudscape-design/global-styles/index.css';
import './vault.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureCalls } from '../api/call-client';
import { branding } from '../config/branding';
import { applyColorScheme, readColorScheme } from '../config/color-scheme';
import { loadRuntimeConfig } from '../config/runtime-config';
import { RequestLanding } from './request-landing';
import { ShareLanding } from './share-landing';
import { VaultFrame } from './vault-ui';
import { parseVaultAddress } from './vault-address';

const address = parseVaultAddress(window.location.pathname, window.location.hash);
if (window.location.hash) history.replaceState(history.state, '', window.location.pathname + window.location.search);
document.title = `${branding.productName} vault`;
applyColorScheme(readColorScheme());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('vault.html has no #root element');

function VaultApp() {
  if (address.kind === 'share') return <ShareLanding linkId={address.linkId} initialKey={address.key} />;
  if (address.kind === 'request') return <RequestLanding linkId={address.linkId} fingerprint={address.fingerprint} />;
  return (
    <VaultFrame title="This link is broken">
      <p>This is not a complete vault link. Check that you copied the whole link.</p>
    </VaultFrame>
  );
}

loadRuntimeConfig()
  .then((config) => {
    configureCalls({ apiUrl: config.apiUrl, getIdToken: () => Promise.resolve(undefined) });
    createRoot(rootElement).render(
      <StrictMode>
        <VaultApp />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('The vault page cannot start', error);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.textContent = 'The vault cannot start: its configuration could not be loaded. Please try again later.';
    rootElement.replaceChildren(message);
  });

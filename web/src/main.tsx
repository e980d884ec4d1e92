// Start-up: take a sign-in token out of the address bar, read /runtime-config.json, configure
// Amplify and the call client from it, then render. Nothing per environment is in the bundle.
import '@cloudscape-design/global-styles/index.css';
import './styles.css';
// The build's primary colour (VITE_PRIMARY_COLOR) as Cloudscape theme CSS; see vite.config.ts.
import 'virtual:portal-theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { OfflineStart } from './components/app-status/offline-start';
import { takeSignInToken } from './auth/email-link';
import { configureAmplify } from './auth/configure-amplify';
import { branding } from './config/branding';
import { applyColorScheme, onSystemColorSchemeChange, readColorScheme } from './config/color-scheme';
import { loadRuntimeConfig } from './config/runtime-config';
import { configureSearchHosts } from './config/search-hosts';
import { preloadRoutePages } from './routes';

// First thing: the token must not stay in the address bar while the rest loads.
takeSignInToken();
document.title = branding.productName;
// The saved colour scheme before anything renders; 'auto' keeps following the system setting.
applyColorScheme(readColorScheme());
onSystemColorSchemeChange(() => applyColorScheme(readColorScheme()));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

function showStartFailure(error: unknown): void {
  if (!navigator.onLine && rootElement) {
    // The installed app (or a cached tab) opened offline: the shell says so rather than fail.
    createRoot(rootElement).render(<OfflineStart />);
    return;
  }
  console.error('The portal cannot start', error);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'portal-start-failure';
  message.textContent = 'The portal cannot start: its configuration could not be loaded. Please try again later.';
  rootElement?.replaceChildren(message);
}

// The page shown without sign-in (/auth/redirect) loads in parallel with the configuration; /vault/* is vault.html.
Promise.all([loadRuntimeConfig(), preloadRoutePages(window.location.pathname, { publicOnly: true })])
  .then(([config]) => {
    configureAmplify(config);
    configureSearchHosts(config.searchHosts);
    createRoot(rootElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch(showStartFailure);

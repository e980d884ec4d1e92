// The app root: the auth provider around the router, so every route (with or without the shell) can
// see and refresh the sign-in state; above every page the installable app's state (offline, a new version).
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { handleAppLaunches } from './auth/app-launch';
import { AppStatus } from './components/app-status/app-status';
import { AuthProvider } from './components/auth/auth-provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  // A link opened while the installed app runs (a sign-in link above all) comes to this window.
  useEffect(() => handleAppLaunches((path) => void router.navigate(path)), []);
  return (
    <AuthProvider>
      <AppStatus />
      <RouterProvider router={router} />
    </AuthProvider>
  );
}

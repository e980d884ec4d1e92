// The signed-in frame: header (product name, who is signed in, sign-out), the page, and a footer
// with the version label. The full shell of spec 2 (side navigation, user menu, hotkeys, contact
// dialog) replaces the inside of this component later; pages only rely on <Outlet />.
import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { branding } from '../../config/branding';
import { useSession } from '../session/session-context';
import { PageLoading } from './page-loading';

export function AppLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();

  const onSignOut = async () => {
    await signOut();
    await navigate('/', { replace: true });
  };

  return (
    <div className="portal-shell">
      {/* awsui-context-top-navigation: Cloudscape's dark header context, as its TopNavigation uses. */}
      <header className="portal-header awsui-context-top-navigation">
        <RouterLink to="/" className="portal-header__brand">
          {branding.productName}
        </RouterLink>
        <div className="portal-header__user">
          <span className="portal-header__email">{user.email}</span>
          <Button variant="normal" onClick={() => void onSignOut()}>
            Sign out
          </Button>
        </div>
      </header>
      <main className="portal-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="portal-footer">
        <Box variant="small" color="text-body-secondary">
          Version {branding.versionLabel}
        </Box>
      </footer>
    </div>
  );
}

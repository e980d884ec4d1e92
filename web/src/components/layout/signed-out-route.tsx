// The signed-out side of the route table's gate (spec 2): '/' is the sign-in screen; any other guarded
// route shows only a link to it, with the text 'You must be signed in'.
import { useLocation } from 'react-router-dom';
import { lazyPage } from './lazy-page';

const SignInPage = lazyPage(() => import('../../pages/sign-in/sign-in-page'));
const SignedOutNotice = lazyPage(() => import('./signed-out-notice'));

export function SignedOutRoute() {
  const { pathname } = useLocation();
  return pathname === '/' ? <SignInPage /> : <SignedOutNotice />;
}

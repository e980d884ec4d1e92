// What a guarded route shows to a signed-out visitor: a link to the sign-in screen, nothing else. The
// link carries the route (`/?next=…`), so the sign-in mail's link leads back to it.
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import { signInScreenFor } from '../../auth/email-link';
import { useDocumentTitle } from './use-document-title';

/** Spec 2: the route guard's link text. */
export const mustBeSignedInText = 'You must be signed in';

export default function SignedOutNotice() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signInScreen = signInScreenFor(`${pathname}${search}`);
  return (
    <main className="portal-sign-in">
      <Box variant="p" fontSize="heading-m">
        <Link
          href={signInScreen}
          fontSize="heading-m"
          onFollow={(event) => {
            event.preventDefault();
            void navigate(signInScreen);
          }}
        >
          {mustBeSignedInText}
        </Link>
      </Box>
    </main>
  );
}

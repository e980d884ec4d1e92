// What a guarded route shows to a signed-out visitor (spec 2: a link to the sign-in screen, with the text 'You must
// be signed in'), in the sign-in screen's own centred card: the product's name, why, and where the link leads. The
// link carries the route (`/?next=…`), so the sign-in mail's link leads back to it.
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { signInScreenFor } from '../../auth/email-link';
import { branding } from '../../config/branding';
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
      <div className="portal-sign-in__panel">
        <Container
          header={
            <Header variant="h1" description="This page is for signed-in people only.">
              {branding.productName}
            </Header>
          }
        >
          <SpaceBetween size="s">
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
            <Box variant="p" color="text-body-secondary">
              Sign in with your e-mail address: the link we send brings you back to this page.
            </Box>
          </SpaceBetween>
        </Container>
      </div>
    </main>
  );
}

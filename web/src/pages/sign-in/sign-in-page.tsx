// Spec 2 sign-in screen: full height and centred while signed out. Asks for a sign-in link by e-mail;
// a deep link that sent the visitor here (`/?next=/admin/company`) goes into the link, so it lands there.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CallError, callFunction } from '../../api/call-client';
import { landingPathOf } from '../../../../lambdas/kernel/sign-in/landing-path';
import { emailForSignIn, signInRedirectUrl, validateEmail } from '../../auth/email-link';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { branding } from '../../config/branding';
import { EmailField } from '../../components/sign-in/email-field';
import { LiveMessage } from '../../components/sign-in/live-message';
import { LoginWithLinkButton } from '../../components/sign-in/login-with-link-button';
import { SignInCodeForm } from '../../components/sign-in/sign-in-code-form';
import { PasskeySignIn } from './passkey-sign-in';

/** Spec 8: shown when the link could not be requested and the server gave no message. */
export const cannotSendLinkMessage = 'Cannot send sign-in link. Please contact support.';

export default function SignInPage() {
  useDocumentTitle('Sign in');
  const landingPath = landingPathOf(useLocation().search);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [success, setSuccess] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  /** The address the last mail went to: its code can be typed here. */
  const [sentTo, setSentTo] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const invalid = validateEmail(email);
    setFieldError(invalid);
    if (invalid) return;

    const address = email.trim();
    setLoading(true);
    try {
      const reply = await callFunction('sendSignInLink', {
        email: address,
        url: signInRedirectUrl(landingPath),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      if (reply.success) {
        emailForSignIn.save(address);
        setSentTo(address);
        setSuccess(reply.message);
        setError(undefined);
      } else {
        setError(reply.message || cannotSendLinkMessage);
        setSuccess(undefined);
      }
    } catch (caught) {
      setError(caught instanceof CallError && caught.fromServer ? caught.message : cannotSendLinkMessage);
      setSuccess(undefined);
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className="portal-sign-in">
      <div className="portal-sign-in__panel">
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="sign-in-heading">
          <Container
            header={
              <Header variant="h1" description="We will e-mail you a link to sign in. No password needed.">
                <span id="sign-in-heading">{branding.productName}</span>
              </Header>
            }
          >
            <SpaceBetween size="l">
              <EmailField
                value={email}
                onChange={(value) => {
                  setEmail(value);
                  if (fieldError) setFieldError(undefined);
                }}
                errorText={fieldError}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the e-mail is the sign-in page's one task
                autoFocus
              />
              <LoginWithLinkButton loading={loading} />
              <PasskeySignIn email={email} onEmailProblem={setFieldError} landingPath={landingPath} />
            </SpaceBetween>
            <LiveMessage type="success" message={success} testId="sign-in-success" />
            <LiveMessage type="error" message={error} testId="sign-in-error" />
          </Container>
        </form>
        {sentTo ? (
          <Container>
            <SignInCodeForm email={sentTo} landingPath={landingPath} />
          </Container>
        ) : null}
        {branding.showLoginFooterLogos ? <LoginFooterLogos /> : null}
      </div>
    </main>
  );
}

/** Spec 2: optional light and dark logos, shown only when the build setting enables them. */
function LoginFooterLogos() {
  const { footerLogoLight, footerLogoDark, productName } = branding;
  if (!footerLogoLight && !footerLogoDark) return null;
  return (
    <div className="portal-sign-in__logos">
      {footerLogoLight ? (
        <img className="portal-logo--light" src={footerLogoLight} alt={productName} height={40} />
      ) : null}
      {footerLogoDark ? <img className="portal-logo--dark" src={footerLogoDark} alt={productName} height={40} /> : null}
    </div>
  );
}

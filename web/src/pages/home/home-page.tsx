// '/' for a signed-in user: who is signed in and with which access (from getSession).
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useSession } from '../../components/session/session-context';

/** Spec 2: the display name's fallback. */
export const anonymousUserName = 'Anonymous User';

export default function HomePage() {
  const { user, userAccess, company } = useSession();
  return (
    <ContentLayout header={<Header variant="h1">Home</Header>}>
      <Container header={<Header variant="h2">Signed in</Header>}>
        <KeyValuePairs
          columns={3}
          ariaLabel="Signed-in user"
          items={[
            { label: 'Email', value: user.email },
            { label: 'Display name', value: user.displayName || anonymousUserName },
            { label: 'User type', value: userAccess.claims.userType },
            { label: 'Access level', value: String(userAccess.claims.accessLevel) },
            { label: 'Company', value: company ?? 'None' },
          ]}
        />
      </Container>
    </ContentLayout>
  );
}

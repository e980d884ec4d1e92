// /vault/*: shown without the shell and without sign-in (spec 2). The spec does not show its content,
// so the page says so instead of guessing.
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';

export default function VaultPage() {
  return (
    <main className="portal-sign-in">
      <div className="portal-sign-in__panel">
        <Container header={<Header variant="h1">Vault</Header>}>
          <Box variant="p">The content of this page is not specified yet.</Box>
        </Container>
      </div>
    </main>
  );
}

// The one placeholder of every route whose page is not built yet: its title and a plain statement.
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';

export const pageUnavailableMessage = 'This page is not available yet.';

export default function PageUnavailable({ title }: { title: string }) {
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Container>
        <Box variant="p">{pageUnavailableMessage}</Box>
      </Container>
    </ContentLayout>
  );
}

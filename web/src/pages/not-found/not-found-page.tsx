// Any path the route table does not know.
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { HomeLink } from '../../components/navigation/home-link';

export default function NotFoundPage() {
  return (
    <ContentLayout header={<Header variant="h1">Page not found</Header>}>
      <Container>
        <Box variant="p">The page you are looking for does not exist.</Box>
        <HomeLink />
      </Container>
    </ContentLayout>
  );
}

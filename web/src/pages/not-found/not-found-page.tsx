// Any path the route table does not know.
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <ContentLayout header={<Header variant="h1">Page not found</Header>}>
      <Container>
        <Box variant="p">The page you are looking for does not exist.</Box>
        <Link
          href="/"
          onFollow={(event) => {
            event.preventDefault();
            void navigate('/');
          }}
        >
          Go to Home
        </Link>
      </Container>
    </ContentLayout>
  );
}

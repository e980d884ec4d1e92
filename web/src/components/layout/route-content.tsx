// The signed-in route guard: the matched page opens only when its gate (routes.tsx, with the shared
// rules of spec 6) passes for the signed-in user; otherwise the page is not rendered at all, so none
// of its data is fetched. It runs inside the session provider, which shows the loading state until
// the session is known, so neither denial nor sign-in link can flash while it loads.
import { Suspense } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RouteHandle } from '../../routes';
import { canOpenPage, useAccessContext } from '../navigation/page-access';
import { PageLoading } from './page-loading';

export const accessDeniedText = 'You do not have access to this page';

export function RouteContent() {
  const matches = useMatches();
  const page = (matches.at(-1)?.handle as RouteHandle | undefined)?.page;
  const context = useAccessContext();
  if (page && !canOpenPage(page, context)) return <AccessDenied />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

function AccessDenied() {
  const navigate = useNavigate();
  return (
    <ContentLayout header={<Header variant="h1">Access denied</Header>}>
      <Container>
        <SpaceBetween size="s">
          <Box variant="p">{accessDeniedText}</Box>
          <Link
            href="/"
            onFollow={(event) => {
              event.preventDefault();
              void navigate('/');
            }}
          >
            Go to Home
          </Link>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

// The signed-in route guard: the matched page opens only when its gate (shell-pages.ts, with the shared
// rules of spec 6) passes for the signed-in user; otherwise the page is not rendered at all, so none
// of its data is fetched, and the person is told which rule the page needs, their own access, and
// what they can do. It runs inside the session provider, which shows the loading state until the
// session is known, so neither denial nor sign-in link can flash while it loads.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ShellPage } from '../../shell-pages';
import { ContactButton } from '../contact/contact-button';
import { dependsOnCompany, refusalOf, type Refusal } from '../navigation/access-requirements';
import { useAccessContext } from '../navigation/page-access';
import { useCurrentPage } from '../navigation/use-current-page';
import { useCompanyName, useSession } from '../session/session-context';
import { PageLoading } from './page-loading';
import { ShownLocation } from './shown-location';
import { HomeLink } from '../navigation/home-link';

export const accessDeniedText = 'You do not have access to this page';

export function RouteContent() {
  const page = useCurrentPage();
  const context = useAccessContext();
  const refusal = page ? refusalOf(page, context) : undefined;
  if (page && refusal) return <AccessDenied page={page} refusal={refusal} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
      <ShownLocation />
    </Suspense>
  );
}

function AccessDenied({ page, refusal }: { page: ShellPage; refusal: Refusal }) {
  const { userAccess, company, companyList } = useSession();
  const companyName = useCompanyName() ?? company;
  const ownAccess = dependsOnCompany(refusal.gate)
    ? `Your access level is ${userAccess.claims.accessLevel}, and ${
        companyName ? `your selected company is ${companyName}` : 'no company is selected'
      }.`
    : `Your access level is ${userAccess.claims.accessLevel}.`;
  const switchHint =
    dependsOnCompany(refusal.gate) && companyList.length > 1 ? ' Another of your companies may open it.' : '';

  return (
    <ContentLayout header={<Header variant="h1">Access denied</Header>}>
      <ShownLocation />
      <Container header={<Header variant="h2">{page.title}</Header>}>
        <SpaceBetween size="m">
          <Box variant="p">{accessDeniedText}.</Box>
          <Box variant="p">{refusal.reason}</Box>
          <Box variant="p">
            {ownAccess}
            {switchHint}
          </Box>
          <Box variant="p">
            If you need this page, ask an administrator of your company to change your access, or contact us.
          </Box>
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <ContactButton variant="primary" />
            <HomeLink />
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

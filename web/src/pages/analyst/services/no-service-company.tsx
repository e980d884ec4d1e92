// An analyst service page without a selected company: say why, and what to do. Analysts of level 7 see
// every company and choose one in the header; when none exists yet, they are sent to Create company.
// Someone who manages password cracking without a company is told who can assign one.
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import { useNavigate } from 'react-router-dom';
import { canListAllCompanies } from '../../../../../lambdas/kernel/access/rules';
import { useSession } from '../../../components/session/session-context';

export function NoServiceCompany() {
  const { companyList, userAccess } = useSession();
  const navigate = useNavigate();
  if (companyList.length === 0 && canListAllCompanies(userAccess)) {
    return (
      <Container header={<Header variant="h2">No company yet</Header>}>
        <Box variant="p">
          Scans and findings belong to a company, and none exists yet.{' '}
          <Link
            href="/admin/company/create-company"
            onFollow={(event) => {
              event.preventDefault();
              void navigate('/admin/company/create-company');
            }}
          >
            Create a company
          </Link>{' '}
          first.
        </Box>
      </Container>
    );
  }
  if (companyList.length === 0) {
    return (
      <Container header={<Header variant="h2">No company is assigned to you</Header>}>
        <Box variant="p">
          Scans and findings belong to a company, and your access holds none. An analyst of level 7 or above can add one
          to it.
        </Box>
      </Container>
    );
  }
  return (
    <Container header={<Header variant="h2">No company selected</Header>}>
      <Box variant="p">Choose a company with the company switch in the header to see its scans and findings.</Box>
    </Container>
  );
}

// Manage users without a selected company: say why, and what to do. A person whose access record holds
// no company (a junior analyst, say) cannot choose one anywhere, so they are told who can assign one.
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSession } from '../../../../components/session/session-context';

export const noCompanyAssignedTitle = 'No company is assigned to you';

export function NoCompanyState() {
  const { companyList, user } = useSession();
  if (companyList.length === 0) {
    return (
      <Container header={<Header variant="h2">{noCompanyAssignedTitle}</Header>}>
        <SpaceBetween size="s">
          <Box variant="p">
            Manage users lists the users of a company you belong to, and your access record holds no company.
          </Box>
          <Box variant="p">
            An analyst of level 7 or above can assign one to you: on Manage users of that company they invite your
            address, <strong>{user.email}</strong>. The company is then added to your access and its users appear here.
          </Box>
        </SpaceBetween>
      </Container>
    );
  }
  return (
    <Container header={<Header variant="h2">No company selected</Header>}>
      <Box variant="p">Choose a company with the company switch in the header to manage its users.</Box>
    </Container>
  );
}

// /reports: the overview of the company selected in the header, one card per service the person may view.
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Box from '@cloudscape-design/components/box';
import { usePageHelp } from '../../components/help-panel/help-panel-context';
import { InfoLink } from '../../components/help-panel/info-link';
import { ReportsOverview } from '../../components/reports/reports-overview';
import { useSession } from '../../components/session/session-context';
import { ReportsHelp } from './reports-help';

export default function ReportsPage() {
  usePageHelp(ReportsHelp);
  const { company, companyDoc } = useSession();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={companyDoc ? `Where ${companyDoc.companyName} stands, service by service.` : undefined}
          info={<InfoLink topic={ReportsHelp} ariaLabel="Info about reports" />}
        >
          Reports
        </Header>
      }
    >
      {company ? (
        <ReportsOverview key={company} company={company} />
      ) : (
        <Box variant="p">Reports show for a company: you belong to none yet.</Box>
      )}
    </ContentLayout>
  );
}

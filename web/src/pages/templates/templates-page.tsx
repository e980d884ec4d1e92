// /templates (analysts, level 7): the kinds of templates the portal keeps, each leading to its library.
// Finding templates are the only kind so far.
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { usePageHelp } from '../../components/help-panel/help-panel-context';
import { InfoLink } from '../../components/help-panel/info-link';
import { FindingTemplatesHelp } from './finding-templates-help';

export const findingTemplatesPath = '/templates/finding';

export default function TemplatesPage() {
  usePageHelp(FindingTemplatesHelp);
  const navigate = useNavigate();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Texts written once and reused across reports."
          info={<InfoLink topic={FindingTemplatesHelp} ariaLabel="Info about templates" />}
        >
          Templates
        </Header>
      }
    >
      <Container
        header={
          <Header variant="h2">
            <Link
              href={findingTemplatesPath}
              fontSize="heading-m"
              onFollow={(event) => {
                event.preventDefault();
                void navigate(findingTemplatesPath);
              }}
            >
              Finding templates
            </Link>
          </Header>
        }
      >
        <SpaceBetween size="xs">
          <Box variant="p">
            The explanation of a kind of finding — title, severity, description, remediation, references, CWE, the
            services and scanner rules it applies to — written once, found by search, and applied to findings.
          </Box>
          <Box variant="p">
            When a template changes, the findings still on its older version can be updated at once.
          </Box>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

// /templates/finding (analysts, level 7): the finding-template library. A search box over it (the Algolia
// client against the product's search service), the library itself a page at a time, Create template,
// and the template opened below the table (?template=<id>, so it can be linked) with every field saving
// itself, and the findings that use it.
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { usePageHelp } from '../../components/help-panel/help-panel-context';
import { InfoLink } from '../../components/help-panel/info-link';
import { DetailBelowTable } from '../../components/layout/detail-below-table';
import { useNotifications } from '../../components/notifications/notifications-context';
import { CreateTemplateModal } from './create-template-modal';
import { FindingTemplatesHelp } from './finding-templates-help';
import { TemplateDetail } from './template-detail';
import { TemplateLibrary, templateHref, templateParam } from './template-library';
import { forgetSearchResults } from './template-search';

export default function FindingTemplatesPage() {
  usePageHelp(FindingTemplatesHelp);
  const { notify } = useNotifications();
  const location = useLocation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // Grows when the library changed here: the list and the search are read again.
  const [generation, setGeneration] = useState(0);

  const changed = useCallback(() => {
    forgetSearchResults();
    setGeneration((current) => current + 1);
  }, []);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Explanations of kinds of findings, written once and applied to findings."
          info={<InfoLink topic={FindingTemplatesHelp} ariaLabel="Info about finding templates" />}
          actions={
            <Button variant="primary" onClick={() => setCreating(true)}>
              Create template
            </Button>
          }
        >
          Finding templates
        </Header>
      }
    >
      <DetailBelowTable
        param={templateParam}
        openedState="openedTemplate"
        detail={({ id, focusOnOpen, onClose }) => (
          <TemplateDetail templateId={id} focusOnOpen={focusOnOpen} onClose={onClose} onChanged={changed} />
        )}
      >
        <TemplateLibrary generation={generation} onCreate={() => setCreating(true)} />
      </DetailBelowTable>
      {creating ? (
        <CreateTemplateModal
          onDismiss={() => setCreating(false)}
          onCreated={(template) => {
            setCreating(false);
            changed();
            notify({ type: 'success', title: 'Template created', message: `${template.title} is in the library.` });
            void navigate(templateHref(location.pathname, location.search, template.templateId), {
              state: { openedTemplate: template.templateId },
            });
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

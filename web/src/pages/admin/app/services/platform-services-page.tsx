// /admin/app/services (level 9): the service catalogue (listPlatformServices); edit a service's name,
// description and whether it is offered. A service switched off leaves every menu and report: the
// session is re-read so this browser's menus follow at once.
import { useCallback, useState } from 'react';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { callFunction } from '../../../../api/call-client';
import type { PlatformService } from '../../../../components/admin/admin-records';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { selectionLabels } from '../../../../components/tables/table-labels';
import { useServerPages } from '../../../../components/tables/use-server-pages';
import { EditServiceModal } from './edit-service-modal';
import { serviceColumnDefinitions, servicesDefaultSorting } from './platform-services-config';

export default function PlatformServicesPage() {
  const { refreshSession } = useSession();
  const { notify } = useNotifications();
  const [editing, setEditing] = useState<PlatformService | undefined>(undefined);

  const fetchCatalogue = useCallback(
    () => callFunction('listPlatformServices', {}).then((answer) => ({ items: answer.services })),
    [],
  );
  const catalogue = useServerPages(fetchCatalogue, (service: PlatformService) => service.name, 'The services could not be loaded.');
  const { items, actions, collectionProps } = useCollection(catalogue.items, {
    filtering: { empty: <TableEmptyState title="No services" /> },
    sorting: { defaultState: servicesDefaultSorting },
    selection: { trackBy: 'name' },
  });
  const selected = collectionProps.selectedItems?.[0];

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The services the platform offers. One that is not offered leaves every menu and report.">
          Platform services
        </Header>
      }
    >
      <SpaceBetween size="l">
        {catalogue.error ? (
          <div role="alert">
            <Alert type="error" statusIconAriaLabel="Error" action={<Button onClick={catalogue.reload}>Try again</Button>}>
              {catalogue.error}
            </Alert>
          </div>
        ) : null}
        <Table
          {...collectionProps}
          items={items}
          columnDefinitions={serviceColumnDefinitions}
          trackBy="name"
          selectionType="single"
          loading={catalogue.loading}
          loadingText="Loading services"
          ariaLabels={selectionLabels<PlatformService>('Services', (service) => service.displayName)}
          wrapLines
          header={
            <Header
              variant="h2"
              counter={catalogue.loading ? undefined : `(${catalogue.items.length})`}
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button iconName="refresh" ariaLabel="Refresh services" onClick={catalogue.reload} disabled={catalogue.loading} />
                  <Button variant="primary" disabled={!selected} onClick={() => setEditing(selected)}>
                    Edit
                  </Button>
                </SpaceBetween>
              }
            >
              Services
            </Header>
          }
        />
      </SpaceBetween>
      {editing ? (
        <EditServiceModal
          key={editing.name}
          service={editing}
          onDismiss={() => setEditing(undefined)}
          onCurrent={catalogue.replaceItem}
          onSaved={(service) => {
            catalogue.replaceItem(service);
            actions.setSelectedItems([service]);
            setEditing(undefined);
            notify({
              type: 'success',
              title: 'Service saved',
              message: `${service.displayName} is ${service.offered ? 'offered' : 'not offered'}.`,
            });
            void refreshSession().catch(() => undefined);
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

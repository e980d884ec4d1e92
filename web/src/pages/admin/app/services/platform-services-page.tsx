// /admin/app/services (level 9): the service catalogue (listPlatformServices); edit a service's name,
// description and whether it is offered. A service switched off leaves every menu and report: the
// session is re-read so this browser's menus follow at once.
import { useCallback, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../../api/call-client';
import type { PlatformService } from '../../../../components/admin/admin-records';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useSession } from '../../../../components/session/session-context';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable } from '../../../../components/tables/use-server-table';
import { EditServiceModal } from './edit-service-modal';
import { platformServicesTable, serviceMatches } from './platform-services-config';
import { PlatformServicesHelp } from './platform-services-help';

const serviceKey = (service: PlatformService) => service.name;

export default function PlatformServicesPage() {
  usePageHelp(PlatformServicesHelp);
  const { refreshSession } = useSession();
  const { notify } = useNotifications();
  const [editing, setEditing] = useState<PlatformService | undefined>(undefined);

  const fetchCatalogue = useCallback(
    () => callFunction('listPlatformServices', {}).then((answer) => ({ items: answer.services })),
    [],
  );
  const table = useServerTable({
    config: platformServicesTable,
    fetchPage: fetchCatalogue,
    keyOf: serviceKey,
    matches: serviceMatches,
    filtering: 'client',
    failureText: 'The services could not be loaded.',
  });
  const { pages: catalogue, collection } = table;
  const selected = table.selectedItem;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="The services the platform offers. One that is not offered leaves every menu and report."
          info={<InfoLink topic={PlatformServicesHelp} ariaLabel="Info about platform services" />}
        >
          Platform services
        </Header>
      }
    >
      <ServerTable
        table={table}
        tableLabel="Services"
        nameOf={(service) => service.displayName}
        loadingText="Loading services"
        title="Services"
        refreshLabel="Refresh services"
        actions={[
          <Button key="edit" variant="primary" disabled={!selected} onClick={() => setEditing(selected)}>
            Edit
          </Button>,
        ]}
        filterLabel="Find services"
        empty={<TableEmptyState title="No services" subtitle="The platform offers no service yet." />}
      />
      {editing ? (
        <EditServiceModal
          key={editing.name}
          service={editing}
          onDismiss={() => setEditing(undefined)}
          onCurrent={catalogue.replaceItem}
          onSaved={(service) => {
            catalogue.replaceItem(service);
            collection.actions.setSelectedItems([service]);
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
